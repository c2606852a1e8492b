"""``legal_moves_compact`` is ``legal_moves`` as a product, in the same order."""

from __future__ import annotations

import random

import pytest

from app.games import akropolis
from app.games.compact import expand_compact


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_the_product_expands_to_the_list_over_random_games(seats: int) -> None:
    chooser = random.Random(seats)
    state = akropolis.setup(seats, {}, seats)
    checked = 0
    while akropolis.result(state) is None:
        (seat,) = akropolis.to_act(state)
        listed = akropolis.legal_moves(state, seat)
        compact = akropolis.legal_moves_compact(state, seat)
        ((key, _values),) = compact["each"].items()
        expanded = expand_compact(compact)
        assert expanded == [{k: m[k] for k in (*compact["keys"], key)} for m in listed]
        assert all(set(m) == {"tile", *compact["keys"]} for m in listed)
        checked += 1
        state = akropolis.apply(state, seat, chooser.choice(listed))
    assert checked > 10
    assert akropolis.legal_moves_compact(state, 0)["rows"] == []
