"""Fuzzing driver: conformance suite + §17 invariants + timeout moves on every state."""

from __future__ import annotations

import copy

from app.games import agorapolis
from app.games.interface import IllegalMove
from tests.games.agorapolis.invariants import check_invariants
from tests.games.conformance import play_random_game


def options_for(seed: int) -> dict[str, int]:
    """Mostly standard games, some with a low renown target (short games)."""
    return {"renown_target": 0 if seed % 3 else 4 + seed % 5}


def fuzz_game(seed: int, *, deep: bool = False) -> int:
    """Play one seeded random game (2–6 seats by seed), check everything; returns steps."""
    seats = 2 + seed % 5
    options = options_for(seed)
    run = play_random_game(agorapolis, seats, options, seed, deep=deep)
    state = agorapolis.setup(seats, options, seed)
    check_invariants(state)
    for index, (seat, move) in enumerate(run.log):
        if index % 7 == 0:
            for waiting in sorted(agorapolis.to_act(state)):
                fallback = agorapolis.timeout_move(state, waiting)
                agorapolis.apply(state, waiting, copy.deepcopy(fallback))
        if index % 13 == 0:
            listed = agorapolis.legal_moves(state, seat)
            for legal in listed[:: max(1, len(listed) // 30)]:
                agorapolis.apply(state, seat, legal)  # listed moves are accepted
        if index % 11 == 0:
            before = copy.deepcopy(state)
            bogus = {"type": "resist", "count": 99}
            try:
                agorapolis.apply(state, seat, bogus)
            except IllegalMove:
                pass
            assert state == before, "a refused move changed the state"
        state = agorapolis.apply(state, seat, move)
        check_invariants(state)
    assert state == run.state
    assert agorapolis.result(state) is not None
    return len(run.log)
