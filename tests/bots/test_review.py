"""Reviewing a position: the search's preferred move and the loss of the played move."""

from __future__ import annotations

import random

from app.bots.review import matching, review_position
from app.games import akropolis


def midgame(seed: int = 3, plies: int = 6) -> dict:
    chooser = random.Random(seed)
    state = akropolis.setup(2, {}, seed)
    for _ in range(plies):
        (seat,) = akropolis.to_act(state)
        state = akropolis.apply(state, seat, chooser.choice(akropolis.legal_moves(state, seat)))
    return state


def test_the_bare_form_matches_its_legal_move() -> None:
    state = midgame()
    (seat,) = akropolis.to_act(state)
    moves = akropolis.legal_moves(state, seat)
    bare = {k: moves[5][k] for k in ("tile", "q", "r", "rot")}
    assert matching(moves, bare) is moves[5]
    assert matching(moves, {"tile": 99, "q": 0, "r": 0, "rot": 0}) is None


def test_the_preferred_move_costs_nothing_and_a_poor_one_costs_points() -> None:
    state = midgame()
    (seat,) = akropolis.to_act(state)
    first = review_position("akropolis", state, seat, akropolis.legal_moves(state, seat)[0],
                            "medium", seed=1, iterations=48)  # fmt: skip
    assert first["reviewed"] and first["loss"] >= 0
    again = review_position("akropolis", state, seat, first["best"], "medium", seed=1,
                            iterations=48)  # fmt: skip
    assert again["reviewed"]
    # Reviewing the preferred move again: the same samples, so it is preferred again.
    assert again["best"] == first["best"] and again["loss"] == 0.0
    assert review_position("akropolis", state, seat, first["best"], "medium", seed=1,
                           iterations=48) == again  # deterministic  # fmt: skip


def test_a_move_that_is_not_legal_is_not_reviewed() -> None:
    state = midgame()
    (seat,) = akropolis.to_act(state)
    answer = review_position("akropolis", state, seat, {"tile": 9, "q": 0, "r": 0, "rot": 0})
    assert answer == {"best": {"tile": 9, "q": 0, "r": 0, "rot": 0}, "loss": 0.0,
                      "reviewed": False}  # fmt: skip
