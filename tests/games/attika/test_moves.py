"""Move shapes, claims and payments in ``legal_moves`` / ``apply`` (:mod:`.moves`)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from app.games import attika
from app.games.attika.components import BUILDING_INDEX, TYPES
from app.games.attika.costs import build_cost, min_payment_cards, payment_valid
from app.games.attika.geometry import topology
from app.games.interface import IllegalMove, MalformedMove, NotYourTurn
from tests.games.attika.helpers import (
    empty_cells,
    moves_of,
    new_state,
    put,
    seat_to_act,
    set_hand,
    to_reserve,
)

BAD_SHAPES: list[Any] = [
    None,
    [],
    "draw",
    {},
    {"type": "fly"},
    {"type": 3},
    {"type": "draw"},
    {"type": "draw", "stack": True},
    {"type": "draw", "stack": "1"},
    {"type": "draw", "stack": 1, "colour": "red"},
    {"type": "build", "building": 7, "q": 0, "r": 0},
    {"type": "build", "building": "well", "q": 0},
    {"type": "build", "building": "well", "q": 0, "r": 0, "pay": []},
    {"type": "build", "building": "well", "q": 0, "r": 0, "pay": {"gold": 1}},
    {"type": "build", "building": "well", "q": 0, "r": 0, "pay": {"water": -1}},
    {"type": "build", "building": "well", "q": 0, "r": 0, "pay": {"water": 1.5}},
    {"type": "build", "building": "well", "q": 0, "r": 0, "cost": 3},
    {"type": "build", "building": "well", "q": 10**9, "r": 0},
    {"type": "draw", "stack": 1, "amphora": "yes"},
    {"type": "place_piece", "q": 0, "r": 0},
    {"type": "place_piece", "q": 0, "r": 0, "rot": 1, "piece": 4},
    {"type": "end_actions", "cards": None},
]


@pytest.mark.parametrize("move", BAD_SHAPES)
def test_malformed_moves(move: Any) -> None:
    state = new_state()
    before = copy.deepcopy(state)
    with pytest.raises(MalformedMove):
        attika.apply(state, seat_to_act(state), move)
    assert state == before


def test_wrong_seat_and_finished_game() -> None:
    state = new_state()
    other = 1 - seat_to_act(state)
    assert attika.legal_moves(state, other) == []
    with pytest.raises(NotYourTurn):
        attika.apply(state, other, {"type": "end_actions"})
    over = copy.deepcopy(state)
    over["turn"]["phase"] = "over"
    over["winner"], over["victory"] = 0, "shrines"
    with pytest.raises(NotYourTurn):
        attika.apply(over, 0, {"type": "end_actions"})
    assert attika.legal_moves(over, 0) == []


def _hand(state: dict, seat: int) -> dict[str, int]:
    return dict(zip(TYPES, state["players"][seat]["hand"], strict=True))


def _rich_state(seed: int = 1) -> tuple[dict, int]:
    state = new_state(3, seed)
    seat = seat_to_act(state)
    return set_hand(state, seat, water=1, forest=3, hill=0, mountain=4), seat


def test_build_claims_describe_cost_and_canonical_payment() -> None:
    state, seat = _rich_state()
    view = attika.view(state, seat)
    hand = _hand(state, seat)
    buildings = [
        {"q": b["q"], "r": b["r"], "player": b["seat"], "building": b["building"]}
        for b in view["buildings"]
    ]
    builds = moves_of(state, "build")
    assert builds
    for move in builds:
        cost = build_cost(view["land"], buildings, seat, move["building"], move)
        assert move["cost"] == cost
        assert payment_valid(cost["due"], cost["due_any"], hand, move["pay"])
        assert sum(move["pay"].values()) == min_payment_cards(cost["due"], cost["due_any"], hand)
        matched = {t: min(cost["due"][t], hand[t]) for t in TYPES}
        assert move["matched"] == {t: n for t, n in matched.items() if n}
        assert move["jokers"] == sum(cost["due"].values()) - sum(matched.values())
    # nothing unpayable is listed, and every payable empty hex is
    listed = {(m["building"], m["q"], m["r"]) for m in builds}
    for b in {m["building"] for m in builds}:
        for q, r in empty_cells(state):
            cost = build_cost(view["land"], buildings, seat, b, {"q": q, "r": r})
            payable = min_payment_cards(cost["due"], cost["due_any"], hand) is not None
            assert ((b, q, r) in listed) == payable


def test_canonical_payment_keeps_the_rarest_cards() -> None:
    state, seat = _rich_state()
    move = next(m for m in moves_of(state, "build") if m["jokers"] or m["cost"]["due_any"])
    extra = 2 * move["jokers"] + move["cost"]["due_any"]
    spent = {t: move["pay"].get(t, 0) - move["matched"].get(t, 0) for t in TYPES}
    assert sum(spent.values()) == extra
    # the extra cards come from the types held most (mountain 4, then forest 3)
    assert spent["water"] == 0 or spent["mountain"] + spent["forest"] == 7


def test_any_choice_of_the_extra_cards_is_accepted() -> None:
    state, seat = _rich_state()
    move = next(m for m in moves_of(state, "build") if 2 * m["jokers"] + m["cost"]["due_any"] >= 1)
    hand = _hand(state, seat)
    rest = {t: hand[t] - move["matched"].get(t, 0) for t in TYPES}
    extra = 2 * move["jokers"] + move["cost"]["due_any"]
    other = dict(move["matched"])
    left = extra
    for t in reversed(TYPES):  # another order than the canonical one
        take = min(left, rest[t])
        if take:
            other[t] = other.get(t, 0) + take
            left -= take
    assert left == 0
    after = attika.apply(state, seat, {**move, "pay": other})
    assert _hand(after, seat) == {t: hand[t] - other.get(t, 0) for t in TYPES}
    assert sum(after["discard"]) == sum(state["discard"]) + sum(other.values())


def test_voluntary_pair_accepted_over_payment_refused() -> None:
    state = new_state()
    seat = seat_to_act(state)
    state = set_hand(state, seat, water=5, forest=5, hill=5, mountain=5)
    move = next(
        m for m in moves_of(state, "build") if m["cost"]["due"]["water"] and not m["cost"]["free"]
    )
    pay = dict(move["pay"])
    pay["water"] -= 1
    pay["forest"] = pay.get("forest", 0) + 2  # a pair instead of the water held
    bare = {k: v for k, v in move.items() if k not in ("matched", "jokers")}
    attika.apply(state, seat, {**bare, "pay": pay})
    over = dict(move["pay"])
    over["hill"] = over.get("hill", 0) + sum(move["cost"]["due"].values()) + 1
    with pytest.raises(IllegalMove, match="does not pay"):
        attika.apply(state, seat, {**bare, "pay": over})
    # matched/jokers describe the position (hand and cost), not the chosen payment
    attika.apply(state, seat, move | {"pay": pay})


def test_claims_are_optional_but_checked_when_sent() -> None:
    state, seat = _rich_state()
    move = moves_of(state, "build")[0]
    bare = {k: move[k] for k in ("type", "building", "q", "r")}
    assert attika.apply(state, seat, bare) == attika.apply(state, seat, move)
    stale = copy.deepcopy(move)
    stale["cost"]["due_any"] += 1
    with pytest.raises(IllegalMove, match="stale move: cost"):
        attika.apply(state, seat, stale)
    with pytest.raises(IllegalMove, match="stale move: ending now gives 3"):
        attika.apply(state, seat, {"type": "end_actions", "cards": 1})


def test_where_one_cannot_build() -> None:
    state, seat = _rich_state()
    topo = topology(state["pieces"], state["shrines"])
    name = moves_of(state, "build")[0]["building"]
    sq, sr = topo.shrine_cells[0]
    for (q, r), reason in (((sq, sr), "a shrine"), ((40, 40), "not land")):
        with pytest.raises(IllegalMove, match=reason):
            attika.apply(state, seat, {"type": "build", "building": name, "q": q, "r": r})
    cell = empty_cells(state)[0]
    taken = put(state, 1 - seat if seat else 1, "well", cell)
    with pytest.raises(IllegalMove, match="a building stands there"):
        attika.apply(taken, seat, {"type": "build", "building": name, "q": cell[0], "r": cell[1]})
    with pytest.raises(IllegalMove, match="not in your reserve"):
        attika.apply(state, seat, {"type": "build", "building": "library", "q": 0, "r": 0})
    with pytest.raises(IllegalMove, match="unknown building"):
        attika.apply(state, seat, {"type": "build", "building": "palace", "q": 0, "r": 0})
    for stack, reason in ((9, "no stack 9"),):
        with pytest.raises(IllegalMove, match=reason):
            attika.apply(state, seat, {"type": "draw", "stack": stack})


def test_twins_are_listed_once_and_either_id_is_accepted() -> None:
    state = new_state()
    seat = seat_to_act(state)
    state = set_hand(state, seat, water=5, forest=5, hill=5, mountain=5)
    for name in ("tower_2", "tower_1", "road_3", "road_1"):
        state = to_reserve(state, seat, name)
    builds = moves_of(state, "build")
    names = {m["building"] for m in builds}
    reserve = list(state["players"][seat]["reserve"])
    first_tower = (
        "tower_1"
        if reserve.index(BUILDING_INDEX["tower_1"]) < reserve.index(BUILDING_INDEX["tower_2"])
        else "tower_2"
    )
    assert first_tower in names and ({"tower_1", "tower_2"} - {first_tower}).isdisjoint(names)
    assert len(names & {"road_1", "road_2", "road_3", "road_4"}) == 1
    move = next(m for m in builds if m["building"] == first_tower)
    twin = "tower_2" if first_tower == "tower_1" else "tower_1"
    after = attika.apply(state, seat, {**move, "building": twin})
    assert BUILDING_INDEX[twin] not in after["players"][seat]["reserve"]
    assert BUILDING_INDEX[first_tower] in after["players"][seat]["reserve"]


def test_free_builds_are_listed_with_no_payment() -> None:
    state = new_state()
    seat = seat_to_act(state)
    state = set_hand(state, seat)
    cell = empty_cells(state)[3]
    state = put(state, seat, "quarry", cell)
    state = to_reserve(state, seat, "fortress")
    free = [m for m in moves_of(state, "build") if m["building"] == "fortress"]
    assert free and all(m["cost"]["free"] and m["pay"] == {} for m in free)
    for m in free:
        assert abs(m["q"] - cell[0]) <= 1 and abs(m["r"] - cell[1]) <= 1
    rich = set_hand(state, seat, hill=2)
    with pytest.raises(IllegalMove, match="does not pay"):
        attika.apply(rich, seat, {**free[0], "pay": {"hill": 1}})
