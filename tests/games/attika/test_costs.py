"""The public cost functions on hand-built boards (spec §5.2–5.4, §11 examples, D3–D8)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.attika.components import BUILDINGS, TYPES
from app.games.attika.costs import build_cost, min_payment_cards, payment_valid
from tests.games.attika.helpers import bld, land

ZERO = dict.fromkeys(TYPES, 0)
ORIGIN = {"q": 0, "r": 0}


def due(**owed: int) -> dict[str, int]:
    return {**ZERO, **owed}


def cost(
    board: list[dict], buildings: list[dict], building: str, player: int = 0, target=ORIGIN
) -> dict:
    return build_cost(board, buildings, player, building, target)


def test_example_a_vintner() -> None:
    """§11 example A: hills cover H2, forest owed, not free (predecessor two hexes away),
    a second colony while one exists costs 1 more."""
    board = land({(1, 0): "hill", (-1, 0): "hill", (0, 1): "water"})
    vineyard = bld(2, -2, 0, "vineyard")
    assert cost(board, [vineyard], "vintner") == {
        "free": False,
        "due": due(forest=1),
        "due_any": 1,
        "founds_new_colony": True,
    }


def test_example_b_first_road() -> None:
    """§11 example B: forest under the road, water next to it, a covered mountain: 2
    visible symbols, so 5 - 2 = 3 cards of any kind; +1 with one colony elsewhere."""
    board = land({(0, 0): "forest", (1, 0): "water", (0, 1): "mountain"})
    other = bld(0, 1, 1, "well")
    first = cost(board, [other], "road_1")
    assert first == {"free": False, "due": ZERO, "due_any": 3, "founds_new_colony": True}
    elsewhere = bld(3, -3, 0, "quarry")
    assert cost(board, [other, elsewhere], "road_1")["due_any"] == 4


def test_main_building_pays_its_data_cost_on_blank_land() -> None:
    for b in BUILDINGS:
        result = cost(land(), [], b.id)
        assert not result["free"] and result["founds_new_colony"]
        assert result["due"] == dict(zip(TYPES, b.cost, strict=True))
        assert result["due_any"] == b.cost_any


def test_symbols_on_target_and_unoccupied_neighbours_reduce_same_type_only() -> None:
    """D3/D4: the target's own symbol and its unoccupied neighbours' count, one unit of the
    same resource each; a covered symbol counts for nothing; other types do not help."""
    board = land({(0, 0): "mountain", (1, 0): "mountain", (0, -1): "forest", (-1, 1): "water"})
    assert cost(board, [], "quarry")["due"] == due(forest=0, hill=1, mountain=1)
    covered = bld(1, 0, 1, "well")
    assert cost(board, [covered], "quarry")["due"] == due(hill=1, mountain=2)
    far = land({(2, 0): "mountain"})
    assert cost(far, [], "quarry")["due"] == due(forest=1, hill=1, mountain=3)


def test_symbols_are_not_consumed() -> None:
    board = land({(1, 0): "hill", (-1, 0): "hill"})
    first = cost(board, [], "vineyard")
    built = [bld(0, -1, 1, "tavern")]  # a building elsewhere covers nothing relevant
    again = cost(board, built, "vineyard")
    assert first["due"] == again["due"] == due(water=1, hill=1)


def test_successor_next_to_own_predecessor_is_free_whatever_it_costs() -> None:
    buildings = [bld(1, 0, 0, "fortress"), bld(3, 3, 0, "well"), bld(-3, 0, 0, "mill")]
    result = cost(land(), buildings, "tower_1")
    assert result == {"free": True, "due": ZERO, "due_any": 0, "founds_new_colony": False}
    assert cost(land(), [bld(0, 1, 0, "harbour")], "ship_2")["free"]
    assert cost(land(), [bld(-1, 1, 0, "agora")], "council_house")["free"]


@pytest.mark.parametrize(
    ("neighbour", "building", "case"),
    [
        (bld(1, 0, 0, "tower_1"), "fortress", "reverse order"),
        (bld(1, 0, 0, "quarry"), "tower_1", "short-circuit"),
        (bld(1, 0, 1, "fortress"), "tower_1", "other colour"),
        (bld(1, 0, 0, "tower_1"), "tower_2", "siblings"),
        (bld(1, 0, 0, "ship_1"), "ship_2", "siblings"),
        (bld(1, 0, 0, "agora"), "quarry", "main building"),
        (bld(1, 0, 0, "temple"), "agora", "main building"),
        (bld(2, 0, 0, "fortress"), "tower_1", "predecessor not adjacent"),
    ],
)
def test_logical_order_exceptions_are_paid(neighbour: dict, building: str, case: str) -> None:
    """D6: reverse order, short-circuit, other colour, siblings, main buildings, and a
    predecessor that is not next to the target all pay the full cost."""
    result = cost(land(), [neighbour], building)
    b = next(b for b in BUILDINGS if b.id == building)
    assert not result["free"], case
    assert result["due"] == dict(zip(TYPES, b.cost, strict=True)), case


def test_road_free_only_next_to_an_own_road() -> None:
    """D7: a road next to an own road is free; next to another player's road it pays."""
    assert cost(land(), [bld(1, 0, 0, "road_3")], "road_1")["free"]
    theirs = cost(land(), [bld(1, 0, 1, "road_3")], "road_1")
    assert not theirs["free"] and theirs["due_any"] == 5
    # next to an own non-road building: no surcharge, but not free
    joined = cost(land(), [bld(1, 0, 0, "well")], "road_1")
    assert joined == {"free": False, "due": ZERO, "due_any": 5, "founds_new_colony": False}


def test_road_counts_every_visible_symbol_of_any_type_and_never_goes_negative() -> None:
    symbols = dict.fromkeys([(0, 0), (1, 0), (-1, 0), (0, 1)], "water")
    symbols |= {(0, -1): "forest", (1, -1): "hill", (-1, 1): "mountain"}
    assert cost(land(symbols), [], "road_2")["due_any"] == 0
    assert cost(land({(1, 0): "hill", (0, 1): "water"}), [], "road_2")["due_any"] == 3


def test_new_colony_surcharge_counts_existing_colonies() -> None:
    """§5.4/D8: first building of the game +0; a new colony costs +1 per colony; building
    next to an own building founds nothing; joining colonies lowers later surcharges."""
    assert cost(land(), [], "well")["due_any"] == 0
    two = [bld(3, 0, 0, "quarry"), bld(-3, 0, 0, "agora")]
    assert cost(land(), two, "well") == {
        "free": False,
        "due": due(water=2, hill=1, mountain=1),
        "due_any": 2,
        "founds_new_colony": True,
    }
    touching = cost(land(), two, "well", target={"q": 2, "r": 0})
    assert touching["due_any"] == 0 and not touching["founds_new_colony"]
    joined = [
        bld(2, 0, 0, "quarry"),
        bld(-3, 0, 0, "agora"),
        *(bld(q, 0, 0, f"road_{i}") for i, q in enumerate((-2, -1, 0, 1), start=1)),
    ]
    assert cost(land(), joined, "well", target={"q": 0, "r": 3})["due_any"] == 1
    # other players' colonies never count, and a shrine (not land) never joins
    theirs = [bld(3, 0, 1, "quarry"), bld(-3, 0, 2, "agora")]
    assert cost(land(), theirs, "well")["due_any"] == 0


def test_free_building_never_pays_a_surcharge() -> None:
    buildings = [bld(1, 0, 0, "quarry"), bld(4, -4, 0, "well"), bld(-4, 4, 0, "agora")]
    assert cost(land(), buildings, "fortress")["due_any"] == 0


def test_aliases_and_unknown_buildings() -> None:
    assert cost(land(), [bld(1, 0, 0, "fortress")], "tower")["free"]
    assert cost(land(), [bld(1, 0, 0, "road")], "road")["free"]
    with pytest.raises(ValueError):
        cost(land(), [], "palace")


# ---- payments -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("owed", "owed_any", "hand", "payment", "ok"),
    [
        (due(forest=1, hill=2), 0, {"forest": 1, "hill": 2}, {"forest": 1, "hill": 2}, True),
        # a missing hill paid by any pair (not necessarily identical)
        (due(hill=1), 0, {"water": 1, "mountain": 1}, {"water": 1, "mountain": 1}, True),
        # a voluntary pair although the hand holds the hill
        (due(hill=1), 0, {"hill": 1, "water": 2}, {"water": 2}, True),
        (due(forest=1), 0, {"forest": 1, "hill": 1}, {"forest": 1, "hill": 1}, True),
        # over-payment: every card must be used
        (due(forest=1), 0, {"forest": 2, "hill": 1}, {"forest": 2, "hill": 1}, False),
        (due(forest=1), 0, {"forest": 2}, {"forest": 2}, True),
        (due(forest=2), 0, {"forest": 2, "hill": 2}, {"forest": 1, "hill": 1}, False),
        (due(forest=2), 0, {"forest": 1, "hill": 2}, {"forest": 1, "hill": 2}, True),
        # due_any: exactly that many cards of any kind
        (ZERO, 2, {"water": 3}, {"water": 2}, True),
        (ZERO, 2, {"water": 3}, {"water": 1}, False),
        (ZERO, 2, {"water": 3}, {"water": 3}, False),
        (due(water=1), 1, {"water": 1, "hill": 1}, {"water": 1, "hill": 1}, True),
        (due(water=1), 1, {"hill": 3}, {"hill": 3}, True),
        # not in hand
        (due(water=1), 0, {"hill": 1}, {"water": 1}, False),
        # a free building: nothing or invalid
        (ZERO, 0, {"hill": 1}, {}, True),
        (ZERO, 0, {"hill": 1}, {"hill": 1}, False),
        # too few cards
        (due(water=2), 0, {"water": 1, "hill": 1}, {"water": 1, "hill": 1}, False),
    ],
)
def test_payment_valid(owed: dict, owed_any: int, hand: dict, payment: dict, ok: bool) -> None:
    assert payment_valid(owed, owed_any, hand, payment) is ok


def test_payment_functions_accept_sparse_dicts_and_refuse_junk() -> None:
    assert payment_valid({"forest": 1}, 0, {"forest": 1}, {"forest": 1})
    assert min_payment_cards({"forest": 1}, 0, {"forest": 1}) == 1
    with pytest.raises(ValueError):
        payment_valid({"gold": 1}, 0, {}, {})
    with pytest.raises(ValueError):
        min_payment_cards(ZERO, -1, {})


@pytest.mark.parametrize(
    ("owed", "owed_any", "hand", "expected"),
    [
        (due(forest=1, hill=2), 0, {"forest": 1, "hill": 2}, 3),
        (due(forest=1, hill=2), 0, {"forest": 1, "water": 4}, 5),
        (due(forest=1, hill=2), 0, {"forest": 1, "water": 3}, None),
        (due(forest=1), 1, {"forest": 1, "hill": 1}, 2),
        (due(forest=1), 1, {"forest": 1}, None),
        (ZERO, 0, {}, 0),
        (ZERO, 3, {"water": 2, "hill": 1}, 3),
    ],
)
def test_min_payment_cards(owed: dict, owed_any: int, hand: dict, expected: int | None) -> None:
    assert min_payment_cards(owed, owed_any, hand) == expected


def _brute_valid(owed: tuple[int, ...], owed_any: int, pay: tuple[int, ...]) -> bool:
    """Try every split of each owed symbol into 'paid by a matching card' and 'paid by a
    pair'; the cards left over must exactly fill the pairs and the any-slots."""
    for pairs in itertools.product(*(range(d + 1) for d in owed)):
        matched = [d - j for d, j in zip(owed, pairs, strict=True)]
        if any(m > p for m, p in zip(matched, pay, strict=True)):
            continue
        if sum(pay) - sum(matched) == 2 * sum(pairs) + owed_any:
            return True
    return False


counts = st.tuples(*(st.integers(0, 3) for _ in TYPES))


@settings(deadline=None)  # no wall-clock limits in tests (a loaded CI machine)
@given(counts, st.integers(0, 3), counts, counts)
def test_payment_valid_matches_brute_force(owed, owed_any, hand, pay) -> None:
    named = lambda c: dict(zip(TYPES, c, strict=True))  # noqa: E731
    expected = all(p <= h for p, h in zip(pay, hand, strict=True)) and _brute_valid(
        owed, owed_any, pay
    )
    assert payment_valid(named(owed), owed_any, named(hand), named(pay)) is expected


@settings(deadline=None, max_examples=60)
@given(counts, st.integers(0, 3), counts)
def test_min_payment_cards_is_the_smallest_valid_payment(owed, owed_any, hand) -> None:
    named = lambda c: dict(zip(TYPES, c, strict=True))  # noqa: E731
    sizes = [
        sum(pay)
        for pay in itertools.product(*(range(h + 1) for h in hand))
        if _brute_valid(owed, owed_any, pay)
    ]
    assert min_payment_cards(named(owed), owed_any, named(hand)) == (min(sizes) if sizes else None)
