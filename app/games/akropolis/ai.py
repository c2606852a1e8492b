"""Optional bot hooks of Akropolis (see :mod:`app.games.interface`).

``sample(state, seat, rng)``
    Redraws what nobody can see: the order and contents of the face-down stacks (the
    tiles they hold are the tiles of the game not yet seen anywhere, so their multiset
    is public; only the order is redrawn) and the state's own PRNG. Every other part of
    the state is shared with the input, which is never mutated.
``evaluate(state)``
    Each seat's estimated final score, the Architect's at index 1 in solo (see
    :mod:`.ai_eval`); exact scores once the game is over.
``score(state)``
    Each seat's live score (what the city would score now), the greedy baseline's aim.
``rollout_move(state, seat, rng)``
    A quick, reasonable move for simulations: the best of a few random legal moves by
    ``evaluate``, two in three of them raised placements.
"""

from __future__ import annotations

from typing import Any

from app.games.akropolis.ai_eval import city_features, estimates
from app.games.akropolis.geometry import decode
from app.games.akropolis.rules import apply, architect_score, player_score
from app.games.interface import Move, State
from app.games.margin import margin
from app.games.rng import Rng

#: how many random legal moves the rollout policy compares
ROLLOUT_CHOICES = 12


def sample(state: State, seat: int, rng: Rng) -> State:
    stacks: list[list[int]] = state["stacks"]
    # sorted first: the result must not depend on the real order, only on the rng
    pool = sorted(tile for stack in stacks for tile in stack)
    rng.shuffle(pool)
    redrawn: list[list[int]] = []
    start = 0
    for stack in stacks:
        redrawn.append(pool[start : start + len(stack)])
        start += len(stack)
    new = dict(state)
    new["stacks"] = redrawn
    new["rng"] = Rng(rng.next_u64()).dump()
    return new


def evaluate(state: State) -> list[float]:
    if state["finished"]:
        return final_scores(state)
    return estimates(state)


def final_scores(state: State) -> list[float]:
    """``result()["scores"]`` of a finished game, read off the estimate's features (they
    are the scoring rules, with memoised lakes): the rollouts near the end score
    thousands of finished states, and the rules' own scoring costs several times more."""
    out = []
    for record in state["cities"]:
        f = city_features(decode(record["placed"]), state["variants"])
        out.append(
            float(sum(v * s for v, s in zip(f.value, f.stars, strict=True))) + record["stones"]
        )
    bot = architect_score(state)
    if bot is not None:
        out.append(float(bot["total"]))
    return out


#: live totals keyed like :data:`ai_eval._MEMO` (the entry keeps the list alive)
_LIVE: dict[tuple[int, int, int], tuple[list[Any], float]] = {}


def _live_total(state: State, seat: int) -> float:
    record = state["cities"][seat]
    placed = record["placed"]
    key = (id(placed), len(placed), record["stones"])
    hit = _LIVE.get(key)
    if hit is not None and hit[0] is placed:
        return hit[1]
    total = float(player_score(state, seat)["total"])
    if len(_LIVE) >= 512:
        _LIVE.clear()
    _LIVE[key] = (placed, total)
    return total


def score(state: State) -> list[float]:
    out = [_live_total(state, seat) for seat in range(state["seats"])]
    bot = architect_score(state)
    if bot is not None:
        out.append(float(bot["total"]))
    return out


def rollout_move(state: State, seat: int, rng: Rng) -> Move:
    record = state["cities"][seat]
    placements = decode(record["placed"]).placements()
    # raised placements are ~6 % of them but ~half of the best moves: two choices in
    # three are drawn among them
    raised = [p for p in placements if p[3] > 1] or placements
    tiles = min(len(state["site"]), record["stones"] + 1)
    best: tuple[float, Move] | None = None
    for i in range(ROLLOUT_CHOICES):
        pool = raised if i % 3 else placements
        q, r, rot, level, gain = pool[rng.randbelow(len(pool))]
        move = {"tile": rng.randbelow(tiles), "q": q, "r": r, "rot": rot}
        value = margin(evaluate(apply(state, seat, move)), seat)
        if best is None or value > best[0]:
            best = (value, move)
    assert best is not None
    return best[1]


def move_group(move: Move) -> object:
    """The move's strategic choice for the search's candidates: the site tile it takes."""
    return move["tile"]
