"""Seat-filling bots.

``BOTS`` names the kinds a host may seat: ``random`` (sees only the seat's view and its
legal moves) and one :class:`LevelBot` per search level (easy, medium, hard), reached
through :func:`app.bots.play.choose_move` (pure, synchronous) and
:class:`app.bots.pool.BotPool` (worker processes with a hard time limit); see
``docs/bots.md``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Protocol

from app.bots.levels import LEVEL_NAMES
from app.games.interface import JsonDict, Move


class Bot(Protocol):
    name: str

    def choose(self, view: JsonDict, legal_moves: Sequence[Move], rng: random.Random) -> Move: ...


class RandomBot:
    """Plays a uniformly random legal move: works for every game."""

    name = "random"

    def choose(self, view: JsonDict, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(list(legal_moves))


class LevelBot:
    """A search bot of one level (:mod:`app.bots.levels`). The room service runs its search
    in the worker pool (:func:`app.bots.play.choose_move` from the full state, which the
    search only ever reads through the game's ``sample`` hook); ``choose`` is the fallback
    when the search cannot answer (pool timeout), a random legal move."""

    def __init__(self, level: str, order: int) -> None:
        self.name = self.level = level
        self.order = order

    def choose(self, view: JsonDict, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(list(legal_moves))


BOTS: dict[str, Bot] = {"random": RandomBot()}
BOTS.update({name: LevelBot(name, order) for order, name in enumerate(LEVEL_NAMES, start=1)})


def seeded_rng(key: str) -> random.Random:
    """A ``random.Random`` for the bots' ``choose``, seeded from a text key (the room
    service's: the room's secret seed, the version and the seat)."""
    digest = hashlib.sha256(key.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))
