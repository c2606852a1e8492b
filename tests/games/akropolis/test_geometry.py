"""Geometry and placement legality (spec §3, §5.3, §9): rotations, refusals, and the
perft analogue: legal-placement counts pinned on constructed cities, cross-checked with
a brute-force reading of §5.3."""

from __future__ import annotations

import random

import pytest

from app.games import akropolis
from app.games.akropolis.geometry import TRIANGLES, City, pack, tile_positions, unpack
from tests.games.akropolis.helpers import naive_legal, naive_stack

START = [[0, 0, 0, 0]]


def test_reference_orientation_and_rotations_d14() -> None:
    assert tile_positions(0, 0, 0) == ((0, 0), (0, -1), (1, -1))
    # the six rotations at one anchor give six different position sets, all triangles
    seen = set()
    for rot in range(6):
        cells = tile_positions(3, -2, rot)
        seen.add(frozenset(cells))
        for i in range(3):
            for j in range(i + 1, 3):
                (a, b), (c, d) = cells[i], cells[j]
                assert (c - a, d - b) in {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    assert len(seen) == 6


def test_no_mirror_image_each_triangle_has_three_orientations() -> None:
    # every (triangle, which hex holds h0) arises from exactly one (anchor, rot)
    assignments: dict[frozenset, set] = {}
    for q in range(-2, 3):
        for r in range(-2, 3):
            for rot in range(6):
                cells = tile_positions(q, r, rot)
                assignments.setdefault(frozenset(cells), set()).add(cells)
    inner = [
        cells for key, cells in assignments.items() if all(abs(x) <= 1 for p in key for x in p)
    ]
    assert inner and all(len(c) == 3 for c in inner)
    for _, _, orients, _ in TRIANGLES:
        assert len(orients) == 3


def test_pack_round_trip() -> None:
    for q in range(-300, 301, 37):
        for r in range(-300, 301, 41):
            assert unpack(pack(q, r)) == (q, r)


def test_start_city() -> None:
    city = City(START)
    assert city.visible() == [(-1, 1, 1, 3), (0, -1, 1, 1), (0, 0, 1, 0), (1, 0, 1, 2)]


@pytest.mark.parametrize(
    ("q", "r", "rot", "reason"),
    [
        (5, 5, 0, "not adjacent"),
        (0, 0, 0, "hole under the tile"),  # (0,0), (0,-1) occupied, (1,-1) empty
        (0, 0, 2, "hole under the tile"),  # the starting tile has no occupied triangle
    ],
)
def test_refusal_reasons_on_start(q: int, r: int, rot: int, reason: str) -> None:
    outcome = City(START).check(q, r, rot)
    assert isinstance(outcome, str) and outcome.startswith(reason)


def test_refusal_single_tile_and_mixed_heights() -> None:
    placed = [*START, [1, 2, 0, 0], [2, 0, 1, 2]]  # tile 1 at (2,0),(2,-1),(3,-1)
    city = City(placed)
    outcome = city.check(2, 0, 0)
    assert isinstance(outcome, str) and outcome.startswith("sits on a single tile")
    raised = [*placed, [3, 1, 0, 4]]  # tile 3 on (1,0),(0,1),(0,0): level 2
    cols = naive_stack(raised)
    assert [len(cols[p]) for p in [(1, 0), (0, 1), (0, 0)]] == [2, 2, 2]
    outcome = City(raised).check(1, 0, 1)  # (1,0) level 2, (2,-1) and (2,0) level 1
    assert isinstance(outcome, str) and outcome.startswith("mixed heights")
    assert City(raised).levels == [1, 1, 1, 2]


def test_covering_two_quarries_gains_two_stones() -> None:
    # rulebook: "Max places his tile on level 2, covering 2 quarries: he takes 2 stones"
    placed = [*START, [5, 1, -1, 0]]  # tile 5 (BA Q Q): (1,-1) plaza, (1,-2) Q, (2,-2) Q
    city = City(placed)
    assert city.check(0, -1, 1) == (2, 2)  # covers (0,-1) Q, (1,-2) Q, (1,-1) plaza
    assert city.check(1, -1, 4) == (2, 1)  # covers (1,-1) plaza, (0,0) plaza, (0,-1) Q
    assert city.check(1, -1, 3) == (2, 1)  # covers (1,-1) plaza, (1,0) Q, (0,0) plaza


def _random_city(seed: int, tiles: int, climb: bool = False) -> list[list[int]]:
    """A city built by random legal placements (``climb``: always the highest level)."""
    chooser = random.Random(seed)
    placed = list(START)
    ids = list(range(1, 62))
    chooser.shuffle(ids)
    for tid in ids[:tiles]:
        options = sorted(City(placed).placements())
        if climb:
            top = max(p[3] for p in options)
            options = [p for p in options if p[3] == top]
        q, r, rot, _, _ = chooser.choice(options)
        placed.append([tid, q, r, rot])
    return placed


@pytest.mark.parametrize("seed", range(12))
def test_placements_match_brute_force(seed: int) -> None:
    placed = _random_city(seed, 4 + 2 * seed)
    assert sorted(City(placed).placements()) == naive_legal(placed)


def _perft_city(name: str) -> list[list[int]]:
    return {
        "start": START,
        "two-tiles": [*START, [5, 1, -1, 0]],
        "tower": _random_city(103, 22, climb=True),
        "random-6": _random_city(100, 6),
        "random-20": _random_city(101, 20),
        "random-40": _random_city(102, 40),
    }[name]


# the perft analogue: legal placements (ground, raised) pinned on fixed cities
@pytest.mark.parametrize(
    ("name", "ground", "raised"),
    [
        ("start", 90, 0),
        ("two-tiles", 102, 9),
        ("tower", 255, 6),
        ("random-6", 231, 9),
        ("random-20", 399, 33),
        ("random-40", 522, 129),
    ],
)
def test_perft_counts(name: str, ground: int, raised: int) -> None:
    placed = _perft_city(name)
    legal = City(placed).placements()
    assert sorted(legal) == naive_legal(placed)
    counts = (sum(p[3] == 1 for p in legal), sum(p[3] > 1 for p in legal))
    assert counts == (ground, raised)
    if name == "tower":
        assert {p[3] for p in legal} == {1, 3}


def test_every_site_tile_gets_every_placement() -> None:
    state = akropolis.setup(3, {}, 4)
    seat = state["turn"]
    moves = akropolis.legal_moves(state, seat)
    per_tile = len(City(START).placements())
    affordable = state["cities"][seat]["stones"] + 1
    assert len(moves) == per_tile * min(affordable, len(state["site"]))
    assert {m["tile"] for m in moves} == set(range(min(affordable, len(state["site"]))))


def test_far_reaching_city_beyond_the_prefilled_table() -> None:
    # a legal line of 40 tiles reaches q = 80 (no real game gets that far)
    placed = list(START)
    for step in range(40):
        tid = 1 + step % 61
        q = 2 + 2 * step
        placed.append([tid, q, 0, 0])  # (q,0), (q,-1), (q+1,-1): touches the previous one
        assert City(placed[:-1]).check(q, 0, 0) == (1, 0)
    legal = City(placed).placements()
    assert max(q for q, _, _, _, _ in legal) > 80
    assert sorted(legal) == naive_legal(placed)


def _same_city(derived: City, placed: list[list[int]]) -> None:
    full = City(placed)
    assert (derived.height, derived.top, derived.levels) == (full.height, full.top, full.levels)
    assert derived.placements() == full.placements()  # the same list, order included


@pytest.mark.parametrize("seed", range(16))
def test_extended_city_equals_the_decoded_one(seed: int) -> None:
    """A city derived tile by tile (what ``apply`` does) has the stacking and the
    placements, in the same order, of one decoded from scratch, whether its parent's
    placements were known (the incremental update) or not."""
    chooser = random.Random(seed)
    placed = list(START)
    city = City(placed)
    ids = list(range(1, 62))
    chooser.shuffle(ids)
    for step, tid in enumerate(ids[:40]):
        if step % 5 != 4:  # now and then the parent's placements are never asked for
            options = city.placements()
        else:
            options = City(placed).placements()
        raised = [p for p in options if p[3] > 1]
        q, r, rot, _, _ = chooser.choice(raised if raised and chooser.random() < 0.4 else options)
        city = city.extended(tid, q, r, rot)
        placed = [*placed, [tid, q, r, rot]]
        _same_city(city, placed)


def test_extended_city_beyond_the_prefilled_table() -> None:
    placed = list(START)
    city = City(placed)
    for step in range(40):
        tid, q = 1 + step % 61, 2 + 2 * step
        city.placements()
        city = city.extended(tid, q, 0, 0)
        placed = [*placed, [tid, q, 0, 0]]
    _same_city(city, placed)
