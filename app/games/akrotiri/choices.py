"""Legal moves of the action step, in the JSON form ``apply`` accepts (spec §4.3, §5).

* ``move``: one movement per reachable port, the cheapest: ``{"to": port, "cost": n}``
  (``apply`` finds the same legs again; it also takes explicit ``legs``);
* ``load`` / ``unload`` / ``sell``: every non-empty multiset of colours (``sell`` with the
  ``gain`` it would pay); ``buy_plans``: every multiset of 1–3 decks that can be paid
  and drawn (with its ``price``); ``oracle``: each terrain; ``excavate``: every (plan
  card, quarter of the boat's island) that is proven and affordable; ``end_turn``.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from app.games.akrotiri.actions import at_thera, excavation_site, island_cubes
from app.games.akrotiri.cache import board_of
from app.games.akrotiri.components import (
    BOAT_CAPACITY,
    COLOURS,
    DIFFICULTIES,
    PLAN_PRICES,
    PLANS,
    TEMPLES,
    TERRAINS,
)
from app.games.akrotiri.market import sell
from app.games.akrotiri.movement import mover, reachable
from app.games.akrotiri.plans import proven_on
from app.games.interface import Move, State


@lru_cache(maxsize=1024)
def sub_multisets(counts: tuple[int, ...], most: int) -> tuple[tuple[str, ...], ...]:
    """Non-empty multisets of at most ``most`` cubes from ``counts`` (by ``COLOURS``)."""
    out: list[tuple[str, ...]] = []

    def walk(index: int, room: int, chosen: tuple[str, ...]) -> None:
        if index == len(COLOURS):
            if chosen:
                out.append(chosen)
            return
        for take in range(min(counts[index], room) + 1):
            walk(index + 1, room - take, chosen + (COLOURS[index],) * take)

    walk(0, most, ())
    out.sort(key=lambda combo: (len(combo), combo))
    return tuple(out)


def _counts(cubes: Counter[str] | list[str]) -> tuple[int, ...]:
    counted = cubes if isinstance(cubes, Counter) else Counter(cubes)
    return tuple(counted[c] for c in COLOURS)


def action_moves(state: State, seat: int) -> list[Move]:
    board = board_of(state["placements"])
    islands = board.islands()
    boat = state["boats"][seat]
    cargo = boat["cargo"]
    actions = state["actions"]
    player = state["players"][seat]
    start = board.port_index[boat["at"]]
    closed = board.port_index[state["boats"][1 - seat]["at"]]
    moves: list[Move] = []
    if actions or state["pending_free"]:
        keys = board.port_keys
        found = reachable(mover(board, closed), start, not cargo, state["pending_free"], actions)
        moves.extend(
            {"type": "move", "to": keys[port], "cost": found[port][0]} for port in sorted(found)
        )
    island = islands.of_port[start]
    if actions and len(cargo) < BOAT_CAPACITY:
        on_island = _counts(island_cubes(state, board, island))
        for combo in sub_multisets(on_island, BOAT_CAPACITY - len(cargo)):
            moves.append({"type": "load", "colours": list(combo)})
    if cargo:
        combos = sub_multisets(_counts(cargo), len(cargo))
        moves.extend({"type": "unload", "colours": list(combo)} for combo in combos)
        if at_thera(state, board, seat):
            for combo in combos:
                gain = sum(sell(state["market"], combo)[0])
                moves.append({"type": "sell", "colours": list(combo), "gain": gain})
    if actions and at_thera(state, board, seat):
        moves.extend(_purchases(state, player["drachmas"]))
    if actions and not state["oracle_used"] and player["tile"] is None:
        if state["pile"] or state["discard"]:
            moves.extend({"type": "oracle", "terrain": terrain} for terrain in TERRAINS)
    if actions and player["temples"] < TEMPLES and player["plans"]:
        site = excavation_site(state, board, seat)
        if site is not None:
            quarters = sorted(islands.quarters[site])
            for card in sorted(player["plans"]):
                if PLANS[card]["cost"] > player["drachmas"]:
                    continue
                for quarter in quarters:
                    if proven_on(board, card, seat, quarter):
                        moves.append(
                            {"type": "excavate", "card": card, "quarter": [quarter[0], quarter[1]]}
                        )
    moves.append({"type": "end_turn"})
    return moves


def _purchases(state: State, drachmas: int) -> list[dict[str, Any]]:
    left = {d: len(state["decks"][d]) for d in DIFFICULTIES}
    out = []
    for count in (1, 2, 3):
        price = PLAN_PRICES[count]
        if price > drachmas:
            break
        for combo in combinations_with_replacement(DIFFICULTIES, count):
            if all(left[d] >= n for d, n in Counter(combo).items()):
                out.append({"type": "buy_plans", "decks": list(combo), "price": price})
    return out
