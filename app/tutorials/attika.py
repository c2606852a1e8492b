"""The Attika first-game tutorial: two turns of a game in progress, played with the real rules.

The position is a seeded two-player deal (``setup``) adjusted for the lessons: the player's
line of four buildings already runs west from the shrine S1, the opponent has three
buildings in the east, the reserve, the top of stack 1 and the hand are chosen. Every step
offers one move taken from ``legal_moves`` and records the views before and after it;
every number the text says is read from the rules (the move's cost claims, the views).

Lesson plan (hexes in axial coordinates, shrines S1 at the east end, S2 at the west end):

1. ``cost``: the Well, a main building, paid in cards less the matching symbols around it;
2. ``free``: the Grain Field next to its predecessor, the Well: free;
3. ``colony``: the Vineyard next to the shrine S2, away from the line: a new colony costs
   one more card per colony already there (the turn's third build ends it);
   the opponent builds one building and ends its turn;
4. ``draw``: a draw turn: the Vintner from stack 1;
5. ``amphora``: the Vintner built at once, free next to the Vineyard: Viticulture is
   complete and together, an amphora;
6. ``end``: ending the turn (a card for the unused draw), then the amphora phase;
7. ``shrines``: the amphora's extra build, the Mill between the two colonies: one colony
   touches both shrines, the game is won.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from app.games import attika
from app.games.attika.components import BUILDING_INDEX, BUILDINGS, MAIN_BUILDINGS, TYPE_CODE
from app.games.attika.geometry import distance, topology
from app.games.attika.position import SEAT_SHIFT
from app.games.attika.setup import new_turn
from app.games.interface import JsonDict, Move, State

HUMAN, OPPONENT = 0, 1
SEED = 1
Cell = tuple[int, int]
#: the player's line from the shrine S1 westwards, and the opponent's buildings
LINE: list[tuple[str, Cell]] = [
    ("quarry", (1, 0)),
    ("fortress", (0, 0)),
    ("road_1", (-1, 0)),
    ("road_2", (-2, 0)),
]
THEIRS: list[tuple[str, Cell]] = [("harbour", (0, -1)), ("ship_1", (1, -1)), ("agora", (-1, 1))]
RESERVE = ["well", "grain_field", "vineyard", "mill"]
#: the top of stack 1 (drawn in lesson 4)
STACK_TOP = "vintner"
HAND = {"water": 2, "forest": 1, "hill": 3, "mountain": 1}
#: where each lesson builds; the opponent keeps away from them
SPOTS: dict[str, Cell] = {
    "cost": (-3, 0),
    "free": (-4, 0),
    "colony": (-6, 1),
    "amphora": (-6, 2),
    "shrines": (-5, 1),
}


def _put(state: State, seat: int, built: list[tuple[str, Cell]], reserve: list[str]) -> None:
    """Stand ``built`` on the map for ``seat`` and give it ``reserve``; the other buildings
    stay in its stacks (mains in the main stack), ``STACK_TOP`` on top of stack 1."""
    topo = topology(state["pieces"], state["shrines"])
    player = state["players"][seat]
    taken = {BUILDING_INDEX[b] for b, _ in built} | {BUILDING_INDEX[b] for b in reserve}
    stacks = [[b for b in stack if b not in taken] for stack in player["stacks"]]
    for b in player["reserve"]:  # the dealt reserve goes back to its stacks
        if b not in taken:
            stacks[0 if b in MAIN_BUILDINGS else 1 + b % 3].append(b)
    if seat == HUMAN:
        top = BUILDING_INDEX[STACK_TOP]
        stacks = [[b for b in stack if b != top] for stack in stacks]
        stacks[1].append(top)
    occ = state["occ"]
    for name, cell in built:
        occ[topo.index[cell]] = seat << SEAT_SHIFT | BUILDING_INDEX[name]
    player.update(stacks=stacks, reserve=[BUILDING_INDEX[b] for b in reserve])


def _start() -> State:
    state = attika.setup(2, {}, SEED)
    state = {**state, "occ": list(state["occ"]), "start": HUMAN, "turn": new_turn(HUMAN)}
    state["players"] = [{**p, "stacks": list(p["stacks"])} for p in state["players"]]
    deck = list(state["deck"])
    for player in state["players"]:  # hands back into the deck, then the chosen hand dealt
        deck += [code for code, n in enumerate(player["hand"]) for _ in range(n)]
        player["hand"] = [0] * len(player["hand"])
    for name, n in HAND.items():
        for _ in range(n):
            deck.remove(TYPE_CODE[name])
        state["players"][HUMAN]["hand"][TYPE_CODE[name]] = n
    for _ in range(5):
        state["players"][OPPONENT]["hand"][deck.pop()] += 1
    state["deck"] = deck
    _put(state, HUMAN, LINE, RESERVE)
    _put(state, OPPONENT, THEIRS, ["road_1", "temple", "silver_mine"])
    return state


def _seat_view(state: State) -> JsonDict:
    return {
        **attika.view(state, HUMAN),
        "to_act": sorted(attika.to_act(state)),
        "result": attika.result(state),
    }


def _pick(state: State, wanted: Callable[[Move], bool]) -> Move:
    found = [m for m in attika.legal_moves(state, HUMAN) if wanted(m)]
    assert len(found) == 1, f"expected one legal move, found {found}"
    return found[0]


def _build_at(lesson: str, building: str, kind: str = "build") -> Callable[[Move], bool]:
    q, r = SPOTS[lesson]
    return lambda m: (
        (m["type"], m.get("building"), m.get("q"), m.get("r")) == (kind, building, q, r)
    )


def _opponent(state: State) -> State:
    """The opponent builds its cheapest building as far as it can from the lessons' hexes,
    then ends its turn."""
    keep = list(SPOTS.values())
    while attika.to_act(state) == {OPPONENT}:
        moves = attika.legal_moves(state, OPPONENT)
        builds = [m for m in moves if m["type"] == "build"]
        if builds and state["turn"]["used"] == 0:
            move = min(
                builds,
                key=lambda m: (
                    sum(m["pay"].values()),
                    -min(distance((m["q"], m["r"]), cell) for cell in keep),
                    m["q"],
                    m["r"],
                ),
            )
        else:
            move = next(m for m in moves if m["type"] in ("end_actions", "pass"))
        state = attika.apply(state, OPPONENT, move)
    return state


def _cards(move: Move) -> int:
    return sum(move.get("pay", {}).values())


def _printed(building: str) -> int:
    b = BUILDINGS[BUILDING_INDEX[building]]
    return sum(b.cost) + b.cost_any


def _values(lesson: str, move: Move, before: State, after: State) -> JsonDict:
    """The numbers a lesson's words use, read from the move's claims and the views."""
    me = attika.view(after, HUMAN)["players"][HUMAN]
    was = attika.view(before, HUMAN)["players"][HUMAN]
    if lesson in ("cost", "free", "colony", "amphora", "shrines"):
        cost = move["cost"]
        printed = _printed(move["building"])
        owed = sum(cost["due"].values())
        return {
            "printed": printed,
            "covered": printed - owed if not cost["free"] else printed,
            "paid": _cards(move),
            "colonies": was["colonies"],
            "surcharge": cost["due_any"] if cost["founds_new_colony"] else 0,
            "amphorae": me["amphorae"],
            "built": me["built"],
        }
    if lesson == "draw":
        return {"stack": move["stack"], "left": attika.view(after, HUMAN)["actions_left"]}
    return {"cards": move["cards"], "amphorae": me["amphorae"]}


# (lesson, the move to make, what the coach highlights, the opponent answers after it)
STEPS: list[tuple[str, Callable[[Move], bool], list[str], bool]] = [
    ("cost", _build_at("cost", "well"), ["[data-testid=reserve-well]"], False),
    ("free", _build_at("free", "grain_field"), ["[data-testid=reserve-grain_field]"], False),
    ("colony", _build_at("colony", "vineyard"), ["[data-testid=reserve-vineyard]"], True),
    ("draw", lambda m: m == {"type": "draw", "stack": 1}, ["[data-testid=stack-1]"], False),
    ("amphora", _build_at("amphora", "vintner", "build_pending"), [], False),
    ("end", lambda m: m["type"] == "end_actions", ["[data-testid=end-turn]"], False),
    ("shrines", _build_at("shrines", "mill"), ["[data-testid=reserve-mill]"], False),
]
#: on the map and in the payment panel, whatever the lesson builds
PLACING = ["[data-testid=spot]", "[data-testid=pay-confirm]"]


@cache
def script() -> JsonDict:
    """The whole tutorial: per step the move to make and the views around it."""
    state = _start()
    steps = []
    for lesson, wanted, focus, answered in STEPS:
        move = _pick(state, wanted)
        after = attika.apply(state, HUMAN, move)
        placing = move["type"] in ("build", "build_pending")
        step: JsonDict = {
            "lesson": lesson,
            "view": _seat_view(state),
            "moves": [move],
            "after": _seat_view(after),
            "focus": focus + (PLACING if placing else []),
            "values": _values(lesson, move, state, after),
        }
        state = after
        if answered:
            state = _opponent(state)
            step["opponent"] = _seat_view(state)
        steps.append(step)
    return {"game": "attika", "steps": steps, "room": {"seats": 2, "options": {}}}


def replay() -> list[State]:
    """The states before each step, replayed from the start (for tests)."""
    state = _start()
    out = []
    for step, (_, _, _, answered) in zip(script()["steps"], STEPS, strict=True):
        out.append(state)
        state = attika.apply(state, HUMAN, step["moves"][0])
        if answered:
            state = _opponent(state)
    return out


def summary() -> list[dict[str, Any]]:
    """A compact description of the steps (for tests and docs)."""
    return [
        {"lesson": s["lesson"], "move": s["moves"][0], **s["values"]} for s in script()["steps"]
    ]
