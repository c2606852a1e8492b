"""The bot levels' estimated ratings, measured by ``bench/level_ratings.py`` (issue 40).

``level_ratings.json`` holds ``{game: {level: {"rating", "games"}}}`` on the players'
scale (``mu - 3 sigma``, :mod:`app.ratings.skill`, ``random`` anchored), plus ``_meta``:
the command and seeds of each game's run (``docs/bots.md``, "Estimated ratings"). A game
or level the bench has not rated has no rating: the pickers then show the bare label.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import orjson

RATINGS_FILE = Path(__file__).with_name("level_ratings.json")


@cache
def _table() -> dict[str, dict[str, int]]:
    if not RATINGS_FILE.is_file():
        return {}
    data = orjson.loads(RATINGS_FILE.read_bytes())
    return {
        game: {level: int(row["rating"]) for level, row in levels.items()}
        for game, levels in data.items()
        if not game.startswith("_")
    }


def level_ratings(game_id: str) -> dict[str, int]:
    """Each rated level of the game: its estimated rating (a fresh dict)."""
    return dict(_table().get(game_id, {}))


def level_rating(game_id: str | None, level: str) -> int | None:
    """The estimated rating of ``level`` in ``game_id``; None where none was measured."""
    return _table().get(game_id or "", {}).get(level)
