"""Whose turn, legal moves, applying a move (spec §3–§5).

A move is ``{"type": t, ...}``; the types allowed depend on ``state["phase"]``:

=============  ==============================================================
``tile``       ``place_tile`` ``{"cell": [cx, cy], "rot": 0..3}``
``resources``  ``place_resources`` ``{"piece": "T05:b", "colour": "green"}``
``objective``  ``keep_objective`` ``{"card": "G04"}``
``pick``       ``pick_objective`` ``{"card": "G04"}`` (Strategist offer)
``actions``    ``move`` ``{"to": port, "cost"?}`` or ``{"legs": [...]}``,
               ``load`` / ``unload``
               ``{"colours": [...]}``, ``sell`` ``{"colours", "gain"?}``,
               ``buy_plans`` ``{"decks": [...], "price"?}``, ``oracle``
               ``{"terrain"}``, ``excavate`` ``{"card", "quarter": [qx, qy]}``,
               ``end_turn``
=============  ==============================================================

Claims (``cost``, ``gain``, ``price``) are what ``legal_moves`` adds for display; when a
move carries one, ``apply`` refuses it if the position now says otherwise (stale move).
"""

from __future__ import annotations

from typing import Any

from app.games.akrotiri import actions, turn
from app.games.akrotiri.cache import board_of
from app.games.akrotiri.choices import action_moves
from app.games.akrotiri.components import COLOURS, DIFFICULTIES, TERRAINS
from app.games.interface import IllegalMove, MalformedMove, Move, NotYourTurn, State

_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (required keys, optional claim keys)
    "place_tile": (("cell", "rot"), ()),
    "place_resources": (("piece", "colour"), ()),
    "keep_objective": (("card",), ()),
    "pick_objective": (("card",), ()),
    "move": ((), ("to", "legs", "cost")),
    "load": (("colours",), ()),
    "unload": (("colours",), ()),
    "sell": (("colours",), ("gain",)),
    "buy_plans": (("decks",), ("price",)),
    "oracle": (("terrain",), ()),
    "excavate": (("card", "quarter"), ()),
    "end_turn": ((), ()),
}
PHASE_MOVES: dict[str, frozenset[str]] = {
    "tile": frozenset({"place_tile"}),
    "resources": frozenset({"place_resources"}),
    "objective": frozenset({"keep_objective"}),
    "pick": frozenset({"pick_objective"}),
    "actions": frozenset(
        {"move", "load", "unload", "sell", "buy_plans", "oracle", "excavate", "end_turn"}
    ),
    "over": frozenset(),
}


def to_act(state: State) -> set[int]:
    return set() if state["finished"] else {state["turn"]}


def legal_moves(state: State, seat: int) -> list[Move]:
    if state["finished"] or seat != state["turn"]:
        return []
    phase = state["phase"]
    if phase == "actions":
        return action_moves(state, seat)
    if phase == "tile":
        cells = turn.placement_cells(state, board_of(state["placements"]))
        return [
            {"type": "place_tile", "cell": [cx, cy], "rot": rot}
            for cx, cy in cells
            for rot in range(4)
        ]
    if phase == "resources":
        pieces, colours = turn.free_cube_options(state)
        return [
            {"type": "place_resources", "piece": piece, "colour": colour}
            for piece in pieces
            for colour in colours
        ]
    if phase == "objective":
        return [{"type": "keep_objective", "card": c} for c in state["players"][seat]["choice"]]
    if phase == "pick":
        return [{"type": "pick_objective", "card": c} for c in state["offer"]]
    return []


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedMove(f"{what} must be a whole number")
    return value


def _pair(value: Any, what: str) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise MalformedMove(f"{what} must be a pair [x, y] of whole numbers")
    return _int(value[0], what), _int(value[1], what)


def _names(value: Any, allowed: tuple[str, ...], what: str, most: int) -> list[str]:
    if not isinstance(value, list) or not value or len(value) > most:
        raise MalformedMove(f"{what} must be a list of 1 to {most} of {', '.join(allowed)}")
    for item in value:
        if item not in allowed:
            raise MalformedMove(f"{what}: {item!r} is not one of {', '.join(allowed)}")
    return list(value)


def _parse(move: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise MalformedMove('an Akrotiri move is an object {"type": ..., ...}')
    kind = move["type"]
    if kind not in _FIELDS:
        raise MalformedMove(f"unknown move type {kind!r}")
    required, optional = _FIELDS[kind]
    extra = set(move) - {"type", *required, *optional}
    if extra:
        raise MalformedMove(f"unknown key(s) {', '.join(sorted(map(str, extra)))} for {kind}")
    missing = [key for key in required if key not in move]
    if missing:
        raise MalformedMove(f"{kind} needs {', '.join(missing)}")
    claim_keys = [k for k in optional if k in move and k not in ("to", "legs")]
    args: dict[str, Any] = {"claims": {k: _int(move[k], k) for k in claim_keys}}
    if kind == "place_tile":
        args["cell"] = _pair(move["cell"], "cell")
        args["rot"] = _int(move["rot"], "rot")
        if not 0 <= args["rot"] <= 3:
            raise MalformedMove("rot must be 0..3 (clockwise quarter turns)")
    elif kind == "place_resources":
        if not isinstance(move["piece"], str) or move["colour"] not in COLOURS:
            raise MalformedMove(f"piece is a piece key and colour one of {', '.join(COLOURS)}")
        args["piece"], args["colour"] = move["piece"], move["colour"]
    elif kind in ("keep_objective", "pick_objective", "excavate"):
        if not isinstance(move["card"], str):
            raise MalformedMove("card must be a card id")
        args["card"] = move["card"]
        if kind == "excavate":
            args["quarter"] = _pair(move["quarter"], "quarter")
    elif kind in ("load", "unload", "sell"):
        args["colours"] = _names(move["colours"], COLOURS, "colours", 3)
    elif kind == "buy_plans":
        args["decks"] = _names(move["decks"], DIFFICULTIES, "decks", 3)
    elif kind == "oracle":
        if move["terrain"] not in TERRAINS:
            raise MalformedMove(f"terrain must be one of {', '.join(TERRAINS)}")
        args["terrain"] = move["terrain"]
    elif kind == "move":
        if ("to" in move) == ("legs" in move):
            raise MalformedMove('a move names its destination "to" or lists its "legs"')
        if "to" in move and not isinstance(move["to"], str):
            raise MalformedMove("to must be a port key")
        args["to"], args["legs"] = move.get("to"), move.get("legs")
    return kind, args


def apply(state: State, seat: int, move: Move) -> State:
    if state["finished"]:
        raise NotYourTurn("the game is over")
    if seat != state["turn"] or isinstance(seat, bool):
        raise NotYourTurn(f"it is seat {state['turn']}'s turn")
    kind, args = _parse(move)
    if kind not in PHASE_MOVES[state["phase"]]:
        raise IllegalMove(f"wrong_phase: {kind} is not possible now (step: {state['phase']})")
    new = dict(state)
    new["players"] = [dict(p) for p in state["players"]]
    new["boats"] = [dict(b) for b in state["boats"]]
    if kind != "move":
        new["pending_free"] = False  # any other command ends the movement (§2.5)
    claims = args["claims"]
    if kind == "place_tile":
        turn.place_tile(new, seat, args["cell"], args["rot"])
    elif kind == "place_resources":
        turn.place_free_cube(new, seat, args["piece"], args["colour"])
    elif kind == "keep_objective":
        turn.keep_objective(new, seat, args["card"])
    elif kind == "pick_objective":
        turn.pick_objective(new, seat, args["card"])
    elif kind == "move":
        actions.move(new, seat, args["to"], args["legs"], claims)
    elif kind == "load":
        actions.load(new, seat, args["colours"])
    elif kind == "unload":
        actions.unload(new, seat, args["colours"])
    elif kind == "sell":
        actions.sell(new, seat, args["colours"], claims)
    elif kind == "buy_plans":
        actions.buy_plans(new, seat, args["decks"], claims)
    elif kind == "oracle":
        actions.oracle(new, seat, args["terrain"])
    elif kind == "excavate":
        actions.excavate(new, seat, args["card"], args["quarter"])
    else:
        turn.end_turn(new, seat)
    return new


__all__ = ["IllegalMove", "apply", "legal_moves", "to_act"]
