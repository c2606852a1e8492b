"""bench/level_ratings.py: who sits where, how records resume and how games are rated."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

from tests.bench import load_script

lr = load_script("level_ratings")


def test_every_combination_plays_and_every_entrant_takes_every_seat() -> None:
    for game, (seats, _) in lr.PLAN.items():
        names = lr.entrants(game)
        combos = len(list(itertools.combinations(names, seats)))
        rounds = 2 * seats  # one rotation straight, one reversed (more than 2 seats)
        seated = [lr.seating(game, 5000 + i) for i in range(combos * rounds)]
        every = {frozenset(combo) for combo in itertools.combinations(names, seats)}
        assert {frozenset(s) for s in seated} == every
        firsts = Counter(s[0] for s in seated)
        assert len(set(firsts.values())) == 1 and set(firsts) == set(names), game
    assert lr.seating("akrotiri", 5000) == lr.seating("akrotiri", 5000)  # a seed's, always


def test_random_is_anchored_and_a_winner_rates_above_a_loser() -> None:
    names = ["random", "easy", "hard"]
    games = [
        {"seated": ["random", "easy", "hard"], "places": [3, 2, 1]},
        {"seated": ["hard", "random", "easy"], "places": [1, 3, 2]},
    ] * 3
    rated = lr.ratings(games, names)
    assert rated["random"]["rating"] == lr.ANCHOR and rated["hard"]["games"] == 6
    assert rated["random"]["rating"] < rated["easy"]["rating"] < rated["hard"]["rating"]


def test_records_resume_only_the_same_seating_and_settings(tmp_path: Path) -> None:
    seated = lr.seating("attika", 5001)
    search = {name: lr.settings_of("attika", name) for name in seated}
    row = {"game": "attika", "seed": 5001, "timed": True, "seated": seated, "search": search}
    other = {**row, "seed": 5002}  # seat list of 5001: another plan's game
    changed = {**row, "seed": 5003, "seated": lr.seating("attika", 5003)}
    changed["search"] = {n: {"iterations": -1} for n in changed["seated"]}
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (row, other, changed)))
    assert list(lr.recorded(path, "attika", True)) == [5001]
    assert lr.recorded(path, "attika", False) == {}
    assert lr.settings_of("attika", "medium-v0")["horizon"] == 1  # the earlier medium
    assert lr.settings_of("akrotiri", "random") is None
