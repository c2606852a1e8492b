"""Safe undo in Akropolis: a placement may be taken back unless a stack was drawn."""

from __future__ import annotations

import random

import pytest

from app.games import akropolis
from app.games.interface import State


def play_until(state: State, rng: random.Random, stop: object) -> tuple[State, dict, State]:
    """Random moves until ``stop(before, after)``; returns (before, move, after)."""
    while not state["finished"]:
        seat = next(iter(akropolis.to_act(state)))
        move = rng.choice(akropolis.legal_moves(state, seat))
        after = akropolis.apply(state, seat, move)
        if stop(state, after):  # type: ignore[operator]
            return state, move, after
        state = after
    raise AssertionError("the game ended first")


def test_a_plain_placement_can_be_taken_back() -> None:
    state = akropolis.setup(2, {}, seed=5)
    seat = next(iter(akropolis.to_act(state)))
    move = akropolis.legal_moves(state, seat)[0]
    after = akropolis.apply(state, seat, move)
    assert not after["last_move"]["refilled"]
    assert akropolis.undoable(state, move, after)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_move_that_draws_from_a_stack_is_refused(seats: int) -> None:
    rng = random.Random(seats)
    state = akropolis.setup(seats, {}, seed=seats)
    before, move, after = play_until(state, rng, lambda b, a: a["last_move"]["refilled"])
    assert len(after["stacks"]) == len(before["stacks"]) - 1
    assert not akropolis.undoable(before, move, after)


def test_solo_refill_on_the_architects_turn_is_refused_and_its_plain_turn_is_not() -> None:
    rng = random.Random(9)
    state = akropolis.setup(1, {"architect_level": "metagenes"}, seed=9)
    before, move, after = play_until(state, rng, lambda b, a: True)
    assert after["last_move"]["architect"] is not None
    assert not after["last_move"]["architect"]["refilled"]
    assert akropolis.undoable(before, move, after)

    def architect_refilled(b: State, a: State) -> bool:
        last = a["last_move"]
        return bool(last["architect"] and last["architect"]["refilled"])

    before, move, after = play_until(after, rng, architect_refilled)
    assert not akropolis.undoable(before, move, after)


def test_the_final_move_is_refused() -> None:
    rng = random.Random(2)
    state = akropolis.setup(2, {}, seed=2)
    before, move, after = play_until(state, rng, lambda b, a: a["finished"])
    assert not akropolis.undoable(before, move, after)
