"""Scoring (spec §6, §7): worked examples, per-type edge cases, each variant on and off."""

from __future__ import annotations

import pytest

from app.games.akropolis.scoring import lakes, score_city, score_details
from tests.games.akropolis.helpers import disc, district, fill, plaza, quarry

KEYS = {"house", "market", "barracks", "temple", "garden", "stones", "total"}


def test_entry_point_shape_and_stones() -> None:
    result = score_city([plaza(0, 0, "house")], stones=4)
    assert set(result) == KEYS
    assert result == dict.fromkeys(KEYS, 0) | {"stones": 4, "total": 4}


def test_rulebook_example_largest_house_group_is_27() -> None:
    # five level-1 and two level-2 houses in the largest group, 3 house stars: 3 x 9 = 27
    group = [district(q, 0, "house") for q in range(5)]
    group += [district(5, 0, "house", 2), district(6, 0, "house", 2)]
    smaller = [district(0, 3, "house", 3), district(1, 3, "house", 3)]
    plazas = [plaza(q, 2, "house") for q in range(3, 6)]
    result = score_city(group + smaller + plazas)
    assert result["house"] == 27
    assert result["total"] == 27


def test_houses_variant_example_12_doubles() -> None:
    # the variant picture: a house group worth 12 is doubled
    group = [district(q, 0, "house", 2) for q in range(6)]  # value 12
    city = [*group, plaza(0, 1, "house")]
    assert score_city(city)["house"] == 12
    assert score_city(city, ["houses"])["house"] == 24


def test_houses_variant_threshold_is_10() -> None:
    nine = [district(q, 0, "house") for q in range(9)] + [plaza(0, 1, "house")]
    ten = [*nine, district(9, 0, "house")]
    assert score_city(nine, ["houses"])["house"] == 9
    assert score_city(ten, ["houses"])["house"] == 20
    assert score_city(ten)["house"] == 10


def test_house_groups_equal_size_highest_value_scores_d2() -> None:
    low = [district(q, 0, "house") for q in range(3)]  # 3 hexes, value 3
    high = [district(q, 4, "house") for q in range(2)] + [district(2, 4, "house", 2)]  # value 4
    city = [*low, *high, plaza(10, 10, "house")]
    details = score_details(city)["details"]["house"]
    assert details["qualifying"] == 3 and details["value"] == 4


def test_house_largest_by_count_not_value_d2() -> None:
    many = [district(q, 0, "house") for q in range(4)]  # 4 hexes, value 4
    tall = [district(0, 4, "house", 5), district(1, 4, "house", 5)]  # 2 hexes, value 10
    assert score_city([*many, *tall, plaza(9, 9, "house")])["house"] == 4


def test_house_plazas_do_not_connect_groups() -> None:
    city = [district(0, 0, "house"), plaza(1, 0, "house"), district(2, 0, "house")]
    assert score_details(city)["details"]["house"]["qualifying"] == 1


def test_no_plaza_of_a_type_scores_zero() -> None:
    city = [district(0, 0, "garden", 3), district(1, 0, "house"), plaza(0, 1, "market")]
    result = score_city(city)
    assert result["garden"] == 0 and result["house"] == 0


def test_stars_add_up_and_ignore_height() -> None:
    city = [district(0, 0, "garden", 2), plaza(1, 0, "garden", 3), plaza(2, 0, "garden", 1)]
    assert score_city(city)["garden"] == 2 * 6


def test_market_isolation_ignores_plazas_and_levels_d6() -> None:
    lonely = [district(0, 0, "market", 2), plaza(1, 0, "market")]
    assert score_city(lonely)["market"] == 2 * 2
    pair = [district(0, 0, "market"), district(1, 0, "market", 3), plaza(5, 5, "market")]
    assert score_city(pair)["market"] == 0


def test_markets_variant_next_to_market_plaza() -> None:
    city = [district(0, 0, "market"), plaza(1, 0, "market"), district(3, 0, "market")]
    assert score_city(city)["market"] == 2 * 2
    assert score_city(city, ["markets"])["market"] == (2 + 1) * 2


def _holed_disc() -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """A radius-2 disc around the origin with the centre left empty (a one-hex lake)."""
    return [p for p in disc(2) if p != (0, 0)], (0, 0)


def test_lake_is_any_enclosed_empty_area_d4() -> None:
    cells, hole = _holed_disc()
    assert lakes(set(cells)) == {hole}
    two = [p for p in disc(3) if p not in {(0, 0), (1, 0)}]
    assert lakes(set(two)) == {(0, 0), (1, 0)}
    assert lakes({(0, 0), (1, 0)}) == set()


def test_temple_surrounded_any_level_but_not_by_a_lake_d5() -> None:
    cells, _ = _holed_disc()
    temple_by_lake = fill(cells, {(1, 0): district(1, 0, "temple"), (2, 0): plaza(2, 0, "temple")})
    assert score_city(temple_by_lake)["temple"] == 0
    full = fill(
        disc(2),
        {(0, 0): district(0, 0, "temple"), (1, 0): quarry(1, 0, 3), (2, 0): plaza(2, 0, "temple")},
    )
    assert score_city(full)["temple"] == 1 * 2


def test_temples_variant_level_two_or_more() -> None:
    special = {(0, 0): district(0, 0, "temple", 2), (2, 0): plaza(2, 0, "temple")}
    city = fill(disc(2), special)
    assert score_city(city)["temple"] == 2 * 2
    assert score_city(city, ["temples"])["temple"] == 4 * 2
    flat = fill(disc(2), {**special, (0, 0): district(0, 0, "temple", 1)})
    assert score_city(flat, ["temples"])["temple"] == 1 * 2


def test_barracks_next_only_to_a_lake_does_not_score_d3() -> None:
    cells, _ = _holed_disc()
    city = fill(cells, {(1, 0): district(1, 0, "barracks"), (0, 2): plaza(0, 2, "barracks")})
    assert score_city(city)["barracks"] == 0
    edge = fill(cells, {(2, 0): district(2, 0, "barracks"), (0, 2): plaza(0, 2, "barracks")})
    assert score_city(edge)["barracks"] == 1 * 2


def test_barracks_variant_counts_exterior_empties_only() -> None:
    # a barracks at the tip of a line has 5 empty neighbours; on a disc's edge, 2 or 3
    line = [district(0, 0, "barracks"), quarry(1, 0), plaza(2, 0, "barracks")]
    assert score_city(line, ["barracks"])["barracks"] == 2 * 2
    assert score_city(line)["barracks"] == 1 * 2
    corner = fill(disc(2), {(2, 0): district(2, 0, "barracks"), (0, 0): plaza(0, 0, "barracks")})
    side = fill(disc(2), {(1, 1): district(1, 1, "barracks"), (0, 0): plaza(0, 0, "barracks")})
    assert score_details(corner, ["barracks"])["details"]["barracks"]["doubled"] == 1
    assert score_details(side, ["barracks"])["details"]["barracks"]["doubled"] == 0
    # two exterior empties plus a lake: not doubled (D3)
    ring = [p for p in disc(1) if p != (0, 0)] + [(2, -2)]
    city = fill(ring, {(1, -1): district(1, -1, "barracks"), (0, 1): plaza(0, 1, "barracks")})
    detail = score_details(city, ["barracks"])
    assert detail["lakes"] == 1
    assert detail["details"]["barracks"] == {
        "districts": 1,
        "qualifying": 1,
        "doubled": 0,
        "value": 1,
        "stars": 2,
        "points": 2,
    }


def test_gardens_always_score_and_variant_needs_a_lake() -> None:
    cells, _ = _holed_disc()
    city = fill(
        cells,
        {
            (1, 0): district(1, 0, "garden"),
            (2, 0): district(2, 0, "garden", 2),
            (0, 2): plaza(0, 2, "garden"),
        },
    )
    assert score_city(city)["garden"] == 3 * 3
    assert score_city(city, ["gardens"])["garden"] == (2 + 2) * 3


def test_every_variant_off_matches_base_on_a_mixed_city() -> None:
    cells, _ = _holed_disc()
    city = fill(
        cells,
        {
            (1, 0): district(1, 0, "garden"),
            (2, 0): district(2, 0, "barracks"),
            (-2, 0): district(-2, 0, "market"),
            (-1, 0): plaza(-1, 0, "market"),
            (0, 1): plaza(0, 1, "garden"),
            (0, 2): plaza(0, 2, "barracks"),
        },
    )
    base = score_city(city)
    assert base == score_city(city, [])
    every = score_city(city, ["houses", "markets", "barracks", "temples", "gardens"])
    assert every["garden"] == 2 * base["garden"] and every["market"] == 2 * base["market"]
    assert every["barracks"] == 2 * base["barracks"]  # (2, 0) has 3 exterior empties


def test_any_map_far_islands_and_errors() -> None:
    city = [district(0, 0, "garden"), plaza(10**6, -(10**6), "garden"), quarry(5, 5, 9)]
    assert score_city(city)["garden"] == 3
    with pytest.raises(ValueError):
        score_city([quarry(0, 0), quarry(0, 0, 2)])
    with pytest.raises(ValueError):
        score_city([quarry(0, 0)], ["towers"])


def test_island_inside_a_hole_keeps_the_hole_a_lake() -> None:
    ring = [p for p in disc(3) if max(abs(p[0]), abs(p[1]), abs(p[0] + p[1])) == 3]
    city = [quarry(q, r) for q, r in ring] + [district(0, 0, "barracks"), plaza(9, 9, "barracks")]
    detail = score_details(city)
    assert detail["lakes"] == len(disc(2)) - 1
    assert detail["barracks"] == 0  # its empty neighbours are a lake
