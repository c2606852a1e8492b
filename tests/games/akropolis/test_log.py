"""The move log's hooks: ``steps`` completes the bare form and splits off the Architect's
turn; its last state is ``apply``'s; ``describe`` words every step in English and French."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from app.games import akropolis
from app.games.rng import Rng

BARE = ("tile", "q", "r", "rot")


def bare(move: dict[str, Any]) -> dict[str, Any]:
    return {key: move[key] for key in BARE}


@pytest.mark.parametrize(("seats", "seed"), [(1, 3), (1, 11), (2, 5), (3, 7)])
def test_steps_end_on_apply_and_complete_the_bare_form(seats: int, seed: int) -> None:
    state = akropolis.setup(seats, {}, seed)
    rng = Rng.from_seed(seed)
    architect_turns = 0
    while not state["finished"]:
        seat = next(iter(akropolis.to_act(state)))
        legal = akropolis.legal_moves(state, seat)
        move = rng.choice(legal)
        played = akropolis.steps(state, seat, bare(move))
        after = akropolis.apply(state, seat, bare(move))
        assert orjson.dumps(played[-1][2]) == orjson.dumps(after)
        own_seat, own_move, own_state = played[0]
        assert own_seat == seat and own_move == move  # level and stones filled in
        assert orjson.dumps(akropolis.apply(state, seat, own_move)) == orjson.dumps(after)
        before = state
        for step_seat, step_move, step_state in played:
            words = akropolis.describe(before, step_seat, step_move, step_state)
            assert words["en"] and words["fr"] and words["en"] != words["fr"]
            before = step_state
        if seats == 1:
            assert [s for s, _, _ in played[1:]] == [1] * (len(played) - 1)
            architect_turns += len(played) - 1
        else:
            assert len(played) == 1
        state = after
    if seats == 1:
        assert architect_turns == state["turns"][1] > 0
