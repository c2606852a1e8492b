"""The Akropolis first-game tutorial: three guided turns on a scripted two-player position.

The script is played here with the real rules (``setup``, ``legal_moves``, ``apply``,
``view``), so what the tutorial shows is exactly what a game does. Each human step offers
a single legal move (the board highlights that one spot); the step records the views
before and after it and the scores, so the browser can explain the change.

Lesson plan (tile ids from ``tiles.json``):

1. a free tile with two houses, on the ground next to the starting plaza (houses group);
2. a tile bought for one stone, built on level 2 over quarries (stones, height);
3. a tile with a House plaza: a second star doubles the houses.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from app.games import akropolis
from app.games.interface import JsonDict, Move, State

HUMAN, OPPONENT = 0, 1
#: the construction site at the start, then the first stack revealed by the refill
SITE = [19, 7, 30, 41]
NEXT_STACK = [26, 32, 44]
SEED = 2024


def _start() -> State:
    state = akropolis.setup(2, {}, SEED)
    state = {**state, "turn": HUMAN, "chief": HUMAN, "site": list(SITE)}
    state["stacks"] = [list(NEXT_STACK), *state["stacks"][1:]]
    state["cities"] = [{**state["cities"][HUMAN], "stones": 1}, {**state["cities"][1], "stones": 2}]
    return state


def _score(state: State) -> JsonDict:
    city = akropolis.view(state, HUMAN)["cities"][HUMAN]
    return {"stones": city["stones"], **city["score"]}


def _pick(
    state: State, tile: int, key: Callable[[Move, State], tuple[int, ...]]
) -> tuple[Move, State]:
    """The move of site tile ``tile`` that ``key`` ranks best, and the state after it."""
    best: tuple[tuple[int, ...], Move, State] | None = None
    for move in akropolis.legal_moves(state, HUMAN):
        if move["tile"] != tile:
            continue
        after = akropolis.apply(state, HUMAN, move)
        rank = key(move, after)
        if best is None or rank > best[0]:
            best = (rank, move, after)
    assert best is not None, f"no legal move for site tile {tile}"
    return best[1], best[2]


def _opponent(state: State) -> State:
    """The scripted opponent takes the free tile and builds at its first legal spot."""
    move = next(m for m in akropolis.legal_moves(state, OPPONENT) if m["tile"] == 0)
    return akropolis.apply(state, OPPONENT, move)


def _seat_view(state: State) -> JsonDict:
    return {
        **akropolis.view(state, HUMAN),
        "to_act": sorted(akropolis.to_act(state)),
        "result": None,
    }


def _house_points(after: State) -> int:
    return int(_score(after)["house"])


def _raise_later(after: State) -> int:
    """Stones the best level-2 placement would gain next turn (step 1 prepares step 2)."""
    ahead = {**after, "turn": HUMAN}
    gains = [m["stones"] for m in akropolis.legal_moves(ahead, HUMAN) if m["level"] == 2]
    return max(gains, default=-1)


STEPS: list[tuple[str, int, Callable[[Move, State], tuple[int, ...]], str]] = [
    (
        "ground",
        0,
        lambda move, after: (move["level"] == 1, _house_points(after), _raise_later(after)),
        "house",
    ),
    (
        "raise",
        1,
        lambda move, after: (move["level"] == 2, move["stones"], _house_points(after)),
        "house",
    ),
    ("plaza", 1, lambda move, after: (_house_points(after), -move["level"]), "house"),
]


@cache
def script() -> JsonDict:
    """The whole tutorial: names, then per step the move to make and the views around it."""
    state = _start()
    steps = []
    for index, (lesson, tile, key, focus) in enumerate(STEPS):
        before = _score(state)
        move, after = _pick(state, tile, key)
        score_after = _score(after)
        detail = score_after["details"][focus]
        step: JsonDict = {
            "lesson": lesson,
            "tile": tile,
            "view": _seat_view(state),
            "moves": [move],
            "after": _seat_view(after),
            "focus": [f".ak-card[data-index='{tile}']", ".ak-tool.confirm"],
            "values": {
                "stones": before["stones"],
                "value": detail["value"],
                "stars": detail["stars"],
                "points": detail["points"],
                "level": move["level"],
                "gain": move["stones"],
            },
            "score": {"before": before["total"], "after": score_after["total"]},
            "score_before": before,
            "score_after": score_after,
        }
        state = after
        if index < len(STEPS) - 1:
            state = _opponent(state)
            step["opponent"] = _seat_view(state)
        steps.append(step)
    return {"game": "akropolis", "steps": steps}


def summary() -> list[dict[str, Any]]:
    """A compact description of the steps (for tests and docs)."""
    return [
        {
            "lesson": step["lesson"],
            "move": step["moves"][0],
            "before": step["score_before"]["total"],
            "after": step["score_after"]["total"],
        }
        for step in script()["steps"]
    ]
