"""The Akrotiri first-game tutorial: one guided turn, played with the real rules.

A seeded deal is played by the rules (``setup``, ``legal_moves``, ``apply``) up to round 2:
both setup tiles, the objectives, then a first round in which the human (seat 0, south,
first player) brought one cube back to Thera and the scripted opponent laid a tile. The
tutorial starts there, at the human's second turn, and each step offers a single legal
move (the board highlights that control):

1. ``tile``: the land tile joins island parts into one island of several tiles; its icon
   puts a cube of its colour there;
2. ``cube``: the free cube, on a part of the new tile off the icon's island;
3. ``sell``: the cube in the boat sold at Thera (a free action) for the market's price;
4. ``sail``: one action moves an empty boat to the big island;
5. ``excavate``: the medium plan card, proven there since the new tile, paid with the sale;
6. ``load``: the last action loads three cubes for the next trip.

Which move each step offers is named below (the placement, the port, the card) and taken
from ``legal_moves``, so the claims it carries (cost, gain) are the rules'; every number in
the words is computed from the states.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from app.games import akrotiri
from app.games.akrotiri.cache import board_of
from app.games.akrotiri.components import ACTIONS_AFTER, COLOUR_OF, PLANS, TILES
from app.games.interface import JsonDict, Move, State

HUMAN, OPPONENT = 0, 1
#: a deal whose first player is seat 0 and whose second turn teaches every lesson in one go
SEED = 60
#: the lessons' choices; each is checked against ``legal_moves`` when the script is built
TILE_AT, TILE_ROT = [-2, 1], 2
FREE_CUBE = {"piece": "T24:a", "colour": "orange"}
SAIL_TO = "T24:a1"
PLAN, TEMPLE_AT = "M03", [-1, 2]


def _moves(state: State, seat: int, kind: str) -> list[Move]:
    return [m for m in akrotiri.legal_moves(state, seat) if m["type"] == kind]


def _one(state: State, seat: int, kind: str, **fields: Any) -> Move:
    """The legal move of ``kind`` whose fields are ``fields`` (claims as the rules say)."""
    found = [m for m in _moves(state, seat, kind) if all(m[k] == v for k, v in fields.items())]
    assert len(found) == 1, f"{kind} {fields}: {len(found)} legal moves match"
    return found[0]


def _near_middle(move: Move) -> tuple[float, list[int], int]:
    return (abs(move["cell"][0] + 0.5) + abs(move["cell"][1] + 0.5), move["cell"], move["rot"])


def _lay(state: State, seat: int) -> State:
    """A scripted player lays its tile next to the middle and its free cube first offered."""
    state = akrotiri.apply(state, seat, min(_moves(state, seat, "place_tile"), key=_near_middle))
    if state["phase"] == "resources":
        state = akrotiri.apply(state, seat, _moves(state, seat, "place_resources")[0])
    return state


def _island(state: State, port: str) -> int:
    board = board_of(state["placements"])
    return board.islands().of_port[board.port_index[port]]


def _first_round(state: State) -> State:
    """The human's first turn: tile, a sail to cubes, load them all, back to Thera."""
    state = _lay(state, HUMAN)
    board = board_of(state["placements"])
    islands = board.islands()
    with_cubes = {islands.of_piece[board.piece_index[piece]] for piece in state["cubes"]}
    sail = next(
        m
        for m in _moves(state, HUMAN, "move")
        if m["cost"] == 1 and _island(state, m["to"]) in with_cubes
    )
    state = akrotiri.apply(state, HUMAN, sail)
    load = max(_moves(state, HUMAN, "load"), key=lambda m: len(m["colours"]))
    state = akrotiri.apply(state, HUMAN, load)
    home = next(m for m in _moves(state, HUMAN, "move") if m["to"].startswith("THERA:T"))
    state = akrotiri.apply(state, HUMAN, home)
    state = akrotiri.apply(state, HUMAN, {"type": "end_turn"})
    return _opponent_turn(state)


def _opponent_turn(state: State) -> State:
    """The scripted opponent lays its tile and ends its turn."""
    state = _lay(state, OPPONENT)
    return akrotiri.apply(state, OPPONENT, {"type": "end_turn"})


@cache
def start() -> State:
    """Round 2, the human to play: the deal and the first round, all by the rules."""
    state = akrotiri.setup(2, {}, SEED)
    assert state["first"] == HUMAN, "the seed must make the human the first player"
    state = _lay(_lay(state, HUMAN), OPPONENT)
    for seat in (HUMAN, OPPONENT):
        state = akrotiri.apply(state, seat, _moves(state, seat, "keep_objective")[0])
    return _first_round(state)


def _seat_view(state: State) -> JsonDict:
    return {
        **akrotiri.view(state, HUMAN),
        "to_act": sorted(akrotiri.to_act(state)),
        "result": None,
    }


def _boat_island(state: State) -> tuple[int, Any]:
    board = board_of(state["placements"])
    islands = board.islands()
    island = islands.of_port[board.port_index[state["boats"][HUMAN]["at"]]]
    return island, islands


def _tile(state: State) -> tuple[Move, JsonDict]:
    move = _one(state, HUMAN, "place_tile", cell=TILE_AT, rot=TILE_ROT)
    after = akrotiri.apply(state, HUMAN, move)
    board = board_of(after["placements"])
    islands = board.islands()
    island = islands.of_piece[board.piece_index[FREE_CUBE["piece"]]]
    terrain = TILES[after["placements"][-1]["tile"]]["terrain_icon"]["terrain"]
    values = {
        "tiles": islands.tiles[island],
        "parts": len(islands.pieces[island]),
        "terrain": terrain,
        "colour": COLOUR_OF[terrain],
    }
    return move, values


def _cube(state: State) -> tuple[Move, JsonDict]:
    move = _one(state, HUMAN, "place_resources", **FREE_CUBE)
    options = {m["piece"] for m in _moves(state, HUMAN, "place_resources")}
    return move, {"colour": move["colour"], "pieces": len(options)}


def _sell(state: State) -> tuple[Move, JsonDict]:
    cargo = state["boats"][HUMAN]["cargo"]
    move = _one(state, HUMAN, "sell", colours=list(cargo))
    drachmas = state["players"][HUMAN]["drachmas"]
    values = {
        "n": len(cargo),
        "colour": cargo[0],
        "gain": move["gain"],
        "before": drachmas,
        "drachmas": drachmas + move["gain"],
    }
    return move, values


def _sail(state: State) -> tuple[Move, JsonDict]:
    move = _one(state, HUMAN, "move", to=SAIL_TO)
    after = akrotiri.apply(state, HUMAN, move)
    island, islands = _boat_island(after)
    values = {
        "actions": state["actions"],
        "cost": move["cost"],
        "left": after["actions"],
        "tiles": islands.tiles[island],
    }
    return move, values


def _excavate(state: State) -> tuple[Move, JsonDict]:
    move = _one(state, HUMAN, "excavate", card=PLAN, quarter=TEMPLE_AT)
    card = PLANS[PLAN]
    player = state["players"][HUMAN]
    laid = TILES[state["placements"][-1]["tile"]]["terrain_icon"]["terrain"]
    values = {
        "terrain": laid,
        "cost": card["cost"],
        "points": card["points"],
        "icons": len(card["pattern"]),
        "drachmas": player["drachmas"],
        "left": player["drachmas"] - card["cost"],
        "next": ACTIONS_AFTER[player["temples"] + 1],
    }
    return move, values


def _load(state: State) -> tuple[Move, JsonDict]:
    move = max(_moves(state, HUMAN, "load"), key=lambda m: (len(m["colours"]), m["colours"]))
    return move, {"n": len(move["colours"]), "actions": state["actions"]}


_PLAN_CARD = f".akr-plan[data-card='{PLAN}']"
_DIG = f"[data-testid='dig-{PLAN}-{TEMPLE_AT[0]}_{TEMPLE_AT[1]}']"

#: lesson, how its move and values are found, the selectors the coach highlights
STEPS: list[tuple[str, Callable[[State], tuple[Move, JsonDict]], list[str]]] = [
    ("tile", _tile, [".akr-spot", "[data-testid=confirm-tile]"]),
    ("cube", _cube, [f"[data-testid=cube-{FREE_CUBE['colour']}]"]),
    ("sell", _sell, ["[data-testid^=sell-more-]", "[data-testid=send-sell]"]),
    ("sail", _sail, [f"[data-testid='port-{SAIL_TO}']"]),
    ("excavate", _excavate, [_PLAN_CARD, ".akr-dig", _DIG, "[data-testid=spend-yes]"]),
    ("load", _load, ["[data-testid^=load-more-]", "[data-testid=send-load]"]),
]


@cache
def script() -> JsonDict:
    """The whole tutorial: per step the move to make and the views around it."""
    state = start()
    steps = []
    for lesson, choose, focus in STEPS:
        move, values = choose(state)
        after = akrotiri.apply(state, HUMAN, move)
        steps.append(
            {
                "lesson": lesson,
                "values": values,
                "view": _seat_view(state),
                "moves": [move],
                "after": _seat_view(after),
                "focus": focus,
            }
        )
        state = after
    return {"game": "akrotiri", "steps": steps, "room": {"seats": 2, "options": {}}}


def replay() -> list[State]:
    """The states before each step and after the last, replayed from :func:`start`."""
    states = [start()]
    for step in script()["steps"]:
        states.append(akrotiri.apply(states[-1], HUMAN, step["moves"][0]))
    return states
