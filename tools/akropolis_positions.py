"""Positions for fitting the Akropolis estimate: ``.venv/bin/python tools/akropolis_positions.py
OUT.pkl --level medium --games 100 --seed 5000 [--architect callicrates] [--seats 1]
[--iterations N]``.

Plays seeded games of the bot ``--level`` (solo against the Architect, or ``--seats`` bots of
that level in multiplayer) in deterministic mode and pickles, for every position where a
seat is to act, the state and the final scores (the Architect's at index 1 in solo).
``tools/akropolis_fit.py`` fits :class:`app.games.akropolis.ai_eval.Weights` on them.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots.levels import LEVELS  # noqa: E402
from app.bots.play import choose_move  # noqa: E402
from app.games.registry import get_game  # noqa: E402


def play(
    level: str, seats: int, architect: str, seed: int, cap: int | None
) -> list[tuple[Any, list[float]]]:
    game = get_game("akropolis")
    options: dict[str, Any] = {"architect_level": architect} if seats == 1 else {}
    state = game.setup(seats, options, seed)
    seen = []
    ply = 0
    while game.result(state) is None:
        seat = min(game.to_act(state))
        seen.append(state)
        iterations = (
            cap if cap is not None else LEVELS[level].iterations if level in LEVELS else None
        )
        move = choose_move(
            "akropolis", state, seat, level, seed * 1000 + ply, iterations=iterations
        )
        state = game.apply(state, seat, move)
        ply += 1
    result = game.result(state)
    assert result is not None
    final = [float(x) for x in result["scores"]]
    return [(s, final) for s in seen]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--seats", type=int, default=1)
    parser.add_argument("--architect", default="callicrates")
    parser.add_argument("--iterations", type=int, default=None, help="simulations per move")
    args = parser.parse_args()
    rows: list[tuple[Any, list[float]]] = []
    levels = ("hippodamos", "metagenes", "callicrates")
    for i in range(args.games):
        # "mixed": the three Architect levels in turn
        architect = levels[i % 3] if args.architect == "mixed" else args.architect
        rows.extend(play(args.level, args.seats, architect, args.seed + i, args.iterations))
        print(f"game {i + 1}/{args.games}: {len(rows)} positions", file=sys.stderr, flush=True)
    with open(args.out, "wb") as handle:
        pickle.dump(rows, handle)


if __name__ == "__main__":
    main()
