"""CPU of the hard bot's one-move ordering in Akrotiri: ``apply`` + ``evaluate`` per move.

    nice -n 10 .venv/bin/python bench/akrotiri_bot_cpu.py --games 2 --every 4
    nice -n 10 .venv/bin/python bench/akrotiri_bot_cpu.py --save /tmp/akb-ref.json
    nice -n 10 .venv/bin/python bench/akrotiri_bot_cpu.py --check /tmp/akb-ref.json
    nice -n 10 .venv/bin/python bench/akrotiri_bot_cpu.py --profile 25

Plays seeded games with a cheap bot-like policy (the best of 8 random legal moves by
``evaluate``), so the positions look like the ones a bot meets (tiles placed, plans
bought, temples excavated). At every ``--every``-th position it does what
:func:`app.bots.search.order_moves` does: one ``sample`` for the seat, then for every
legal move ``apply`` + ``evaluate`` on it, and prints the CPU ms (``time.process_time``)
per apply+evaluate (p50, mean, p90, max over positions, and the mean per move) and per
position. Each position is timed with cold board caches (as when the bot meets it: a
bot's sample is a fresh state, its children new placements).

``--save`` writes, per position, a digest of every child state and its evaluation;
``--check`` replays the same games and compares them (same rules, same results: the
games themselves are also replayed move for move). ``--profile N`` prints the cProfile
of the ordering, the ``N`` most expensive functions by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import json
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games import akrotiri  # noqa: E402
from app.games.akrotiri import cache  # noqa: E402
from app.games.margin import margin  # noqa: E402
from app.games.rng import Rng  # noqa: E402


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def positions(games: int, seed: int, every: int) -> list[tuple[dict[str, Any], int, int]]:
    """``(state, seat, sample seed)`` at every ``every``-th ply of seeded games."""
    out = []
    for game in range(games):
        rng = Rng.from_seed(seed + game)
        state = akrotiri.setup(2, {}, seed + game)
        ply = 0
        while akrotiri.result(state) is None and ply < 1500:
            seat = min(akrotiri.to_act(state))
            moves = akrotiri.legal_moves(state, seat)
            if ply % every == 0 and len(moves) > 1:
                out.append((state, seat, seed * 1_000_000 + game * 10_000 + ply))
            picks = [moves[rng.randbelow(len(moves))] for _ in range(min(8, len(moves)))]
            best = max(
                picks,
                key=lambda m: margin(akrotiri.evaluate(akrotiri.apply(state, seat, m)), seat),
            )
            state = akrotiri.apply(state, seat, best)
            ply += 1
    return out


def clear_caches(state: dict[str, Any]) -> None:
    """Cold caches, but for the position's own board (the server built it already)."""
    cache._BY_VALUE.clear()
    cache._BY_ID.clear()
    cache.board_of(state["placements"])


def order(sampled: dict[str, Any], seat: int, moves: list[Any], record: list[Any] | None) -> None:
    """What ``order_moves`` does on one sampled position."""
    for move in moves:
        after = akrotiri.apply(sampled, seat, move)
        values = akrotiri.evaluate(after)
        if record is not None:
            record.append([digest(after), values])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=4000)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--check", type=Path)
    parser.add_argument("--profile", type=int, default=0)
    args = parser.parse_args(argv)
    found = positions(args.games, args.seed, args.every)
    if args.save or args.check:
        records: list[Any] = []
        for state, seat, sample_seed in found:
            clear_caches(state)
            sampled = akrotiri.sample(state, seat, Rng.from_seed(sample_seed))
            moves = akrotiri.legal_moves(sampled, seat)
            record: list[Any] = [digest(state), digest(sampled), moves]
            order(sampled, seat, moves, record)
            records.append(record)
        if args.save:
            args.save.write_text(json.dumps(records))
            print(f"saved {len(records)} positions to {args.save}")
        if args.check:
            reference = json.loads(args.check.read_text())
            bad = sum(1 for a, b in zip(reference, records, strict=False) if a != b)
            bad += abs(len(reference) - len(records))
            print(f"checked {len(records)} positions: {bad} differ")
            if bad:
                raise SystemExit(1)
        return
    profiler = cProfile.Profile() if args.profile else None
    per_move: list[float] = []
    legal_ms: list[float] = []
    total_ms = 0.0
    total_moves = 0
    gc.collect()
    for state, seat, sample_seed in found:
        clear_caches(state)
        start = time.process_time()
        sampled = akrotiri.sample(state, seat, Rng.from_seed(sample_seed))
        moves = akrotiri.legal_moves(sampled, seat)
        legal_ms.append((time.process_time() - start) * 1000)
        start = time.process_time()
        if profiler is not None:
            profiler.enable()
        order(sampled, seat, moves, None)
        if profiler is not None:
            profiler.disable()
        spent = (time.process_time() - start) * 1000
        per_move.append(spent / len(moves))
        total_ms += spent
        total_moves += len(moves)
    per_move.sort()
    print(
        f"sample + legal_moves: p50 {statistics.median(legal_ms):.2f} ms, "
        f"mean {statistics.mean(legal_ms):.2f} ms, max {max(legal_ms):.2f} ms"
    )
    print(
        f"{len(found)} positions, {total_moves} moves: ms per apply+evaluate "
        f"p50 {statistics.median(per_move):.2f}, mean {statistics.mean(per_move):.2f}, "
        f"p90 {per_move[int(0.9 * len(per_move))]:.2f}, max {per_move[-1]:.2f}; "
        f"overall {total_ms / total_moves:.2f} ms/move, {total_ms / len(found):.0f} ms/position"
    )
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)


if __name__ == "__main__":
    main()
