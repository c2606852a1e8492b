"""The Illustrious Architect (spec §8): tile choice (D16), scoring levels (D8), variants (D9)."""

from __future__ import annotations

import random

import pytest

from app.games.akropolis import architect
from app.games.akropolis.components import has_plaza

# tiles used below: 1 = ho ba te, 5 = BA Q Q, 7 = ga Q Q, 2 = MA ba Q,
# 22 = MA Q Q, 23 = TE Q Q, 24 = GA Q Q, 19 = Q ho ho, 12 = Q ma ho, 26 = ma Q Q


def test_cheapest_plaza_tile_if_affordable_else_first_d16() -> None:
    site = [1, 7, 5, 22]  # first plaza tile (5) at index 2
    assert architect.choose(site, 2) == 2
    assert architect.choose(site, 5) == 2
    assert architect.choose(site, 1) == 0
    assert architect.choose([1, 7, 19], 9) == 0  # no plaza tile at all
    assert architect.choose([22, 5], 0) == 0  # index 0 holds a plaza: free


def test_choice_equals_cheapest_affordable_plaza_tile() -> None:
    chooser = random.Random(5)
    for _ in range(500):
        site = chooser.sample(range(1, 62), chooser.randint(2, 6))
        stones = chooser.randint(0, 6)
        affordable = [i for i, t in enumerate(site) if has_plaza(t) and i <= stones]
        assert architect.choose(site, stones) == (affordable[0] if affordable else 0)


def test_levels_and_starting_tile_d8() -> None:
    tiles = [19, 12, 5, 2]  # houses 3, markets 1, barracks 1; plazas BA, MA; quarries 1+1+2+1
    easy = architect.score(tiles, "hippodamos", stones=2)
    # house: 3 districts x 1 star (starting plaza); market 1 x 2; barracks 1 x 2
    assert (easy["house"], easy["market"], easy["barracks"]) == (3, 2, 2)
    assert easy["total"] == 3 + 2 + 2 + 2
    medium = architect.score(tiles, "metagenes", stones=2)
    assert medium["quarry_count"] == 3 + 5 and medium["quarries"] == 16
    assert medium["total"] == easy["total"] + 16
    hard = architect.score(tiles, "callicrates", stones=2)
    assert (hard["house"], hard["market"], hard["barracks"]) == (6, 4, 4)
    assert hard["total"] == 6 + 4 + 4 + 2
    assert architect.score([], "metagenes")["total"] == 6  # the 3 starting quarries


def test_all_districts_qualify_even_unconnected_houses() -> None:
    # no placement: every house counts, not just a group; a temple scores without neighbours
    result = architect.score([1, 19, 23], "hippodamos")
    assert result["house"] == 3 * 1
    assert result["temple"] == 1 * 2


@pytest.mark.parametrize(
    ("variant", "level", "tiles", "type_", "plain", "doubled"),
    [
        # houses: doubled once the total house value reaches 10
        ("houses", "hippodamos", [19, 19, 19, 19, 12], "house", 9, 9),
        ("houses", "callicrates", [19, 19, 12], "house", 10, 20),
        # markets: at most 3 per market plaza doubled (one plaza: 3 of 4 markets)
        ("markets", "hippodamos", [22, 12, 12, 26, 26], "market", 4 * 2, 7 * 2),
        # barracks and gardens: always doubled
        ("barracks", "hippodamos", [1, 5], "barracks", 2, 4),
        ("gardens", "hippodamos", [7, 24], "garden", 3, 6),
        # temples: doubled only at Callicrates
        ("temples", "metagenes", [1, 23], "temple", 2, 2),
        ("temples", "callicrates", [1, 23], "temple", 4, 8),
    ],
)
def test_variants_in_solo_d9(
    variant: str, level: str, tiles: list[int], type_: str, plain: int, doubled: int
) -> None:
    assert architect.score(tiles, level)[type_] == plain
    assert architect.score(tiles, level, [variant])[type_] == doubled
