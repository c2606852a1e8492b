"""bench/bots.py's records: a run resumes only from games its levels' settings played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.bench import load_script

bots = load_script("bots")


def test_search_settings_are_the_levels_own_as_the_game_plays_them() -> None:
    solo = bots.search_settings("hard", "akropolis", 1)
    assert solo["iterations"] == 640 and solo["plies"] == 2 and "name" not in solo
    assert "plies" not in bots.search_settings("hard", "akropolis", 4)
    assert bots.search_settings("hard", "agorapolis", 4)["iterations"] == 160
    assert bots.search_settings("greedy", "akropolis", 4) is None


def test_records_of_other_level_settings_are_not_resumed(tmp_path: Path) -> None:
    settings: dict[str, Any] = {"mode": "akropolis-solo", "level": "hard", "timed": True,
                "search": {"hard": bots.search_settings("hard", "akropolis", 1)}}  # fmt: skip
    outcome = {"bot_seat": 0, "won": True, "margin": 1.0, "score": 2.0, "times": {}}
    older = {**settings, "search": {"hard": {**settings["search"]["hard"], "plies": 0}}}
    path = tmp_path / "games.jsonl"
    path.write_text(
        json.dumps({**settings, "seed": 1, **outcome}) + "\n"
        + json.dumps({**older, "seed": 2, **outcome}) + "\n"
        + json.dumps({k: v for k, v in settings.items() if k != "search"} | {"seed": 3, **outcome})
        + "\n"
    )  # fmt: skip
    assert [game.seed for game in bots.recorded(path, settings)] == [1]
