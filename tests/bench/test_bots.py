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


def test_pairing_modes_join_the_old_ones() -> None:
    assert {"akropolis-solo", "akropolis-4p", "agorapolis-4p"} <= set(bots.MODES)
    assert bots.MODES["akrotiri-2p"] == ("akrotiri", 2, "medium")
    assert bots.MODES["attika-2p"][:2] == ("attika", 2)
    assert bots.MODES["agorapolis-2p"][:2] == ("agorapolis", 2)


def test_a_shared_first_place_is_a_win_only_in_the_old_modes() -> None:
    pairings = load_script("bots_pairings")
    shared = {"ranking": [[0, 1]], "scores": [5, 5]}
    assert pairings.first_place("attika-2p", shared, 1) == (False, True)
    assert pairings.first_place("akropolis-4p", shared, 1) == (True, True)
    alone = {"ranking": [[1], [0]], "scores": [0, 1]}
    assert pairings.first_place("akrotiri-2p", alone, 1) == (True, False)
    assert pairings.first_place("akrotiri-2p", alone, 0) == (False, False)


def test_the_bar_is_65_percent_with_two_seats_else_twice_the_fair_share() -> None:
    pairings = load_script("bots_pairings")
    assert pairings.bar(2) == 0.65 and pairings.bar(4) == 0.5
    assert pairings.verdict(13, 1, 20, 2).endswith(": met")
    assert pairings.verdict(12, 0, 20, 2).endswith(": not met")


def test_a_pairing_game_alternates_seats_and_counts_the_tested_level(tmp_path: Path) -> None:
    out = bots.play_game(("attika-2p", "easy", "random", None, 7, False))
    assert out.bot_seat == 1 and set(out.times) <= {"easy", "random"}
    assert not (out.won and out.shared)
