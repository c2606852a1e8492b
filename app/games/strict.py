"""Move shapes a game can trust: plain JSON with no floats, bounded in size and depth.

Moves come from clients. Every game parses its own moves strictly (unknown keys and
wrong types are :class:`~app.games.interface.MalformedMove`); :func:`plain_move` is the
shape check shared by all of them and by the room service before ``apply``: no float
anywhere (``1.0 == 1`` would slip through ``in (1, 2)`` tests), no deep nesting, no
long strings, a small encoded size, so a padded move can never grow the public log.
:func:`only_keys` refuses keys a move type does not have.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from app.games.interface import MalformedMove, Move

# Final: mypyc compiles these as constants rather than reads of the module's dict.
MAX_DEPTH: Final = 6
MAX_STRING: Final = 64
MAX_ITEMS: Final = 200


def plain_move(move: Any) -> Move:
    """``move`` if it is a JSON object of plain values; else :class:`MalformedMove`."""
    if not isinstance(move, dict):
        raise MalformedMove("a move is a JSON object")
    budget = [MAX_ITEMS]
    _check(move, 0, budget)
    return move


def _check(value: Any, depth: int, budget: list[int]) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise MalformedMove("the move is too large")
    if value is None or isinstance(value, int):  # bool is an int
        return
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise MalformedMove(f"strings in a move have at most {MAX_STRING} characters")
        return
    if isinstance(value, float):
        raise MalformedMove("numbers in a move are whole numbers")
    if depth >= MAX_DEPTH:
        raise MalformedMove("the move is nested too deeply")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > MAX_STRING:
                raise MalformedMove("move keys are short strings")
            _check(item, depth + 1, budget)
        return
    if isinstance(value, list):
        for item in value:
            _check(item, depth + 1, budget)
        return
    raise MalformedMove(f"a move holds no {type(value).__name__}")


def only_keys(move: Move, allowed: Iterable[str], what: str) -> None:
    """Refuse keys of ``move`` outside ``allowed`` (``what`` names the move in the message)."""
    extra = set(move) - set(allowed)
    if extra:
        raise MalformedMove(f"unknown key(s) {', '.join(sorted(extra))} for {what}")
