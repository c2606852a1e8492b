"""The market board (spec §6, D1): four rows of 8 slots worth 1,2,2,3,3,4,4,5.

A row is represented by ``m``, the number of its cubes still on the market (0..8): cubes
are taken from the leftmost occupied slot and sold to the rightmost empty one, so the
occupied slots are always a right-hand block. Selling pays ``SLOT_VALUES[7 - m]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.games.akrotiri.components import COLOURS, CUBES_PER_COLOUR, SLOT_VALUES
from app.games.interface import IllegalMove, MalformedMove


def price(on_market: int) -> int:
    """What the next cube of a row pays when ``on_market`` cubes of it are on the market."""
    return SLOT_VALUES[CUBES_PER_COLOUR - 1 - on_market]


def sell(market: Mapping[str, int], colours: Sequence[str]) -> tuple[list[int], dict[str, int]]:
    """Sell cubes one at a time, in order: ``(price of each cube, market after)``.

    ``market`` maps each colour to its cubes on the market; it is not changed. Raises
    MalformedMove for an unknown colour and IllegalMove if a row has no empty slot.
    Worked example (seed): with 5 blue and 3 green off the market, selling blue, blue,
    green pays ``[3, 3, 2]`` (8 drachmas).
    """
    after = {colour: int(market[colour]) for colour in COLOURS}
    prices = []
    for colour in colours:
        if colour not in after:
            raise MalformedMove(f"unknown cube colour {colour!r}")
        if after[colour] >= CUBES_PER_COLOUR:
            raise IllegalMove(f"the {colour} row of the market has no empty slot")
        prices.append(price(after[colour]))
        after[colour] += 1
    return prices, after


def take(market: Mapping[str, int], colour: str) -> dict[str, int]:
    """The market after taking one cube of ``colour`` (IllegalMove if it is exhausted)."""
    if market.get(colour, 0) <= 0:
        raise IllegalMove(f"no {colour} cube is left on the market")
    after = dict(market)
    after[colour] -= 1
    return after
