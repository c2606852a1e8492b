"""What a seat (or a spectator) sees, and what stays hidden (spec §9, D18).

Public: the map, every building, every reserve, stack sizes, hand sizes, amphorae, the
supply, the drawn (pending) building, the piece being placed, the event log, and per
player the colonies and the shortest shrine link (the radar). Private: the cards in a
hand, shown to its owner only as ``{"seat": s, "water": n, "forest": n, "hill": n,
"mountain": n}`` (every hand is shown at the end). Hidden from all: stack orders, the
piece deck, the card deck, the discard pile's contents (paid cards are discarded face
down, only their number is public) and the PRNG state.

Hidden fragments (the ``secrets`` hook): each hand in the form above (visible to its
owner), the PRNG state, and the deck, the piece deck and every stack as their raw lists
(when they hold 5 or more: shorter lists of small ints could equal public ones by chance).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from app.games.attika.components import (
    BUILDINGS,
    BUILDS_PER_TURN,
    CITY_STATES,
    DRAWS_PER_TURN,
    GROUPS,
    LAYOUTS,
    PIECES,
    TYPES,
    catalog,
)
from app.games.attika.geometry import Topology, topology
from app.games.attika.links import shrine_link
from app.games.attika.position import BUILDING_BITS, SEAT_SHIFT, count_components, own_buildings
from app.games.interface import Move, State, View

_LINKS: OrderedDict[int, tuple[object, object, list[dict[str, Any]]]] = OrderedDict()
_PRIVATE_MOVE_KEYS = ("pay", "matched", "jokers")


def hand_fragment(state: State, seat: int) -> dict[str, int]:
    return {"seat": seat, **dict(zip(TYPES, state["players"][seat]["hand"], strict=True))}


def symbol_name(code: int) -> str | None:
    return None if code < 0 else TYPES[code]


def player_maps(state: State, topo: Topology) -> list[dict[str, Any]]:
    """Per seat: colonies and the shortest shrine link (memoised per occupancy list)."""
    occ = state["occ"]
    hit = _LINKS.get(id(occ))
    if hit is not None and hit[0] is occ and hit[1] is topo:
        return hit[2]
    out = []
    for seat in range(state["seats"]):
        own = [i for i, _ in own_buildings(occ, seat)]
        link = shrine_link(topo, occ, seat)
        out.append(
            {
                "colonies": count_components(own, topo),
                "link": None
                if link is None
                else {
                    "distance": link[0],
                    "hexes": [list(topo.cells[i]) for i in link[1]],
                },
            }
        )
    _LINKS[id(occ)] = (occ, topo, out)
    if len(_LINKS) > 16:
        _LINKS.popitem(last=False)
    return out


def _player(state: State, seat: int, maps: dict[str, Any], finished: bool) -> dict[str, Any]:
    player = state["players"][seat]
    occ = state["occ"]
    out: dict[str, Any] = {
        "seat": seat,
        "city": CITY_STATES[seat % len(CITY_STATES)],
        "reserve": [BUILDINGS[b].id for b in player["reserve"]],
        "stacks": [len(stack) for stack in player["stacks"]],
        "hand_size": sum(player["hand"]),
        "amphorae": player["amphorae"],
        "earned": [GROUPS[g].id for g in player["earned"]],
        "built": sum(1 for c in occ if c >= 0 and c >> SEAT_SHIFT == seat),
        "colonies": maps["colonies"],
        "link": maps["link"],
    }
    if finished:
        out["hand"] = hand_fragment(state, seat)
    return out


def view(state: State, seat: int | None) -> View:
    topo = topology(state["pieces"], state["shrines"])
    turn = state["turn"]
    finished = turn["phase"] == "over"
    maps = player_maps(state, topo)
    occ = state["occ"]
    pending = turn["pending"]
    piece = turn["piece"]
    option = turn["option"]
    limit = DRAWS_PER_TURN if option == "draw" else BUILDS_PER_TURN if option == "build" else 0
    shrine_ids = [sid for sid, _, _ in LAYOUTS[state["seats"]].shrines]
    return {
        "game": "attika",
        "you": seat,
        "seats": state["seats"],
        "start": state["start"],
        "turn": None if finished else turn["seat"],
        "phase": turn["phase"],
        "option": option,
        "used": turn["used"],
        "actions_left": limit - turn["used"] if option else None,
        "pending": None
        if pending is None
        else {"seat": turn["seat"], "building": BUILDINGS[pending].id, "stack": turn["stack"]},
        "piece": None
        if piece is None
        else {
            "id": PIECES[piece].id,
            "hexes": [
                {"q": q, "r": r, "symbol": symbol_name(s)} for q, r, s in PIECES[piece].hexes
            ],
        },
        "land": [
            {"q": q, "r": r, "symbol": symbol_name(s)}
            for (q, r), s in zip(topo.cells, topo.sym, strict=True)
        ],
        "shrines": [
            {"id": shrine_ids[i], "q": q, "r": r} for i, (q, r) in enumerate(topo.shrine_cells)
        ],
        "pieces": [
            {"id": PIECES[p].id, "q": q, "r": r, "rot": rot} for p, q, r, rot in state["pieces"]
        ],
        "buildings": [
            {
                "q": topo.cells[i][0],
                "r": topo.cells[i][1],
                "seat": c >> SEAT_SHIFT,
                "building": BUILDINGS[c & BUILDING_BITS].id,
            }
            for i, c in enumerate(occ)
            if c >= 0
        ],
        "players": [_player(state, s, maps[s], finished) for s in range(state["seats"])],
        "hand": None if seat is None else hand_fragment(state, seat),
        "supply": {
            "amphorae": state["amphorae"],
            "deck": len(state["deck"]),
            "discard": sum(state["discard"]),
            "pieces": len(state["piece_deck"]),
        },
        "log": [dict(event) for event in state["log"]],
        "moves": state["moves"],
        "winner": state["winner"],
        "victory": state["victory"],
        "winning_line": winning_line(state, topo),
        "catalog": catalog(),
    }


def winning_line(state: State, topo: Topology) -> list[list[int]] | None:
    """After a shrine victory, the hexes of the winner's colony that joins two shrines."""
    winner = state["winner"]
    if winner is None or state["victory"] != "shrines":
        return None
    occ = state["occ"]
    for land, code in enumerate(occ):
        if code >= 0 and code >> SEAT_SHIFT == winner and topo.shrine_bits[land]:
            colony = {land}
            frontier = [land]
            touched = 0
            while frontier:
                i = frontier.pop()
                touched |= topo.shrine_bits[i]
                for n in topo.nbr[i]:
                    if n not in colony and occ[n] >= 0 and occ[n] >> SEAT_SHIFT == winner:
                        colony.add(n)
                        frontier.append(n)
            if touched.bit_count() >= 2:
                return [list(topo.cells[i]) for i in sorted(colony)]
    return None


def secrets(state: State) -> list[tuple[frozenset[int], Any]]:
    hidden: list[tuple[frozenset[int], Any]] = [(frozenset(), state["rng"])]
    finished = state["turn"]["phase"] == "over"
    for pile in (state["deck"], state["piece_deck"]):
        if len(pile) >= 5:
            hidden.append((frozenset(), list(pile)))
    for seat, player in enumerate(state["players"]):
        if not finished:
            hidden.append((frozenset({seat}), hand_fragment(state, seat)))
        for stack in player["stacks"]:
            if len(stack) >= 5:
                hidden.append((frozenset(), list(stack)))
    return hidden


def redact_move(move: Move, mover: int, viewer: int | None, finished: bool) -> Move:
    """Until the game ends, others see a build without its payment (only the number of
    cards paid, when the move named them): the hand stays private."""
    if finished or viewer == mover or not isinstance(move, dict):
        return move
    if move.get("type") not in ("build", "build_pending"):
        return move
    out = {k: v for k, v in move.items() if k not in _PRIVATE_MOVE_KEYS}
    pay = move.get("pay")
    if isinstance(pay, dict):
        out["cards"] = sum(v for v in pay.values() if isinstance(v, int))
    return out
