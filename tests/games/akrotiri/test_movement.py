"""Boat movement (spec §2.5, D5, D18, D19, D32) through the public ``move_cost``, and the
search behind the ``move`` legal moves checked against an exhaustive one."""

from __future__ import annotations

import gc
import random

import pytest

from app.games import akrotiri
from app.games.akrotiri.board import Board
from app.games.akrotiri.cache import board_for_key, board_of, key_of
from app.games.akrotiri.movement import base_cost, legs_cost, move_cost, mover, reachable
from app.games.interface import IllegalMove, MalformedMove
from tests.games.akrotiri.helpers import at, destinations, game, moves_of, play

# T01 south of the start board: its port a1 is on the route from T1 (gate S2), and on to the
# east gate of its cell; T02 east of it, whose port b1 sits on that route. T01:b1 has no
# route to anything yet (its gates face empty cells).
MAP = [at("T01", 0, -2), at("T02", 1, -2)]


def test_a_sea_move_costs_one_action_loaded_or_empty() -> None:
    assert move_cost(MAP, "THERA:T1", [["sea", "T01:a1"]], False, "THERA:T2") == 1
    assert move_cost(MAP, "THERA:T1", [["sea", "T01:a1"]], True, "THERA:T2") == 1


def test_a_sea_move_passes_other_ports_freely() -> None:
    # D5: T1 → T02:b1 follows S2, passes T01:a1 without stopping: one move.
    assert move_cost(MAP, "THERA:T1", [["sea", "T02:b1"]], False, "THERA:T2") == 1


def test_passing_the_other_boats_port_inside_a_sea_move_costs_one_more() -> None:
    # D18: the only route to T02:b1 passes T01:a1, where the other boat is docked.
    assert move_cost(MAP, "THERA:T1", [["sea", "T02:b1"]], False, "T01:a1") == 2
    assert move_cost(MAP, "THERA:T1", [["sea", "T02:b1"]], True, "T01:a1") == 2


def test_an_empty_boat_buys_two_moves_per_action() -> None:
    legs = [["sea", "T01:a1"], ["sea", "THERA:pSE"]]
    assert move_cost(MAP, "THERA:T1", legs, True, "THERA:T2") == 1
    assert move_cost(MAP, "THERA:T1", legs, False, "THERA:T2") == 2
    three = [*legs, ["sea", "T02:b1"]]
    assert move_cost(MAP, "THERA:T1", three, True, "THERA:T2") == 2
    assert [base_cost(n, True, False) for n in range(1, 6)] == [1, 1, 2, 2, 3]
    assert [base_cost(n, True, True) for n in range(1, 6)] == [0, 1, 1, 2, 2]


def test_sail_into_the_other_boats_port_and_portage_across(  # D32
) -> None:
    legs = [["land", "THERA:T2"], ["sea", "THERA:pNW"]]
    # The move ends on T2 (the other boat) and the next one begins there: +1.
    assert move_cost(MAP, "THERA:T1", legs, True, "THERA:T2") == 2
    assert move_cost(MAP, "THERA:T1", legs, False, "THERA:T2") == 3
    with pytest.raises(IllegalMove, match="may not stop"):
        move_cost(MAP, "THERA:T1", [["land", "THERA:T2"]], True, "THERA:T2")


def test_ports_of_one_island_are_joined_by_land_not_by_sea() -> None:
    # D19: a route between two ports of one island is not a sea move.
    assert move_cost(MAP, "THERA:T1", [["land", "THERA:T2"]], False, None) == 1
    with pytest.raises(IllegalMove, match="another island"):
        move_cost(MAP, "THERA:T1", [["sea", "THERA:T2"]], False, None)
    with pytest.raises(IllegalMove, match="stays on one island"):
        move_cost(MAP, "THERA:T1", [["land", "T01:a1"]], False, None)
    with pytest.raises(IllegalMove, match="no route"):
        move_cost(MAP, "THERA:T1", [["sea", "T01:b1"]], False, None)


def test_bad_movements() -> None:
    with pytest.raises(IllegalMove):
        move_cost(MAP, "THERA:T1", [["sea", "T99:a1"]], False, None)
    with pytest.raises(IllegalMove):
        move_cost(MAP, "THERA:T1", [["sea", "T01:a1"]], False, "THERA:T1")
    with pytest.raises(IllegalMove, match="legs are a list"):
        move_cost(MAP, "THERA:T1", [["fly", "T01:a1"]], False, None)
    with pytest.raises(IllegalMove):
        move_cost(MAP, "THERA:T1", [], False, None)


def test_legal_moves_offer_each_reachable_port_at_its_cheapest() -> None:
    state = game(MAP, cargo=(["blue"], []))
    found = destinations(state)
    assert "THERA:T2" not in found  # the other boat is there
    assert found["T01:a1"] == found["T02:b1"] == found["THERA:pSE"] == 1
    assert found["THERA:pNW"] == 3  # land onto T2 (+1), sea to pNW: loaded, 2 + 1
    assert "T01:b1" not in found


def test_a_boat_may_be_left_without_any_move() -> None:
    state = game(MAP, boats=("T01:b1", "THERA:T2"))
    assert moves_of(state, "move") == []
    assert moves_of(state, "end_turn")


def test_the_second_move_of_a_paid_pair_is_free_until_another_command() -> None:
    state = game(MAP, actions=2)
    state = play(state, 0, {"type": "move", "legs": [["sea", "T01:a1"]]})
    assert state["actions"] == 1 and state["pending_free"]
    assert destinations(state)["T02:b1"] == 0
    free = play(state, 0, {"type": "move", "legs": [["sea", "T02:b1"]]})
    assert free["actions"] == 1 and not free["pending_free"]
    again = play(free, 0, {"type": "move", "legs": [["sea", "T01:a1"]]})
    assert again["actions"] == 0 and again["pending_free"]
    # Any other command in between forfeits it (here a free unload of nothing is not
    # possible, so end the movement with an oracle consultation).
    other = play(state, 0, {"type": "oracle", "terrain": "lake"})
    assert not other["pending_free"] and other["actions"] == 0
    assert destinations(other) == {}


def test_movement_needs_enough_actions() -> None:
    state = game(MAP, actions=1, cargo=(["blue"], []))
    with pytest.raises(IllegalMove, match="not enough actions"):
        play(state, 0, {"type": "move", "legs": [["sea", "T01:a1"], ["sea", "T02:b1"]]})


def exhaustive(move, start: int, empty: bool, free: bool, budget: int) -> dict[int, int]:  # type: ignore[no-untyped-def]
    """Cheapest cost per port by trying every leg from every state (port, legs, surcharge)."""
    count = len(move.port_keys)
    islands = move.island_of
    best: dict[int, int] = {}
    max_legs = budget if not empty else 2 * budget + free
    frontier = {(start, 0)}
    for legs in range(1, max_legs + 1):
        nxt = set()
        for port, extra in frontier:
            for end in range(count):
                kind = "land" if islands[end] == islands[port] else "sea"
                try:
                    charge = move.leg_surcharge(port, kind, end)
                except IllegalMove:
                    continue
                total = extra + charge
                if base_cost(legs, empty, free) + total > budget:
                    continue
                nxt.add((end, total))
                if end != move.closed:
                    cost = base_cost(legs, empty, free) + total
                    best[end] = min(cost, best.get(end, cost))
        frontier = nxt
    best.pop(start, None)
    return best


@pytest.mark.parametrize("seed", range(6))
def test_search_matches_an_exhaustive_one(seed: int) -> None:
    chooser = random.Random(seed)
    state = akrotiri.setup(2, {}, seed)
    while len(state["placements"]) < 12 + 3 * seed:
        (seat,) = akrotiri.to_act(state)
        moves = akrotiri.legal_moves(state, seat)
        state = akrotiri.apply(state, seat, chooser.choice(moves))
    board = board_of(state["placements"])
    boats = [board.port_index[b["at"]] for b in state["boats"]]
    for empty, free, budget in ((True, False, 2), (False, False, 2), (True, True, 1)):
        for seat in (0, 1):
            move = mover(board, boats[1 - seat])
            found = reachable(move, boats[seat], empty, free, budget)
            assert {p: c for p, (c, _) in found.items()} == exhaustive(
                move, boats[seat], empty, free, budget
            )
            for port, (cost, chain) in found.items():
                legs, here = [], boats[seat]
                for p in chain:
                    kind = "land" if move.island_of[p] == move.island_of[here] else "sea"
                    legs.append((kind, p))
                    here = p
                assert legs_cost(move, boats[seat], legs, empty, free) == cost
                assert chain[-1] == port


def test_a_move_names_its_port_or_lists_its_legs() -> None:
    state = game(MAP, cargo=(["blue"], []), actions=3)
    offered = {m["to"]: m for m in moves_of(state, "move")}
    assert offered["THERA:pNW"] == {"type": "move", "to": "THERA:pNW", "cost": 3}
    after = play(state, 0, offered["THERA:pNW"])
    assert after["boats"][0]["at"] == "THERA:pNW" and after["actions"] == 0
    assert after["log"][-1]["legs"] == [["land", "THERA:T2"], ["sea", "THERA:pNW"]]
    same = play(state, 0, {"type": "move", "legs": [["land", "THERA:T2"], ["sea", "THERA:pNW"]]})
    assert same == after
    short = game(MAP, cargo=(["blue"], []), actions=2)
    with pytest.raises(IllegalMove, match="cannot be reached with 2 action"):
        play(short, 0, {"type": "move", "to": "THERA:pNW"})
    with pytest.raises(IllegalMove, match="may not stop"):
        play(short, 0, {"type": "move", "to": "THERA:T2"})
    with pytest.raises(MalformedMove):
        play(short, 0, {"type": "move", "to": "T01:a1", "legs": [["sea", "T01:a1"]]})
    with pytest.raises(MalformedMove):
        play(short, 0, {"type": "move"})


def test_a_board_the_cache_drops_is_freed_without_the_cycle_collector() -> None:
    # The board's memo keeps its movers; a mover that held the board made a cycle, so each
    # board the cache dropped (~600 objects) waited for the cyclic collector: pauses of
    # 0.5-0.7 s of the whole server every ~10 s at R = 10 (bench/cost_curve.py).
    parent = board_for_key(key_of(MAP[:1]))
    flags = gc.get_debug()
    gc.collect()
    gc.set_debug(flags | gc.DEBUG_SAVEALL)
    try:
        board = parent.add("T02", 1, -2, 0)  # a new board, not memoised by the cache
        start, other = board.port_index["THERA:T1"], board.port_index["THERA:T2"]
        for closed in (None, other):
            reachable(mover(board, closed), start, True, False, 2)
        assert mover(board, other) is mover(board, other)  # still memoised on the board
        del board
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, Board)]
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
    assert left == []
