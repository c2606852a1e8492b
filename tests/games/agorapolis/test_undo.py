"""Safe undo in Agorapolis: no secret commit, no die or shuffle, nothing hidden changed."""

from __future__ import annotations

import random

import pytest

from app.games import agorapolis
from app.games.agorapolis.undo import SIMULTANEOUS, hidden
from tests.games.agorapolis.helpers import bet, game, invest


def test_a_bet_commit_and_the_bet_reveal_are_refused() -> None:
    state = game(3)
    assert state["phase"] == "INVEST_BET"
    first = bet(state, 0, 2)
    assert not agorapolis.undoable(state, {"type": "bet"}, first)
    second = bet(first, 1, 3)
    reveal = bet(second, 2, 1)
    assert [p["bets"]["agriculture"] for p in reveal["players"]] == [2, 3, 1]
    assert not agorapolis.undoable(second, {"type": "bet"}, reveal)


def test_a_die_roll_is_refused() -> None:
    state = invest(game(2), {0: [2, 2, 2, 2, 2], 1: [2, 2, 2, 2, 2]})
    assert state["phase"] == "ACTION_TURN"
    # Finalising every seat of a sector rolls the next sector's dice.
    rolled = False
    while state["sector"] == "agriculture":
        seat = state["to_act"][0]
        after = agorapolis.apply(state, seat, {"type": "finalise"})
        if after["rng"] != state["rng"]:
            assert after["sector"] == "society"
            assert not agorapolis.undoable(state, {"type": "finalise"}, after)
            rolled = True
        state = after
    assert rolled and state["sector"] == "society"


@pytest.mark.parametrize("seed", range(6))
def test_random_games_refuse_every_draw_reveal_and_roll(seed: int) -> None:
    """Over random games: undoable moves never moved the PRNG, changed a hidden fragment or
    came from a simultaneous step; some ordinary moves are undoable."""
    chooser = random.Random(seed)
    state = agorapolis.setup(2 + seed % 5, {"renown_target": 6}, seed)
    allowed = refused_rolls = 0
    while agorapolis.result(state) is None:
        seat = chooser.choice(sorted(agorapolis.to_act(state)))
        move = chooser.choice(agorapolis.legal_moves(state, seat))
        after = agorapolis.apply(state, seat, move)
        if agorapolis.undoable(state, move, after):
            allowed += 1
            assert after["rng"] == state["rng"]
            assert hidden(after) == hidden(state)
            assert state["phase"] not in SIMULTANEOUS
            assert after["phase"] != "GAME_OVER"
        elif after["rng"] != state["rng"]:
            refused_rolls += 1
        state = after
    assert allowed > 0 and refused_rolls > 0
