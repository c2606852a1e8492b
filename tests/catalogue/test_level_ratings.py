"""The bot levels' estimated ratings (bench/level_ratings.py): the file covers every listed
game and level, the catalogue and the bot kinds carry them, and their order follows the
levels' where the bench measured it."""

from __future__ import annotations

import orjson
import pytest

from app.bots.levels import LEVEL_NAMES
from app.catalogue.bots import available_bots
from app.catalogue.games import catalogue_entries, catalogue_entry
from app.catalogue.level_ratings import RATINGS_FILE, level_rating, level_ratings

SHOWN = ("random", *LEVEL_NAMES)
#: weaker -> stronger pairs whose order the bench's games measured (docs/bots.md,
#: "Estimated ratings"): the stronger finished above the weaker in most of their games.
#: Not ordered: random and easy (Agorapolis: both one random legal move; Akrotiri: too
#: few games).
MEASURED: dict[str, list[tuple[str, str]]] = {
    "akropolis": [("random", "easy"), ("easy", "medium"), ("medium", "hard")],
    "agorapolis": [("random", "medium"), ("easy", "medium"), ("medium", "hard")],
    "akrotiri": [("random", "medium"), ("easy", "medium"), ("medium", "hard")],
    "attika": [("random", "easy"), ("easy", "medium"), ("medium", "hard")],
}


def test_the_file_rates_every_listed_game_and_level_and_says_how() -> None:
    data = orjson.loads(RATINGS_FILE.read_bytes())
    games = {entry["id"] for entry in catalogue_entries()}
    assert games <= set(data) and set(MEASURED) == games
    for game in games:
        assert set(data[game]) == set(SHOWN), game
        for level in SHOWN:
            row = data[game][level]
            assert isinstance(row["rating"], int) and row["games"] > 0, (game, level)
        meta = data["_meta"][game]
        assert "bench/level_ratings.py" in meta["command"] and meta["seeds"][0] >= 5000
    assert {data[game]["random"]["rating"] for game in games} == {0}  # the anchor


@pytest.mark.parametrize("game", sorted(MEASURED))
def test_ratings_follow_the_levels_where_measured(game: str) -> None:
    rated = level_ratings(game)
    for weaker, stronger in MEASURED[game]:
        assert rated[weaker] < rated[stronger], (game, weaker, stronger, rated)


def test_the_catalogue_and_the_bot_kinds_carry_them() -> None:
    entry = catalogue_entry("attika")
    assert entry["level_ratings"] == level_ratings("attika")
    by_id = {bot["id"]: bot for bot in available_bots("attika")}
    for level in SHOWN:
        assert by_id[level]["rating"] == level_rating("attika", level) is not None
    assert all(bot["rating"] is None for bot in available_bots())  # no game, no rating
    assert level_rating("race", "hard") is None and level_ratings("nope") == {}
