"""The registry of playable games: game id -> rules module.

Rules modules are imported once, here; everything else asks :func:`get_game`.
Test-only games (``GameInfo.test_only``) are listed only when the settings enable them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from functools import cache
from typing import cast

# The hooks live in their own module, compiled (the move path imports them from there);
# everything else may import them from here.
from app.games.hooks import describe, hook_of, redact_move, secrets, steps, undoable
from app.games.interface import Game

__all__ = [
    "GAME_MODULES", "UnknownGame", "describe", "get_game", "hook_of", "iter_games",
    "redact_move", "secrets", "steps", "undoable",
]  # fmt: skip

# One line per game module. A game lands here once its conformance suite passes.
GAME_MODULES: tuple[str, ...] = (
    "app.games.race",
    "app.games.akropolis",
    "app.games.agorapolis",
    "app.games.akrotiri",
    "app.games.attika",
)


class UnknownGame(KeyError):
    """No game with that id is registered (or it is test-only and not enabled)."""


@cache
def _all_games() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for path in GAME_MODULES:
        module = cast(Game, importlib.import_module(path))
        games[module.INFO.id] = module
    return games


def iter_games(*, include_test_games: bool = False) -> Iterator[Game]:
    for game in _all_games().values():
        if include_test_games or not game.INFO.test_only:
            yield game


def get_game(game_id: str, *, include_test_games: bool = True) -> Game:
    game = _all_games().get(game_id)
    if game is None or (game.INFO.test_only and not include_test_games):
        raise UnknownGame(game_id)
    return game
