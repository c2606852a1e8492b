"""Conformance suite (2–6 seats) and §17 invariants under random play.

``AGORAPOLIS_FUZZ_GAMES`` sets how many shallow seeded games run (default 60); a few
deep games (every view checked for leaks at every step) run for each seat count.
"""

from __future__ import annotations

import os

import pytest

from app.games import agorapolis
from tests.games.agorapolis.fuzz import fuzz_game
from tests.games.conformance import play_random_game

FUZZ_GAMES = int(os.environ.get("AGORAPOLIS_FUZZ_GAMES", "60"))


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(2))
def test_deep_conformance_short_games(seats: int, seed: int) -> None:
    run = play_random_game(agorapolis, seats, {"renown_target": 3}, 1000 + seed, deep=True)
    assert agorapolis.result(run.state) is not None


@pytest.mark.parametrize("seats", [2, 3])
def test_deep_conformance_full_game(seats: int) -> None:
    run = play_random_game(agorapolis, seats, {}, 77 + seats, deep=True)
    assert agorapolis.result(run.state) is not None


@pytest.mark.parametrize("seed", range(FUZZ_GAMES))
def test_fuzz_invariants(seed: int) -> None:
    assert fuzz_game(seed) > 0
