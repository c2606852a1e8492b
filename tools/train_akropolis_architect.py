"""Could the Architect's estimate follow its pick rule instead of averaging? Compares
both on recorded positions: ``.venv/bin/python tools/train_akropolis_architect.py
POSITIONS.pkl [MORE.pkl ...]``.

The estimate in the bot (``ai_eval.architect_estimate``) scores the Architect's remaining
turns by the average content of the tiles still to come. The playout here follows its
rule on the sampled stacks instead, with a proxy for the human's picks (below). Measured
on 80 medium-bot games (``docs/bots.md``) it predicted worse (RMSE 23 against 17; it gives
the Architect 13 points more than it gets, on average), so the bot keeps the average.

Positions come from ``tools/akropolis_positions.py`` (solo games; each row is a state where
the human is to act and the game's final scores, the Architect's at index 1). Every
position is redrawn ``--samples`` times by the ``sample`` hook (the search never sees the
real order of the stacks), and the Architect's final score is predicted by

- the average-content estimate (``ai_eval.architect_estimate``, the solo weights), and
- the playout for each proxy (``reach``, ``gain``) on a grid,

each averaged over the samples. Prints the RMSE and mean error of each, by stage of the
game (turns left), best first. A few seconds per thousand positions.
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games.akropolis.ai import sample  # noqa: E402
from app.games.akropolis.ai_eval import architect_estimate, remaining_turns  # noqa: E402
from app.games.akropolis.ai_weights import SOLO_WEIGHTS  # noqa: E402
from app.games.akropolis.architect import VARIANT_OF  # noqa: E402
from app.games.akropolis.components import (  # noqa: E402
    START_ID,
    TILES,
    TYPES,
    has_plaza,
    tile_hexes,
)
from app.games.interface import State  # noqa: E402
from app.games.rng import Rng  # noqa: E402

#: tile id -> whether it holds a plaza
PLAZA: dict[int, bool] = {tid: has_plaza(tid) for tid in (START_ID, *TILES)}


def _tile_content(tile_id: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    districts = [0] * 5
    plazas = [0] * 5
    stars = [0] * 5
    quarries = 0
    for h in tile_hexes(tile_id):
        if h["kind"] == "quarry":
            quarries += 1
            continue
        t = TYPES.index(h["type"])
        if h["kind"] == "district":
            districts[t] += 1
        else:
            plazas[t] += 1
            stars[t] += int(h["stars"])
    return tuple(districts), tuple(plazas), tuple(stars), quarries


#: tile id -> (districts, plazas, stars per type, quarries)
CONTENT = {tid: _tile_content(tid) for tid in (START_ID, *TILES)}

#: the human proxy's defaults
REACH = 2
GAIN = 0.5


def _first_plaza(site: list[int], purse: float, reach: int) -> int:
    for index, tile_id in enumerate(site):
        if PLAZA[tile_id]:
            return index if index <= purse and index <= reach else 0
    return 0


def playout(state: State, reach: int = REACH, gain: float = GAIN) -> tuple[list[int], float]:
    """The tiles the Architect will still take and its stones at the end, the human
    playing the proxy."""
    site = list(state["site"])
    stacks: list[list[int]] = state["stacks"]
    turn: int = state["turn"]
    bot_stones = float(state["architect"]["stones"])
    human = float(state["cities"][0]["stones"])
    taken: list[int] = []
    if state["finished"]:
        return taken, bot_stones
    next_stack = 0
    while True:
        if turn == 1:
            index = _first_plaza(site, bot_stones, len(site))
            bot_stones -= index
            taken.append(site.pop(index))
        else:
            index = _first_plaza(site, human, reach)
            human += gain - index
            bot_stones += index
            site.pop(index)
        turn = 1 - turn
        if len(site) == 1:
            if next_stack == len(stacks):
                return taken, bot_stones
            site.extend(stacks[next_stack])
            next_stack += 1


def collection_score(tiles: list[Any], level: str, variants: list[str]) -> float:
    """The Architect's score from a collection (starting tile added), stones left out:
    :func:`app.games.akropolis.architect.score` on precomputed tile contents."""
    districts = [0, 0, 0, 0, 0]
    plazas = [0, 0, 0, 0, 0]
    stars = [0, 0, 0, 0, 0]
    quarries = 0
    for tile_id in (START_ID, *tiles):
        d, p, s, q = CONTENT[tile_id]
        for t in range(5):
            districts[t] += d[t]
            plazas[t] += p[t]
            stars[t] += s[t]
        quarries += q
    value = 2 if level == "callicrates" else 1
    active = set(variants)
    total = 0.0
    for t, type_ in enumerate(TYPES):
        count = districts[t]
        if type_ == "house":
            doubled = count if "houses" in active and count * value >= 10 else 0
        elif type_ == "market":
            doubled = min(count, 3 * plazas[t]) if "markets" in active else 0
        elif type_ == "temple":
            doubled = count if "temples" in active and level == "callicrates" else 0
        else:
            doubled = count if VARIANT_OF[type_] in active else 0
        total += (count + doubled) * value * stars[t]
    if level == "metagenes":
        total += 2 * quarries
    return total


#: playout scores keyed by what they depend on; the entry keeps the lists alive
_MEMO: dict[tuple[Any, ...], tuple[list[Any], list[Any], float]] = {}


def playout_score(state: State, reach: int = REACH, gain: float = GAIN) -> float:
    """The Architect's final score, its remaining picks played out (its stones at the
    end count a point each)."""
    bot = state["architect"]
    stacks = state["stacks"]
    key = (
        tuple(state["site"]), id(stacks), len(stacks), id(bot["tiles"]), len(bot["tiles"]),
        bot["stones"], state["cities"][0]["stones"], state["turn"], reach, gain,
    )  # fmt: skip
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is stacks and hit[1] is bot["tiles"]:
        return hit[2]
    taken, stones = playout(state, reach, gain)
    tiles = [*bot["tiles"], *taken]
    value = collection_score(tiles, state["level"], state["variants"]) + stones
    if len(_MEMO) >= 1024:
        _MEMO.clear()
    _MEMO[key] = (stacks, bot["tiles"], value)
    return value


REACHES = (0, 1, 2, 3, 5)
GAINS = (0.0, 0.25, 0.5, 1.0)


def stats(errors: list[float]) -> str:
    n = max(len(errors), 1)
    return f"RMSE {math.sqrt(sum(e * e for e in errors) / n):6.2f}, mean {sum(errors) / n:+6.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("positions", nargs="+")
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data: list[tuple[Any, list[float]]] = []
    for path in args.positions:
        with open(path, "rb") as handle:
            data.extend(pickle.load(handle))
    rng = Rng.from_seed(args.seed)
    names = ["average", *(f"playout reach {r} gain {g}" for r in REACHES for g in GAINS)]
    errors: dict[str, list[tuple[int, float]]] = {name: [] for name in names}
    for state, final in data:
        if state["architect"] is None:
            continue
        turns = remaining_turns(state)[1]
        samples = [sample(state, 0, rng) for _ in range(args.samples)]
        avg = sum(architect_estimate(s, turns, SOLO_WEIGHTS) for s in samples) / len(samples)
        errors["average"].append((turns, avg - final[1]))
        for r in REACHES:
            for g in GAINS:
                est = sum(playout_score(s, r, g) for s in samples) / len(samples)
                errors[f"playout reach {r} gain {g}"].append((turns, est - final[1]))
    print(f"{len(errors['average'])} solo positions, {args.samples} samples each")

    def overall(name: str) -> float:
        es = [e for _, e in errors[name]]
        return sum(e * e for e in es) / len(es)

    for name in sorted(names, key=overall):
        es = errors[name]
        early = [e for t, e in es if t > 6]
        late = [e for t, e in es if t <= 6]
        print(
            f"{name:28s} all {stats([e for _, e in es])} | "
            f"> 6 turns left {stats(early)} | <= 6 {stats(late)}"
        )


if __name__ == "__main__":
    main()
