"""The ``evaluate`` hook: one 0..1 estimate per seat."""

from __future__ import annotations

import copy
import random

from app.games import attika
from tests.games.attika.helpers import empty_cells, new_state, put, set_hand


def test_range_and_shape_during_games() -> None:
    for seats in (2, 3, 4):
        chooser = random.Random(seats)
        state = attika.setup(seats, {}, seats)
        while attika.result(state) is None:
            values = attika.evaluate(state)
            assert len(values) == seats and all(0.0 <= v <= 1.0 for v in values)
            (seat,) = attika.to_act(state)
            state = attika.apply(state, seat, chooser.choice(attika.legal_moves(state, seat)))
        values = attika.evaluate(state)
        if state["winner"] is not None:
            assert values[state["winner"]] == 1.0 and sum(values) == 1.0


def test_more_buildings_and_a_shorter_link_score_higher() -> None:
    state = new_state(2, 0)
    base = attika.evaluate(state)
    assert base[0] == base[1] or abs(base[0] - base[1]) < 0.1
    more = put(state, 0, "well", empty_cells(state)[0])
    assert attika.evaluate(more)[0] > attika.evaluate(state)[0]
    before = copy.deepcopy(more)
    attika.evaluate(more)
    assert more == before


def test_a_building_is_worth_more_than_the_three_cards_it_may_cost() -> None:
    # issue 40: with cards weighted too high the search hoarded cards instead of building
    state = set_hand(new_state(2, 0), 0, water=3, forest=3)
    built = put(set_hand(state, 0, water=3), 0, "well", empty_cells(state)[0])
    assert attika.evaluate(built)[0] > attika.evaluate(state)[0]
