"""The largest message a seat gets, per game: ``.venv/bin/python bench/message_sizes.py``.

Plays random legal moves (random seat counts, seeds 0, 1, …) until ``--positions`` positions
per game were seen, and at each one measures the JSON a seat to act is sent with its view:
the view, the legal moves as a list, and as the game's compact form (``legal_moves_compact``,
:mod:`app.games.compact`) where it has one — what the server pushes. Checks on the way that
each compact form expands to exactly the list (the same moves in the same order). Prints,
per game, the largest of each and how many messages (view + legal moves as sent) exceed
``--limit`` bytes (64 KB: a socket frame a phone on a slow link still takes in well under a
second).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games.compact import expand_compact  # noqa: E402
from app.games.hooks import hook_of  # noqa: E402
from app.games.registry import get_game  # noqa: E402

SORTED = orjson.OPT_SORT_KEYS
GAMES = ("akropolis", "agorapolis", "akrotiri", "attika")


def measure(game_id: str, positions: int, limit: int) -> dict[str, int]:
    game = get_game(game_id)
    compact = hook_of(game, "legal_moves_compact")
    figures = {"positions": 0, "view": 0, "list": 0, "compact": 0, "message": 0, "over": 0}
    seed = 0
    while figures["positions"] < positions:
        rng = random.Random(seed)
        seats = rng.randint(game.INFO.min_seats, game.INFO.max_seats)
        state = game.setup(seats, {}, seed)
        seed += 1
        while game.result(state) is None and figures["positions"] < positions:
            seat = rng.choice(sorted(game.to_act(state)))
            moves = list(game.legal_moves(state, seat))
            listed = orjson.dumps(moves)
            view = len(orjson.dumps(game.view(state, seat)))
            sent = len(listed)
            if compact is not None:
                form = compact(state, seat)
                if orjson.dumps(expand_compact(form), option=SORTED) != orjson.dumps(
                    moves, option=SORTED
                ):
                    raise AssertionError(f"{game_id} seed {seed - 1}: compact form is not exact")
                sent = len(orjson.dumps(form))
                figures["compact"] = max(figures["compact"], sent)
            figures["positions"] += 1
            figures["view"] = max(figures["view"], view)
            figures["list"] = max(figures["list"], len(listed))
            figures["message"] = max(figures["message"], view + sent)
            figures["over"] += view + sent > limit
            state = game.apply(state, seat, rng.choice(moves))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--limit", type=int, default=64 * 1024)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    for game_id in args.games:
        f = measure(game_id, args.positions, args.limit)
        compact = f"{f['compact']:,}" if f["compact"] else "-"
        print(
            f"{game_id:<11} positions {f['positions']:,}  largest: view {f['view']:,} B, "
            f"legal list {f['list']:,} B, compact {compact} B, message {f['message']:,} B; "
            f"over {args.limit:,} B: {f['over']}"
        )


if __name__ == "__main__":
    main()
