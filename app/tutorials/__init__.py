"""Guided first games: one module per game, ``app.tutorials.<game>``, with ``script()``.

A game has a tutorial exactly when its module exists (the catalogue, ``/games/{id}/tutorial``
and ``GET /api/tutorials/{id}`` all ask :func:`available`). ``script()`` is computed with
the game's real rules (``setup``, ``legal_moves``, ``apply``, ``view``) and returns::

    {"game": id, "steps": [step, ...], "room": {"seats": n, "options": {}}}

(``room`` is optional: two seats and no options by default), and each step (the browser's
``static/js/tutorial.js`` reads only these keys):

- ``lesson``: the words are ``tutorial.<game>.<lesson>.title|intro|done`` in the locales;
- ``values``: the ICU values those three messages use (numbers the rules computed);
- ``view``: seat 0's view before the move (``to_act`` and ``result`` as a room sends);
- ``moves``: the legal moves offered (the board can play only these, so the one to learn);
- ``after``: the view after the player's move;
- ``opponent`` (optional): the view after the scripted opponent answered;
- ``focus``: CSS selectors inside the board that the coach highlights;
- ``score`` (optional): ``{"before": n, "after": n}``, said after the move.

Each game's locales also hold ``tutorial.<game>.opponent_played`` (said when the opponent
answered) and ``tutorial.<game>.finish``.
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.util import find_spec
from typing import Any


@cache
def available(game_id: str) -> bool:
    """Whether ``game_id`` has a guided first game."""
    if not game_id.isidentifier():
        return False
    return find_spec(f"{__name__}.{game_id}") is not None


def script(game_id: str) -> dict[str, Any] | None:
    """The tutorial of ``game_id``, or None when it has none."""
    if not available(game_id):
        return None
    built: dict[str, Any] = importlib.import_module(f"{__name__}.{game_id}").script()
    return built
