"""Seeded random Akrotiri games with invariants checked after every move.

``fuzz_game`` plays one game with uniformly random legal moves, or, in a *keen* game,
mostly (9 times in 10) with the simple plan of :func:`keen_move` (excavate, sell, buy,
sail to an island where a plan is proven or to cubes, load, bring them home), so that
games also end by the sixth temple and reach the objective slots of the track. After
every move ``check_state`` verifies:

* conservation: 36 tiles (placed, pile, discard, hands), 36 plan cards (decks, hands,
  excavated), 12 objectives (deck, offer, held, being chosen), 8 cubes of each colour
  (market, islands, boats), no id twice;
* boats on two different existing ports, at most 3 cubes each; drachmas and actions not
  negative; one temple per excavated plan card, at most 6 per player, on land, and a new
  temple alone on its island when excavated;
* the turn counts of the two players differ by at most one; the stall count stays below
  the limit while the game runs; the game ends within ``MAX_STEPS`` moves (D31);
* with ``deep``, every view (both seats and a spectator) holds none of the ``secrets``
  fragments it may not see (checked on the JSON text: a fragment is a card or tile id).

At the end: ``result`` is consistent (totals = plans + objectives + drachmas // 10, ranking
by points then drachmas), the state survives a JSON round trip and replaying the moves from
``setup`` gives the same state.

Run ``python -m tests.games.akrotiri.fuzz GAMES [FIRST_SEED]`` for a long run.
"""

from __future__ import annotations

import copy
import random
import sys
import time
from collections import Counter
from typing import Any

import orjson

from app.games import akrotiri
from app.games.akrotiri.cache import board_of
from app.games.akrotiri.components import (
    COLOURS,
    CUBES_PER_COLOUR,
    OBJECTIVE_IDS,
    PLANS,
    STALL_ROUNDS,
    TILE_IDS,
)

MAX_STEPS = 5000


def keen_move(
    state: dict[str, Any], seat: int, moves: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """A player with a plan: excavate, sell, buy, sail to a provable island or to cubes,
    load, bring cargo to Thera (each when possible, in that order)."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for move in moves:
        by_type.setdefault(move["type"], []).append(move)
    for kind in ("excavate", "sell"):
        if kind in by_type:
            return rng.choice(by_type[kind])
    player = state["players"][seat]
    if "buy_plans" in by_type and len(player["plans"]) < 3:
        return rng.choice(by_type["buy_plans"])
    board = board_of(state["placements"])
    islands = board.islands()
    taken = {board.island_at(tuple(t["quarter"])) for t in state["temples"]}
    from app.games.akrotiri.plans import proven_quarters

    goals = {
        board.island_at(q)
        for card in player["plans"]
        if PLANS[card]["cost"] <= player["drachmas"]
        for q in proven_quarters(board, card, seat)
    } - taken
    cargo = state["boats"][seat]["cargo"]
    if not goals or len(cargo) == 3:
        if cargo and "move" in by_type:
            home = [m for m in by_type["move"] if m["to"] in ("THERA:T1", "THERA:T2")]
            if home:
                return min(home, key=lambda m: m["cost"])
        if "load" in by_type:
            return max(by_type["load"], key=lambda m: len(m["colours"]))
        with_cubes: set[int | None] = {
            islands.of_piece[board.piece_index[k]] for k in state["cubes"]
        }
        goals = with_cubes - {islands.thera}
    if "move" in by_type:
        useful = [m for m in by_type["move"] if islands.of_port[board.port_index[m["to"]]] in goals]
        if useful:
            return min(useful, key=lambda m: m["cost"])
    return rng.choice(moves)


def option_mix(index: int) -> dict[str, Any]:
    return {"strategist": bool(index % 2), "objectives": ("fr", "en")[index // 2 % 2]}


def check_state(state: dict[str, Any]) -> None:
    players = state["players"]
    tiles = [p["tile"] for p in state["placements"]] + state["pile"] + state["discard"]
    tiles += [p["tile"] for p in players if p["tile"] is not None]
    assert sorted(tiles) == sorted(TILE_IDS), "tiles are not conserved"
    plans = [c for deck in state["decks"].values() for c in deck]
    plans += [c for p in players for c in p["plans"] + p["scored"]]
    assert sorted(plans) == sorted(PLANS), "plan cards are not conserved"
    goals = state["objective_deck"] + state["offer"]
    goals += [c for p in players for c in p["objectives"] + p["choice"]]
    assert sorted(goals) == sorted(OBJECTIVE_IDS), "objectives are not conserved"
    cubes: Counter[str] = Counter()
    for colours in state["cubes"].values():
        assert colours, "an empty cube list is kept"
        cubes.update(colours)
    for boat in state["boats"]:
        assert len(boat["cargo"]) <= 3
        cubes.update(boat["cargo"])
    for colour in COLOURS:
        assert 0 <= state["market"][colour] <= CUBES_PER_COLOUR
        assert cubes[colour] + state["market"][colour] == CUBES_PER_COLOUR, colour
    board = board_of(state["placements"])
    at = [board.port_index[b["at"]] for b in state["boats"]]
    assert at[0] != at[1], "two boats on one port"
    for player in players:
        assert player["drachmas"] >= 0 and 0 <= player["temples"] <= 6
        assert player["temples"] == len(player["scored"])
        assert set(player["returned"]) <= set(state["objective_deck"])
    assert state["actions"] >= 0
    for seat in (0, 1):
        own = [t for t in state["temples"] if t["seat"] == seat]
        assert [t["card"] for t in own] == players[seat]["scored"]
        for temple in own:
            assert board.island_at(tuple(temple["quarter"])) is not None
    assert abs(state["turns"][0] - state["turns"][1]) <= 1
    if not state["finished"]:
        assert state["stall"] < STALL_ROUNDS


def check_new_temple(before: dict[str, Any], after: dict[str, Any]) -> None:
    """A temple is excavated alone on its island (islands may merge later)."""
    if len(after["temples"]) == len(before["temples"]):
        return
    board = board_of(after["placements"])
    new = after["temples"][-1]
    island = board.island_at(tuple(new["quarter"]))
    others = {board.island_at(tuple(t["quarter"])) for t in after["temples"][:-1]}
    assert island not in others and island != board.islands().thera


def check_leaks(state: dict[str, Any]) -> None:
    hidden = akrotiri.secrets(state)
    for audience in (0, 1, None):
        text = orjson.dumps(akrotiri.view(state, audience))
        for allowed, fragment in hidden:
            if audience not in allowed:
                assert b'"' + fragment.encode() + b'"' not in text, (audience, fragment)


def check_result(state: dict[str, Any]) -> None:
    result = akrotiri.result(state)
    assert result is not None
    keys = []
    for seat in (0, 1):
        part = result["breakdown"][seat]
        total = part["plans"] + part["objectives"] + part["drachmas"] // 10
        assert result["scores"][seat] == part["total"] == total
        assert part["plans"] == sum(PLANS[c]["points"] for c in state["players"][seat]["scored"])
        keys.append((part["total"], part["drachmas"]))
    expected = [[0, 1]] if keys[0] == keys[1] else [[0], [1]] if keys[0] > keys[1] else [[1], [0]]
    assert result["ranking"] == expected


def fuzz_game(seed: int, options: dict[str, Any], *, keen: bool, deep: bool) -> dict[str, Any]:
    """Play and check one game; returns its last state."""
    chooser = random.Random(seed)
    state = akrotiri.setup(2, options, seed)
    log = []
    for _ in range(MAX_STEPS):
        if akrotiri.result(state) is not None:
            break
        (seat,) = akrotiri.to_act(state)
        moves = akrotiri.legal_moves(state, seat)
        assert moves, "a seat to act has no legal move"
        if keen and state["phase"] == "actions" and chooser.random() < 0.9:
            move = keen_move(state, seat, moves, chooser)
        else:
            move = chooser.choice(moves)
        if deep:
            check_leaks(state)
        after = akrotiri.apply(state, seat, copy.deepcopy(move))
        check_state(after)
        check_new_temple(state, after)
        log.append((seat, move))
        state = after
    else:
        raise AssertionError(f"seed {seed}: no end within {MAX_STEPS} moves")
    if deep:
        check_leaks(state)
    check_result(state)
    assert orjson.loads(orjson.dumps(state)) == state
    replayed = akrotiri.setup(2, options, seed)
    for seat, move in log:
        replayed = akrotiri.apply(replayed, seat, copy.deepcopy(move))
    assert replayed == state, f"seed {seed}: replay differs"
    return state


def main(games: int, first: int = 0) -> None:
    started = time.process_time()
    ends: Counter[str] = Counter()
    rounds = []
    for index in range(games):
        state = fuzz_game(first + index, option_mix(index), keen=index % 3 != 2, deep=False)
        ends[state["end_reason"]] += 1
        rounds.append(state["round"])
    spent = time.process_time() - started
    print(
        f"{games} games (seeds {first}..{first + games - 1}, both rule sets, both editions): "
        f"ends {dict(ends)}, rounds {min(rounds)}..{max(rounds)}, "
        f"{spent:.1f} s CPU, no failure"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0)
