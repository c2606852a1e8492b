"""The market (spec §6, D1): prices, taking and selling, the seed's worked example."""

from __future__ import annotations

import pytest

from app.games.akrotiri.market import price, sell, take
from app.games.interface import IllegalMove, MalformedMove

FULL = {"orange": 8, "blue": 8, "green": 8, "grey": 8}


def test_seed_worked_example_pays_3_3_2() -> None:
    # 5 blue and 3 green off the market: selling 2 blue and 1 green pays 3 + 3 + 2 = 8.
    market = {"orange": 8, "blue": 3, "green": 5, "grey": 8}
    prices, after = sell(market, ["blue", "blue", "green"])
    assert prices == [3, 3, 2] and sum(prices) == 8
    assert after == {"orange": 8, "blue": 5, "green": 6, "grey": 8}
    assert market["blue"] == 3  # the input is not changed


def test_price_table_by_cubes_off_the_market() -> None:
    # D1: 1→1, 2→2, 3→2, 4→3, 5→3, 6→4, 7→4, 8→5 (values 1,2,2,3,3,4,4,5 left to right).
    assert [price(8 - off) for off in range(1, 9)] == [1, 2, 2, 3, 3, 4, 4, 5]


def test_scarcer_sells_higher_and_the_order_between_colours_does_not_matter() -> None:
    market = {**FULL, "orange": 0, "grey": 6}
    assert sell(market, ["orange"])[0] == [5]
    assert sell(market, ["orange", "orange", "grey"])[0] == [5, 4, 2]
    assert sum(sell(market, ["grey", "orange", "orange"])[0]) == 11


def test_take_from_the_leftmost_and_exhaustion() -> None:
    market = {**FULL, "green": 1}
    after = take(market, "green")
    assert after["green"] == 0 and market["green"] == 1
    with pytest.raises(IllegalMove):
        take(after, "green")


def test_a_full_row_or_an_unknown_colour_is_refused() -> None:
    with pytest.raises(IllegalMove):
        sell(FULL, ["blue"])
    with pytest.raises(MalformedMove):
        sell(FULL, ["purple"])
