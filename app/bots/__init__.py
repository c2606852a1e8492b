"""Seat-filling bots.

``RandomBot`` and ``BOTS`` (used by the room service today) see only the seat's view and
its legal moves. The search bots (levels easy, medium, hard) are reached through
:func:`app.bots.play.choose_move` (pure, synchronous) and :class:`app.bots.pool.BotPool`
(worker processes with a hard time limit); see ``docs/bots.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from app.games.interface import JsonDict, Move


class Bot(Protocol):
    name: str

    def choose(self, view: JsonDict, legal_moves: Sequence[Move], rng: random.Random) -> Move: ...


class RandomBot:
    """Plays a uniformly random legal move: works for every game."""

    name = "random"

    def choose(self, view: JsonDict, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(list(legal_moves))


BOTS: dict[str, Bot] = {"random": RandomBot()}

# Bot choices are logged as moves, so they need no seed of their own.
bot_rng = random.Random()
