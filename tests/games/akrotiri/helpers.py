"""Hand-built maps and positions for the Akrotiri tests."""

from __future__ import annotations

import copy
from typing import Any

from app.games import akrotiri
from app.games.akrotiri.components import DIFFICULTIES, TILES
from app.games.akrotiri.geometry import QUARTER_INDEX, turn_quarter


def at(tile: str, cx: int, cy: int, rot: int = 0) -> dict[str, Any]:
    """A placement in the public map format."""
    return {"tile": tile, "cell": [cx, cy], "rot": rot}


def icon_at(terrain: str, qx: int, qy: int, used: set[str]) -> dict[str, Any]:
    """A tile of ``terrain`` (not in ``used``) placed so that its icon lies on quarter
    ``(qx, qy)``; the tile id is added to ``used``."""
    for tile_id, tile in TILES.items():
        if tile_id in used or tile["terrain_icon"]["terrain"] != terrain:
            continue
        local = tile["terrain_icon"]["quarter"]
        for rot in range(4):
            if QUARTER_INDEX[turn_quarter(local, rot)] == (qx % 2, qy % 2):
                used.add(tile_id)
                return at(tile_id, qx // 2, qy // 2, rot)
    raise AssertionError(f"no {terrain} tile left")


def game(
    placements: list[dict[str, Any]] | None = None,
    *,
    options: dict[str, Any] | None = None,
    turn: int = 0,
    first: int = 0,
    boats: tuple[str, str] = ("THERA:T1", "THERA:T2"),
    cargo: tuple[list[str], list[str]] = ([], []),
    drachmas: tuple[int, int] = (2, 2),
    plans: tuple[list[str], list[str]] = ([], []),
    objectives: tuple[list[str], list[str]] = ([], []),
    actions: int = 3,
    **fields: Any,
) -> dict[str, Any]:
    """A position in the action step of ``turn`` on a hand-built map (setup skipped).

    Cards and tiles given to players or placed are taken out of the decks and the pile.
    Any other state field can be set through ``fields``.
    """
    state = copy.deepcopy(akrotiri.setup(2, options or {}, 1))
    placements = [dict(p) for p in placements or []]
    used = {p["tile"] for p in placements}
    state["placements"] = placements
    state["pile"] = [t for t in TILES if t not in used]
    for player in state["players"]:
        player["tile"] = None
    taken_plans = {c for hand in plans for c in hand}
    for difficulty in DIFFICULTIES:
        state["decks"][difficulty] = [c for c in state["decks"][difficulty] if c not in taken_plans]
    taken_goals = {c for hand in objectives for c in hand}
    state["objective_deck"] = [c for c in state["objective_deck"] if c not in taken_goals]
    for seat in (0, 1):
        player = state["players"][seat]
        player["drachmas"] = drachmas[seat]
        player["plans"] = list(plans[seat])
        player["objectives"] = list(objectives[seat])
        state["boats"][seat] = {"at": boats[seat], "cargo": sorted(cargo[seat])}
    market = dict(state["market"])
    for colour in [*cargo[0], *cargo[1]] + [
        c for cubes in fields.get("cubes", {}).values() for c in cubes
    ]:
        market[colour] -= 1  # cubes off the market are on boats or islands
    state["market"] = market
    state.update(
        setup=False,
        phase="actions",
        turn=turn,
        first=first,
        round=1,
        actions=actions,
    )
    state.update(fields)
    return state


def play(state: dict[str, Any], seat: int, *moves: dict[str, Any]) -> dict[str, Any]:
    for move in moves:
        state = akrotiri.apply(state, seat, move)
    return state


def moves_of(state: dict[str, Any], kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    seat = state["turn"] if seat is None else seat
    return [m for m in akrotiri.legal_moves(state, seat) if m["type"] == kind]


def destinations(state: dict[str, Any]) -> dict[str, int]:
    """Reachable port -> cost, from the ``move`` legal moves."""
    return {m["to"]: m["cost"] for m in moves_of(state, "move")}
