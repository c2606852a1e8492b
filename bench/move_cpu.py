"""Server CPU per move without the network: ``.venv/bin/python bench/move_cpu.py``.

    python bench/move_cpu.py --game akropolis --seats 2 4 --games 20

Plays seeded random games through the work the room service does for each move, in one
process, and prints the CPU time (``time.process_time``) per move of each part:

- ``legal``   the mover's legal moves, in the compact form when the game has it (what the
              browser asks before each move);
- ``apply``   :func:`app.rooms.movelog.apply_for_log` (the rules' ``steps`` and
              ``describe``, the stored move JSON);
- ``views``   every audience's view (each seat and the spectator), as
              :func:`app.rooms.live.compose_view` composes them;
- ``patches`` the patches from the previous views (:func:`app.rooms.diff.diff_views`)
              and their encoded messages.

No database, sockets or HTTP: ``bench/ws_load.py`` measures those, this isolates the
rules-and-views part of a move (the issue's "server CPU per move").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games.compact import compact_move  # noqa: E402
from app.games.registry import get_game  # noqa: E402
from app.realtime.hub import SPECTATOR  # noqa: E402
from app.rooms.context import dumps  # noqa: E402
from app.rooms.diff import diff_views  # noqa: E402
from app.rooms.live import compose_view, outcome_of  # noqa: E402
from app.rooms.movelog import apply_for_log  # noqa: E402

PARTS = ("legal", "apply", "views", "patches")


def play(game_id: str, seats: int, seed: int, costs: dict[str, float]) -> int:
    game = get_game(game_id)
    options: dict[str, Any] = {"target": 60} if game_id == "race" else {}
    state = game.setup(seats, options, seed)
    rng = random.Random(seed)
    audiences = [*(str(s) for s in range(seats)), SPECTATOR]
    views = {a: compose_view(game, state, a) for a in audiences}
    compact = getattr(game, "legal_moves_compact", None)
    moves = 0
    while game.result(state) is None:
        seat = min(game.to_act(state))
        t0 = time.process_time()
        if compact is not None:
            form = compact(state, seat)
            # the product form (Akropolis) or the table form (Agorapolis, Attika)
            values = next(iter(form["each"].values()), [0]) if "each" in form else [0]
            row = rng.randrange(len(form["rows"]))
            move = compact_move(form, row, rng.randrange(len(values)))
            dumps(form)
        else:
            legal = game.legal_moves(state, seat)
            move = rng.choice(legal)
            dumps(legal)
        t1 = time.process_time()
        state, _stored = apply_for_log(game, state, seat, move)
        t2 = time.process_time()
        outcome = outcome_of(game, state)
        new = {a: compose_view(game, state, a, outcome) for a in audiences}
        t3 = time.process_time()
        patches = diff_views({a: (views[a], new[a]) for a in audiences})
        for ops in patches.values():
            dumps({"type": "patch", "version": moves, "ops": ops})
        t4 = time.process_time()
        views = new
        for part, cost in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
            costs[part] += cost
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="akropolis")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"# move_cpu: {args.game}, {args.games} random games per seat count, seeds {args.seed}…")
    print("| seats | moves | legal ms | apply ms | views ms | patches ms | total ms/move |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for seats in args.seats:
        costs = dict.fromkeys(PARTS, 0.0)
        moves = sum(play(args.game, seats, args.seed + i, costs) for i in range(args.games))
        per = {part: 1000 * costs[part] / moves for part in PARTS}
        cells = " | ".join(f"{per[part]:.3f}" for part in PARTS)
        print(f"| {seats} | {moves} | {cells} | {sum(per.values()):.3f} |")


if __name__ == "__main__":
    main()
