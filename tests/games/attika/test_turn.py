"""The turn (spec §4, §7, §8, §11; D10–D14, D16, D20, D23) through the public interface."""

from __future__ import annotations

import copy

import pytest

from app.games import attika
from app.games.attika.components import BUILDING_INDEX, BUILDINGS, GROUP_OF, PIECES
from app.games.attika.geometry import neighbours, topology
from app.games.attika.links import shrine_link
from app.games.interface import IllegalMove
from tests.games.attika.helpers import (
    empty_cells,
    moves_of,
    new_state,
    put,
    seat_to_act,
    set_hand,
    to_reserve,
)
from tests.games.attika.invariants import check_invariants

RICH = {"water": 6, "forest": 6, "hill": 6, "mountain": 6}


def play(state: dict, move: dict) -> dict:
    new = attika.apply(state, seat_to_act(state), move)
    check_invariants(new)
    return new


def kinds(state: dict) -> set[str]:
    return {m["type"] for m in attika.legal_moves(state, seat_to_act(state))}


def rich(seed: int = 0, seats: int = 2) -> dict:
    state = new_state(seats, seed)
    return set_hand(state, seat_to_act(state), **RICH)


def test_first_action_fixes_the_option_draw() -> None:
    state = rich()
    assert kinds(state) == {"draw", "build", "end_actions"}
    state = play(state, {"type": "draw", "stack": 1})
    assert kinds(state) == {"build_pending", "reserve_pending"}
    state = play(state, {"type": "reserve_pending"})
    assert kinds(state) == {"draw", "end_actions"}
    build = {"type": "build", "building": "well", "q": 0, "r": 0}
    with pytest.raises(IllegalMove, match="no building from the reserve after drawing"):
        attika.apply(state, seat_to_act(state), build)


def test_first_action_fixes_the_option_build() -> None:
    state = rich()
    state = play(state, moves_of(state, "build")[0])
    assert kinds(state) == {"build", "end_actions"}
    with pytest.raises(IllegalMove, match="no drawing after building"):
        attika.apply(state, seat_to_act(state), {"type": "draw", "stack": 0})


def test_two_draws_end_the_turn_without_cards() -> None:
    state = rich()
    seat = seat_to_act(state)
    for stack in (1, 2):
        state = play(state, {"type": "draw", "stack": stack})
        state = play(state, {"type": "reserve_pending"})
    assert seat_to_act(state) != seat
    assert sum(state["players"][seat]["hand"]) == 24
    assert [e["kind"] for e in state["log"][-2:]] == ["reserve", "end"]
    assert state["log"][-1]["cards"] == 0


def test_three_builds_end_the_turn() -> None:
    state = rich()
    seat = seat_to_act(state)
    for _ in range(3):
        assert seat_to_act(state) == seat
        state = play(state, moves_of(state, "build")[0])
    assert seat_to_act(state) != seat
    assert len(state["players"][seat]["reserve"]) == 1


@pytest.mark.parametrize(
    ("actions", "cards"),
    [([], 3), (["draw"], 1), (["build"], 2), (["build", "build"], 1)],
)
def test_unused_actions_give_cards_at_the_end(actions: list[str], cards: int) -> None:
    """D14/D23: one card per unused action of the option, three for a turn without one."""
    state = rich()
    seat = seat_to_act(state)
    for action in actions:
        if action == "draw":
            state = play(state, {"type": "draw", "stack": 1})
            state = play(state, {"type": "reserve_pending"})
        else:
            state = play(state, moves_of(state, "build")[0])
    before = sum(state["players"][seat]["hand"])
    (end,) = moves_of(state, "end_actions")
    assert end == {"type": "end_actions", "cards": cards}
    state = play(state, end)
    assert sum(state["players"][seat]["hand"]) == before + cards


def test_drawn_building_must_be_resolved_first() -> None:
    state = play(rich(), {"type": "draw", "stack": 2})
    seat = seat_to_act(state)
    for move in ({"type": "end_actions"}, {"type": "draw", "stack": 1}):
        with pytest.raises(IllegalMove, match="resolve the drawn building"):
            attika.apply(state, seat, move)
    pending = state["turn"]["pending"]
    assert (
        attika.view(state, None)["pending"]["building"]
        == attika.view(state, 0)["pending"]["building"]
    )
    built = play(state, moves_of(state, "build_pending")[0])
    assert built["turn"]["option"] == "draw" and built["turn"]["used"] == 1
    assert pending not in built["players"][seat]["reserve"]
    assert "draw" in kinds(built)  # building the drawn one is part of the draw action


def test_unaffordable_drawn_building_goes_to_the_reserve() -> None:
    """D20: a drawn building the player cannot pay for can only be reserved."""
    state = new_state()
    seat = seat_to_act(state)
    state = set_hand(state, seat)
    state = play(state, {"type": "draw", "stack": 0})  # a main building: never free
    assert [m["type"] for m in attika.legal_moves(state, seat)] == ["reserve_pending"]
    cell = empty_cells(state)[0]
    with pytest.raises(IllegalMove, match="cannot pay"):
        attika.apply(state, seat, {"type": "build_pending", "q": cell[0], "r": cell[1]})


def _last_in_stack(state: dict, seat: int, stack: int) -> dict:
    """A copy where ``stack`` holds a single building (the rest moved to the reserve)."""
    for b in state["players"][seat]["stacks"][stack][:-1]:
        state = to_reserve(state, seat, BUILDINGS[b].id)
    return state


def test_emptying_a_stack_grows_the_map_after_the_drawn_building() -> None:
    state = rich()
    seat = seat_to_act(state)
    state = _last_in_stack(state, seat, 1)
    deck_top = state["piece_deck"][-1]
    state = play(state, {"type": "draw", "stack": 1})
    assert state["turn"]["grow"] and state["turn"]["piece"] is None
    state = play(state, {"type": "reserve_pending"})
    assert state["turn"]["piece"] == deck_top
    placements = attika.legal_moves(state, seat)
    assert {m["type"] for m in placements} == {"place_piece"}
    anchors = topology(state["pieces"], state["shrines"]).anchors()
    assert len(placements) == 6 * len(anchors)
    assert all(m["piece"] == PIECES[deck_top].id for m in placements)
    with pytest.raises(IllegalMove, match="place the new map piece first"):
        attika.apply(state, seat, {"type": "end_actions"})
    land = len(state["occ"])
    state = play(state, placements[7])
    assert len(state["occ"]) == land + 7
    assert state["turn"]["piece"] is None and seat_to_act(state) == seat
    assert "draw" in kinds(state)


def test_growth_after_building_the_last_drawn_building_and_each_stack_once() -> None:
    state = rich()
    seat = seat_to_act(state)
    state = _last_in_stack(state, seat, 2)
    state = play(state, {"type": "draw", "stack": 2})
    state = play(state, moves_of(state, "build_pending")[0])
    assert kinds(state) == {"place_piece"}
    state = play(state, moves_of(state, "place_piece")[0])
    assert not state["players"][seat]["stacks"][2]
    assert all(m["stack"] != 2 for m in moves_of(state, "draw"))


def test_no_growth_with_an_empty_piece_deck() -> None:
    """D13: with no piece left, emptying a stack does nothing more."""
    state = rich()
    seat = seat_to_act(state)
    state = _last_in_stack(state, seat, 1)
    state = copy.deepcopy(state)
    hidden = state["piece_deck"]
    state["piece_deck"] = []
    state["pieces"] = state["pieces"]  # the map keeps its pieces
    state = attika.apply(state, seat, {"type": "draw", "stack": 1})
    state = attika.apply(state, seat, {"type": "reserve_pending"})
    assert state["turn"]["piece"] is None and "draw" in kinds(state)
    assert hidden  # the deck was not empty before the surgery


def test_illegal_piece_placements() -> None:
    state = rich()
    seat = seat_to_act(state)
    state = _last_in_stack(state, seat, 1)
    state = play(state, {"type": "draw", "stack": 1})
    state = play(state, {"type": "reserve_pending"})
    q, r = topology(state["pieces"], state["shrines"]).cells[0]
    with pytest.raises(IllegalMove, match="must not overlap"):
        attika.apply(state, seat, {"type": "place_piece", "q": q, "r": r, "rot": 0})
    with pytest.raises(IllegalMove, match="stale move"):
        good = moves_of(state, "place_piece")[0]
        attika.apply(state, seat, {**good, "piece": "T99"})


def test_all_stacks_empty_no_draw() -> None:
    """§11: with 4 empty stacks the draw option has no legal draw."""
    state = copy.deepcopy(rich())
    seat = seat_to_act(state)
    player = state["players"][seat]
    player["reserve"] += [b for stack in player["stacks"] for b in stack]
    player["stacks"] = [[], [], [], []]
    assert "draw" not in kinds(state)
    assert "end_actions" in kinds(state)


# ---- amphorae -------------------------------------------------------------------------


def _vineyard_state(supply: int = 15) -> tuple[dict, int, tuple[int, int]]:
    """The seat to act owns a Vineyard on a quiet hex and holds the Vintner in reserve."""
    state = rich()
    seat = seat_to_act(state)
    cell = empty_cells(state)[0]
    state = put(state, seat, "vineyard", cell)
    state = to_reserve(state, seat, "vintner")
    if supply < 15:
        state = copy.deepcopy(state)
        state["amphorae"] = supply
        state["players"][1 - seat]["amphorae"] = 15 - supply
    return state, seat, cell


def _build_at(state: dict, building: str, cell: tuple[int, int]) -> dict:
    (move,) = [
        m
        for m in moves_of(state, "build")
        if m["building"] == building and (m["q"], m["r"]) == cell
    ]
    return play(state, move)


def test_connected_group_earns_an_amphora() -> None:
    state, seat, cell = _vineyard_state()
    nxt = next(n for n in neighbours(*cell) if n in empty_cells(state))
    state = _build_at(state, "vintner", nxt)
    assert state["players"][seat]["amphorae"] == 1 and state["amphorae"] == 14
    assert state["players"][seat]["earned"] == [GROUP_OF[BUILDING_INDEX["vintner"]]]
    assert any(e["kind"] == "amphora" and e["group"] == "viticulture" for e in state["log"])


def test_scattered_group_earns_nothing() -> None:
    state, seat, cell = _vineyard_state()
    far = next(c for c in empty_cells(state) if c not in neighbours(*cell) and c != cell)
    state = _build_at(state, "vintner", far)
    assert state["players"][seat]["amphorae"] == 0 and state["players"][seat]["earned"] == []


def test_empty_supply_gives_a_card_instead() -> None:
    """D11."""
    state, seat, cell = _vineyard_state(supply=0)
    cards = sum(state["players"][seat]["hand"])
    nxt = next(n for n in neighbours(*cell) if n in empty_cells(state))
    state = _build_at(state, "vintner", nxt)  # free: next to its Vineyard
    assert state["players"][seat]["amphorae"] == 0
    assert sum(state["players"][seat]["hand"]) == cards + 1
    assert state["players"][seat]["earned"] == [GROUP_OF[BUILDING_INDEX["vintner"]]]


def _with_amphorae(n: int) -> tuple[dict, int]:
    state = copy.deepcopy(rich())
    seat = seat_to_act(state)
    state["players"][seat]["amphorae"] = n
    state["amphorae"] -= n
    return state, seat


def test_amphora_phase_after_the_normal_turn() -> None:
    state, seat = _with_amphorae(2)
    state = play(state, moves_of(state, "build")[0])  # the build option
    state = play(state, {"type": "end_actions"})
    assert state["turn"]["phase"] == "amphora" and seat_to_act(state) == seat
    assert kinds(state) == {"draw", "build", "take_card", "pass"}
    assert all(
        m.get("amphora") is True for m in attika.legal_moves(state, seat) if m["type"] != "pass"
    )
    # exempt from the no-mixing rule: a draw after building
    state = play(state, {"type": "draw", "stack": 1, "amphora": True})
    assert state["players"][seat]["amphorae"] == 1 and state["amphorae"] == 14
    state = play(state, {"type": "reserve_pending"})
    assert state["turn"]["phase"] == "amphora"
    cards = sum(state["players"][seat]["hand"])
    state = play(state, {"type": "take_card", "amphora": True})
    assert sum(state["players"][seat]["hand"]) == cards + 1
    assert seat_to_act(state) != seat  # no amphora left: the turn is over
    assert state["amphorae"] == 15


def test_amphora_phase_build_and_pass() -> None:
    state, seat = _with_amphorae(3)
    state = play(state, {"type": "end_actions"})
    state = play(state, moves_of(state, "build")[0])
    assert state["players"][seat]["amphorae"] == 2
    state = play(state, {"type": "pass"})
    assert seat_to_act(state) != seat and state["players"][seat]["amphorae"] == 2


def test_amphora_claims_must_match_the_phase() -> None:
    state, seat = _with_amphorae(1)
    with pytest.raises(IllegalMove, match="no amphora phase"):
        attika.apply(state, seat, {"type": "draw", "stack": 1, "amphora": True})
    with pytest.raises(IllegalMove, match="amphora phase"):
        attika.apply(state, seat, {"type": "take_card"})
    with pytest.raises(IllegalMove):
        attika.apply(state, seat, {"type": "pass"})
    state = play(state, {"type": "end_actions"})
    with pytest.raises(IllegalMove, match="already over"):
        attika.apply(state, seat, {"type": "end_actions"})


def test_amphora_draw_that_empties_a_stack_grows_the_map() -> None:
    """§11."""
    state, seat = _with_amphorae(1)
    state = _last_in_stack(state, seat, 3)
    state = play(state, {"type": "end_actions"})
    state = play(state, {"type": "draw", "stack": 3, "amphora": True})
    state = play(state, {"type": "reserve_pending"})
    assert kinds(state) == {"place_piece"}
    state = play(state, moves_of(state, "place_piece")[-1])
    assert seat_to_act(state) != seat


def test_amphora_earned_this_turn_is_usable_this_turn() -> None:
    state, seat, cell = _vineyard_state()
    nxt = next(n for n in neighbours(*cell) if n in empty_cells(state))
    state = _build_at(state, "vintner", nxt)
    state = play(state, {"type": "end_actions"})
    assert state["turn"]["phase"] == "amphora" and seat_to_act(state) == seat


# ---- cards ----------------------------------------------------------------------------


def test_empty_deck_reshuffles_the_discard_pile() -> None:
    """D16: the discard pile becomes the new deck."""
    state = copy.deepcopy(new_state())
    seat = seat_to_act(state)
    deck = state["deck"]
    state["discard"] = [deck.count(code) for code in range(4)]
    state["deck"] = []
    state = play(state, {"type": "end_actions"})
    assert any(e["kind"] == "reshuffle" for e in state["log"])
    assert state["discard"] == [0, 0, 0, 0] and state["rng"] != new_state()["rng"]
    assert state["log"][-1] == {**state["log"][-1], "kind": "end", "cards": 3}
    assert seat_to_act(state) != seat


def test_no_cards_at_all_gives_nothing() -> None:
    state = copy.deepcopy(new_state())
    other = 1 - seat_to_act(state)
    for code in state["deck"]:
        state["players"][other]["hand"][code] += 1
    state["deck"] = []
    state = play(state, {"type": "end_actions"})
    assert state["log"][-1]["cards"] == 0 and state["log"][-1]["owed"] == 3


def test_a_full_round_of_idle_turns_is_a_stalemate() -> None:
    """Decision: seats turns in a row that change nothing end the game."""
    state = copy.deepcopy(new_state())
    for code in state["deck"]:
        state["players"][0]["hand"][code] += 1
    state["deck"] = []
    state = play(state, {"type": "end_actions"})
    assert state["idle"] == 1 and attika.result(state) is None
    state = play(state, {"type": "end_actions"})
    assert state["victory"] == "stalemate" and attika.to_act(state) == set()
    outcome = attika.result(state)
    assert outcome is not None and outcome["winner"] is None
    assert sorted(s for g in outcome["ranking"] for s in g) == [0, 1]


def test_an_active_turn_resets_the_idle_count() -> None:
    state = copy.deepcopy(rich())
    state["idle"] = 1
    state = play(state, {"type": "draw", "stack": 1})
    state = play(state, {"type": "reserve_pending"})
    state = play(state, {"type": "end_actions"})
    assert state["idle"] == 0


# ---- victory --------------------------------------------------------------------------


def test_thirty_buildings_win_at_once() -> None:
    state = set_hand(new_state(4, 3), new_state(4, 3)["start"], **RICH)
    seat = seat_to_act(state)
    free = empty_cells(state)
    last = BUILDINGS[state["players"][seat]["reserve"][0]].id
    for b in BUILDINGS:
        if b.id != last:
            state = put(state, seat, b.id, free.pop())
    assert state["winner"] is None
    # (groups completed by the surgery above earned no amphora: no invariant check here)
    state = attika.apply(state, seat, moves_of(state, "build")[0])
    assert state["winner"] == seat and state["victory"] == "all_built"
    result = attika.result(state)
    assert result is not None and result["ranking"][0] == [seat]


def _shrine_path(state: dict, seat: int) -> list[tuple[int, int]]:
    topo = topology(state["pieces"], state["shrines"])
    link = shrine_link(topo, state["occ"], seat)
    assert link is not None
    return [topo.cells[i] for i in link[1]]


def _fill(state: dict, seat: int, cells: list[tuple[int, int]]) -> dict:
    spare = [
        b.id
        for b in BUILDINGS
        if b.index in [x for s in state["players"][seat]["stacks"] for x in s]
    ]
    for cell in cells:
        state = put(state, seat, spare.pop(), cell)
    return state


def test_joining_two_shrines_wins_at_once() -> None:
    state = rich()
    seat = seat_to_act(state)
    path = _shrine_path(state, seat)
    state = _fill(state, seat, path[1:])
    assert state["winner"] is None
    move = next(m for m in moves_of(state, "build") if (m["q"], m["r"]) == path[0])
    state = attika.apply(state, seat, move)  # surgery: no invariant check
    assert state["winner"] == seat and state["victory"] == "shrines"
    assert any(e["kind"] == "win" for e in state["log"])
    line = {tuple(h) for h in attika.view(state, None)["winning_line"]}
    assert set(path) <= line
    with pytest.raises(Exception, match="over"):
        attika.apply(state, seat, {"type": "end_actions"})


def test_a_foreign_building_breaks_the_line() -> None:
    state = rich()
    seat = seat_to_act(state)
    path = _shrine_path(state, seat)
    state = _fill(state, 1 - seat, path[len(path) // 2 : len(path) // 2 + 1])
    state = _fill(state, seat, [c for i, c in enumerate(path) if i not in (0, len(path) // 2)])
    move = next(m for m in moves_of(state, "build") if (m["q"], m["r"]) == path[0])
    state = attika.apply(state, seat, move)  # surgery: no invariant check
    assert state["winner"] is None
