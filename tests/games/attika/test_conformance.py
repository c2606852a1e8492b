"""The conformance suite on Attika (2, 3, 4 seats) with the invariants after every move.

``ATTIKA_FUZZ_GAMES`` (default 24) seeded games with the cheap checks plus invariants,
seat counts cycling 2, 3, 4; ``ATTIKA_DEEP_FUZZ_GAMES`` (default 2) more with every deep
check (views and leaks, input not mutated, wrong seat refused) and the cost cross-check.
"""

from __future__ import annotations

import os

import pytest

from app.games import attika
from tests.games.attika.fuzz import fuzz_game
from tests.games.conformance import play_random_game

FUZZ_GAMES = int(os.environ.get("ATTIKA_FUZZ_GAMES", "24"))
DEEP_FUZZ_GAMES = int(os.environ.get("ATTIKA_DEEP_FUZZ_GAMES", "2"))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_conformance(seats: int) -> None:
    run = play_random_game(attika, seats, {}, 7 * seats, deep=True)
    outcome = attika.result(run.state)
    assert outcome is not None
    assert sorted(s for group in outcome["ranking"] for s in group) == list(range(seats))


@pytest.mark.parametrize("chunk", range(2))
def test_fuzz_invariants(chunk: int) -> None:
    for seed in range(chunk, FUZZ_GAMES, 2):
        fuzz_game(20_000 + seed)


def test_deep_fuzz() -> None:
    for seed in range(DEEP_FUZZ_GAMES):
        fuzz_game(30_000 + seed, deep=True, extra=True)
