"""Turn flow and refusals (spec §5, D10–D13, D15) through the public interface."""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest

from app.games import akropolis
from app.games.akropolis.geometry import City
from app.games.interface import IllegalMove, MalformedMove, NotYourTurn


def _state(seats: int = 2, seed: int = 0, **options: Any) -> dict:
    return akropolis.setup(seats, options, seed)


def _with(state: dict, seat: int, **record: Any) -> dict:
    """A copy of ``state`` with seat's city record fields replaced."""
    cities = list(state["cities"])
    cities[seat] = {**cities[seat], **record}
    return {**state, "cities": cities}


def _ground(state: dict, seat: int) -> dict[str, int]:
    """Some legal ground placement for the seat (the first one listed)."""
    q, r, rot, level, _ = next(
        p for p in City(state["cities"][seat]["placed"]).placements() if p[3] == 1
    )
    assert level == 1
    return {"q": q, "r": r, "rot": rot}


def test_only_the_seat_to_act_has_moves() -> None:
    state = _state(3, seed=2)
    seat = state["turn"]
    assert akropolis.to_act(state) == {seat}
    assert akropolis.legal_moves(state, seat)
    for other in {0, 1, 2} - {seat}:
        assert akropolis.legal_moves(state, other) == []
        with pytest.raises(NotYourTurn):
            akropolis.apply(state, other, {"tile": 0, **_ground(state, other)})


@pytest.mark.parametrize(
    "move",
    [
        None,
        [0, 0, 0, 0],
        {"tile": 0, "q": 0, "r": 0},
        {"tile": 0, "q": 0, "r": 0, "rot": 6},
        {"tile": 0, "q": 0, "r": 0, "rot": -1},
        {"tile": True, "q": 0, "r": 0, "rot": 0},
        {"tile": 0, "q": 0.0, "r": 0, "rot": 0},
        {"tile": 0, "q": "1", "r": 0, "rot": 0},
        {"tile": 0, "q": 0, "r": 0, "rot": 0, "mirror": True},
        {"tile": 0, "q": 0, "r": 0, "rot": 0, "level": "2"},
    ],
)
def test_malformed_moves(move: Any) -> None:
    state = _state()
    with pytest.raises(MalformedMove):
        akropolis.apply(state, state["turn"], move)


def test_taking_a_tile_costs_its_index_and_shifts_the_site() -> None:
    # rulebook: "Max has chosen the 4th tile, so he spends 3 stones"
    state = _state(2, seed=5)
    seat = state["turn"]
    state = _with(state, seat, stones=3)
    site = list(state["site"])
    new = akropolis.apply(state, seat, {"tile": 3, **_ground(state, seat)})
    assert new["cities"][seat]["stones"] == 0
    assert new["site"] == site[:3]
    assert new["cities"][seat]["placed"][-1][0] == site[3]
    assert new["last_move"]["cost"] == 3 and new["last_move"]["tile_id"] == site[3]
    new = akropolis.apply(_with(state, seat, stones=3), seat, {"tile": 1, **_ground(state, seat)})
    assert new["site"] == [site[0], site[2], site[3]]


def test_cannot_afford_and_zero_stones_take_index_zero() -> None:
    state = _state(2, seed=1)
    seat = state["turn"]
    broke = _with(state, seat, stones=0)
    assert {m["tile"] for m in akropolis.legal_moves(broke, seat)} == {0}
    with pytest.raises(IllegalMove, match="cannot afford"):
        akropolis.apply(broke, seat, {"tile": 1, **_ground(state, seat)})
    with pytest.raises(IllegalMove, match="no tile at site index"):
        akropolis.apply(state, seat, {"tile": 4, **_ground(state, seat)})
    akropolis.apply(broke, seat, {"tile": 0, **_ground(state, seat)})


def test_placement_refusals_name_the_rule_d15() -> None:
    state = _state(2, seed=1)
    seat = state["turn"]
    cases = {
        (9, 9, 0): "not adjacent",
        (10**6, 0, 0): "not adjacent",
        (0, 0, 0): "hole under the tile",
    }
    for (q, r, rot), reason in cases.items():
        with pytest.raises(IllegalMove, match=reason):
            akropolis.apply(state, seat, {"tile": 0, "q": q, "r": r, "rot": rot})
    placed = [[0, 0, 0, 0], [1, 2, 0, 0], [2, 0, 1, 2], [3, 1, 0, 4]]
    built = _with(state, seat, placed=placed)
    with pytest.raises(IllegalMove, match="sits on a single tile"):
        akropolis.apply(built, seat, {"tile": 0, "q": 2, "r": 0, "rot": 0})
    with pytest.raises(IllegalMove, match="mixed heights"):
        akropolis.apply(built, seat, {"tile": 0, "q": 1, "r": 0, "rot": 1})


def test_legal_moves_are_accepted_with_or_without_claims() -> None:
    state = _state(4, seed=3)
    seat = state["turn"]
    moves = akropolis.legal_moves(state, seat)
    assert all(set(m) == {"tile", "q", "r", "rot", "level", "stones"} for m in moves)
    move = moves[len(moves) // 2]
    full = akropolis.apply(state, seat, move)
    bare = akropolis.apply(state, seat, {k: move[k] for k in ("tile", "q", "r", "rot")})
    assert full == bare
    with pytest.raises(IllegalMove, match="stale move"):
        akropolis.apply(state, seat, {**move, "level": move["level"] + 1})
    with pytest.raises(IllegalMove, match="stale move"):
        akropolis.apply(state, seat, {**move, "stones": 3})


def test_quarry_stones_come_after_payment() -> None:
    # tile 5 (BA Q Q) placed at (1,-1) rot 0, then covering (0,-1) Q and (1,-2) Q gains 2
    state = _state(2, seed=1)
    seat = state["turn"]
    built = _with(state, seat, placed=[[0, 0, 0, 0], [5, 1, -1, 0]], stones=1)
    move = {"tile": 1, "q": 0, "r": -1, "rot": 1}
    new = akropolis.apply(built, seat, move)
    assert new["cities"][seat]["stones"] == 1 - 1 + 2
    assert new["last_move"]["level"] == 2 and new["last_move"]["stones_gained"] == 2
    with pytest.raises(IllegalMove, match="cannot afford"):
        akropolis.apply(_with(built, seat, stones=0), seat, move)


def test_apply_never_mutates_its_input() -> None:
    state = _state(3, seed=8)
    before = orjson.dumps(state, option=orjson.OPT_SORT_KEYS)
    for _ in range(12):
        seat = state["turn"]
        frozen = orjson.dumps(state, option=orjson.OPT_SORT_KEYS)
        moves = akropolis.legal_moves(state, seat)
        new = akropolis.apply(state, seat, moves[-1])
        assert orjson.dumps(state, option=orjson.OPT_SORT_KEYS) == frozen
        state = new
    assert before != orjson.dumps(state, option=orjson.OPT_SORT_KEYS)


def _play(state: dict, pick: int = 0) -> list[dict]:
    states = [state]
    while not state["finished"]:
        (seat,) = akropolis.to_act(state)
        moves = akropolis.legal_moves(state, seat)
        state = akropolis.apply(state, seat, moves[pick % len(moves)])
        pick = pick * 7 + 3
        states.append(state)
    return states


def test_refill_passes_the_chief_marker_and_clockwise_order_d12() -> None:
    states = _play(_state(3, seed=4))
    first = states[0]["chief"]
    order = [s["last_move"]["seat"] for s in states[1:]]
    assert order == [(first + i) % 3 for i in range(len(order))]
    refills = [s for s in states[1:] if s["last_move"]["refilled"]]
    assert len(refills) == 11
    for before, after in zip(states, states[1:], strict=False):
        if after["last_move"]["refilled"]:
            leftover = [t for t in before["site"] if t != after["last_move"]["tile_id"]]
            assert after["site"][:1] == leftover
            assert len(after["site"]) == 5
            assert after["chief"] == after["turn"]
            assert after["round"] == before["round"] + 1
            assert after["site"][1:] == before["stacks"][0]
            assert after["stacks"] == before["stacks"][1:]
    chiefs = [s["chief"] for s in refills]
    assert chiefs == [(first + k) % 3 for k in range(1, 12)]


def test_game_end_leaves_one_tile_unplayed() -> None:
    states = _play(_state(2, seed=6))
    end = states[-1]
    assert end["finished"] and len(end["site"]) == 1 and end["stacks"] == []
    assert akropolis.to_act(end) == set()
    assert akropolis.legal_moves(end, 0) == []
    with pytest.raises(NotYourTurn, match="over"):
        akropolis.apply(end, 0, {"tile": 0, "q": 0, "r": 0, "rot": 0})
    assert end["turns"] == [18, 18]
    assert all(akropolis.result(s) is None for s in states[:-1])


def test_covered_hexes_never_score() -> None:
    state = _state(2, seed=1)
    seat = state["turn"]
    # tile 5 next to the start; cover the start's house plaza: no house stars left
    built = _with(state, seat, placed=[[0, 0, 0, 0], [5, 1, -1, 0]])
    view = akropolis.view(built, None)
    assert view["cities"][seat]["score"]["details"]["house"]["stars"] == 1
    covered = _with(built, seat, placed=[*built["cities"][seat]["placed"], [19, 1, -1, 4]])
    view = akropolis.view(covered, None)
    assert view["cities"][seat]["score"]["details"]["house"]["stars"] == 0
    # tile 19 = Q ho ho; h1 (0,0) and h2 (0,-1) are houses at level 2: value 4, no stars
    tops = {(h["q"], h["r"]): h for h in view["cities"][seat]["hexes"]}
    assert tops[(0, 0)]["level"] == 2 and tops[(0, 0)]["tile_id"] == 19
    assert view["cities"][seat]["score"]["house"] == 0


def _result(state: dict) -> dict[str, Any]:
    """The result of a finished game."""
    result = akropolis.result(state)
    assert result is not None
    return result


def _finished(seats: int, **fields: Any) -> dict:
    state = _state(seats, seed=0)
    return {**state, "finished": True, "stacks": [], "site": state["site"][:1], **fields}


def test_ties_break_on_stones_then_share_d11() -> None:
    state = _finished(3)
    state = _with(_with(_with(state, 0, stones=2), 1, stones=2), 2, stones=1)
    assert _result(state)["ranking"] == [[0, 1], [2]]
    # seat 0 scores 2 points with a 2-house group and no stones; seat 1 has 2 stones
    houses = [[0, 0, 0, 0], [19, 2, -1, 0]]  # Q ho ho at (2,-1), (2,-2), (3,-2)
    state = _with(_with(_with(state, 0, stones=0, placed=houses), 1, stones=2), 2, stones=2)
    result = _result(state)
    assert result["scores"] == [2, 2, 2]
    assert result["breakdown"][0]["house"] == 2
    assert result["ranking"] == [[1, 2], [0]]


def test_solo_architect_plays_inside_apply() -> None:
    state = _state(1, seed=2, architect_level="metagenes")
    state = _with(state, 0, stones=3)
    site = list(state["site"])
    new = akropolis.apply(state, 0, {"tile": 2, **_ground(state, 0)})
    assert new["turn"] == 0 and akropolis.to_act(new) == {0}
    bot = new["last_move"]["architect"]
    assert bot is not None
    remaining = site[:2] + site[3:]
    assert bot["tile_id"] == remaining[bot["tile_index"]]
    # the human's 2 stones went to the Architect, which paid its own cost to the reserve
    assert new["architect"]["stones"] == 2 + 2 - bot["cost"]
    assert new["architect"]["tiles"] == [bot["tile_id"]]
    assert new["turns"] == [1, 1]


def test_solo_full_game_turn_counts_and_architect_collection() -> None:
    states = _play(_state(1, seed=3))
    end = states[-1]
    assert end["turns"] == [18, 18]
    assert len(end["architect"]["tiles"]) == 18
    assert all(akropolis.to_act(s) in ({0}, set()) for s in states)
    used = [p[0] for p in end["cities"][0]["placed"][1:]] + end["architect"]["tiles"] + end["site"]
    assert sorted(used) == list(range(1, 38))
    long_states = _play(_state(1, seed=3, long_game=True))
    assert long_states[-1]["turns"] == [30, 30]


def test_solo_human_needs_strictly_better_d10() -> None:
    bot = {"stones": 2, "tiles": []}
    state = _finished(1, architect=bot)  # Hippodamos, empty collection: 0 + 2 stones
    tie = _with(state, 0, stones=2)
    result = _result(tie)
    assert result["scores"] == [2, 2] and result["architect"]["total"] == 2
    assert result["breakdown"][1]["total"] == 2 and result["breakdown"][0]["stones"] == 2
    assert result["ranking"] == [[1], [0]] and result["winner"] == "architect"
    win = _result(_with(state, 0, stones=3))
    assert win["ranking"] == [[0], [1]] and win["winner"] == "human"
    # equal totals, more stones: Metagenes has 6 points from its 3 starting quarries (D8)
    meta = {**state, "level": "metagenes", "architect": {"stones": 0, "tiles": []}}
    result = _result(_with(meta, 0, stones=6))
    assert result["architect"]["total"] == 6 and result["winner"] == "human"
    rich = {**meta, "architect": {"stones": 6, "tiles": []}}
    result = _result(_with(rich, 0, stones=12))
    assert result["architect"]["total"] == 12 and result["winner"] == "human"
    result = _result(_with(rich, 0, stones=11))
    assert result["winner"] == "architect" and result["ranking"] == [[1], [0]]


def test_apply_copies_are_independent() -> None:
    state = _state(2, seed=1)
    seat = state["turn"]
    move = akropolis.legal_moves(state, seat)[0]
    a = akropolis.apply(state, seat, move)
    b = akropolis.apply(copy.deepcopy(state), seat, move)
    assert a == b


def test_stone_reserve_is_unlimited_d13() -> None:
    # 40 cubes in the box, but the reserve never runs out: 45 stones held, still gaining
    state = _state(4, seed=1)
    seat = state["turn"]
    for other in range(4):
        state = _with(state, other, stones=12)
    built = _with(state, seat, placed=[[0, 0, 0, 0], [5, 1, -1, 0]], stones=9)
    assert sum(c["stones"] for c in built["cities"]) == 45
    new = akropolis.apply(built, seat, {"tile": 0, "q": 0, "r": -1, "rot": 1})
    assert new["cities"][seat]["stones"] == 11
