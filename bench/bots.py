"""Bot strength and speed bench: ``.venv/bin/python bench/bots.py MODE [options]``.

Modes (game i of a run is set up with seed S + i, so reruns with the same seed compare):

``akropolis-solo``  the bot of ``--level`` against the Illustrious Architect
                    (``--architect hippodamos|metagenes|callicrates``);
``akropolis-4p``    ``--level`` against three ``--opponent`` bots (default ``greedy``,
                    e.g. ``--level medium --opponent easy``); the tested bot's seat
                    rotates with the game number;
``agorapolis-4p``   ``--level`` against three ``--opponent`` bots (default ``random``);
``akrotiri-2p``, ``attika-2p``, ``attika-4p``, ``agorapolis-2p``
                    level against level (issue 40, :mod:`bots_pairings`): ``--level``
                    against ``--opponent`` (default ``medium``); with 2 seats they take
                    turns to start, with more one ``--level`` plays the rest. A shared
                    first place is not a win there (it is counted apart).

Bots play as in rooms: each level stops at its simulation cap or its CPU-time budget,
whichever comes first (on an idle core the cap comes first on almost every move, so a
rerun gives the same games; the output counts the moves that reached the budget).
``--deterministic`` drops the clock (cap only: identical reruns on any machine, but a
move may then exceed the budget on a loaded machine). Games run in
``--jobs`` worker processes (one game per process at a time, so every move is searched on
one core). Each move's cost is the worker's CPU time (``time.process_time``) around
``choose_move``. The output ends with ``wins W/N`` for the tested level.

``--record FILE`` appends each finished game to FILE (one JSON line: the run's settings,
the seed, the outcome and the move times) and, before playing, takes from it the games of
the same settings already recorded: a 200-game run on a shared 2-core machine can be
played in parts, stopped at any time, and resumed (``bench/results/`` keeps ours). The
settings include each search level's own (``search``: simulations, width, horizon, ...
as ``app/bots/levels.py`` gives them for the game), so a change of a level makes the
games played before it history instead of mixing them into a resumed run. Changes of a
game's evaluation or rollout code are not seen: move such records aside by hand.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots_pairings import PAIRING_MODES, first_place, verdict  # noqa: E402

from app.bots.levels import LEVELS, get_level  # noqa: E402
from app.bots.play import choose_move  # noqa: E402
from app.games.registry import get_game  # noqa: E402

MODES = {
    "akropolis-solo": ("akropolis", 1, "none"),
    "akropolis-4p": ("akropolis", 4, "greedy"),
    "agorapolis-4p": ("agorapolis", 4, "random"),
    **PAIRING_MODES,
}


@dataclass
class GameOutcome:
    seed: int
    bot_seat: int
    won: bool
    margin: float
    score: float
    times: dict[str, list[float]] = field(default_factory=dict)
    #: first place shared with another seat (not a win in the pairing modes)
    shared: bool = False


def play_game(args: tuple[str, str, str, str | None, int, bool]) -> GameOutcome:
    mode, level, opponent, architect, seed, timed = args
    game_id, seats, _ = MODES[mode]
    game = get_game(game_id)
    options: dict[str, Any] = {"architect_level": architect} if architect else {}
    state = game.setup(seats, options, seed)
    bot_seat = seed % seats
    levels = {seat: level if seat == bot_seat else opponent for seat in range(seats)}
    times: dict[str, list[float]] = {}
    ply = 0
    while game.result(state) is None:
        seat = min(game.to_act(state))
        name = levels[seat]
        iterations = None if timed or name not in LEVELS else get_level(name, game_id).iterations
        start = time.process_time()
        move = choose_move(game_id, state, seat, name, seed * 1_000 + ply, iterations=iterations)
        times.setdefault(name, []).append(time.process_time() - start)
        state = game.apply(state, seat, move)
        ply += 1
    result = game.result(state)
    assert result is not None
    scores = [float(x) for x in result["scores"]]
    others = [s for i, s in enumerate(scores) if i != bot_seat]
    won, shared = first_place(mode, result, bot_seat)
    margin = scores[bot_seat] - max(others)
    return GameOutcome(seed, bot_seat, won, margin, scores[bot_seat], times, shared)


def search_settings(level: str, game_id: str, seats: int) -> dict[str, Any] | None:
    """The settings that shape ``level``'s moves in this game, for a record's key.

    ``plies`` is left out with several seats: there the other seats move between two of
    the bot's own, so horizon 1 already plays more moves than ``plies`` asks
    (tests/bots/test_search.py), and a change of it alone changes no game.
    """
    if level not in LEVELS:
        return None  # random, greedy: no settings
    fields = asdict(get_level(level, game_id))
    del fields["name"]
    if seats > 1:
        del fields["plies"]
    return fields


def recorded(path: Path | None, settings: dict[str, Any]) -> list[GameOutcome]:
    """The games of ``path`` played with exactly these settings (the last of a seed wins)."""
    if path is None or not path.exists():
        return []
    games: dict[int, GameOutcome] = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if all(row.get(key) == value for key, value in settings.items()):
            fields = {key: row[key] for key in GameOutcome.__dataclass_fields__ if key in row}
            games[row["seed"]] = GameOutcome(**fields)
    return list(games.values())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=sorted(MODES))
    parser.add_argument("--level", default="hard")
    parser.add_argument("--opponent", default=None)
    parser.add_argument("--architect", default="callicrates")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--deterministic", action="store_true")
    parser.add_argument("--record", type=Path, help="JSON lines of games: append, and resume")
    args = parser.parse_args(argv)
    _, _, default_opponent = MODES[args.mode]
    opponent = args.opponent or default_opponent
    architect = args.architect if args.mode == "akropolis-solo" else None
    game_id, seats, _ = MODES[args.mode]
    search = {
        name: search_settings(name, game_id, seats)
        for name in sorted({args.level, opponent})
        if name in LEVELS
    }
    settings = {
        "mode": args.mode, "level": args.level, "opponent": opponent,
        "architect": architect, "timed": not args.deterministic, "search": search,
    }  # fmt: skip
    seeds = range(args.seed, args.seed + args.games)
    outcomes = [o for o in recorded(args.record, settings) if o.seed in seeds]
    done = {o.seed for o in outcomes}
    if done:
        print(f"{len(done)} games taken from {args.record}", file=sys.stderr)
    jobs = [
        (args.mode, args.level, opponent, architect, seed, not args.deterministic)
        for seed in seeds
        if seed not in done
    ]
    wall = time.monotonic()
    with Pool(args.jobs) as pool:
        for outcome in pool.imap_unordered(play_game, jobs):
            outcomes.append(outcome)
            if args.record is not None:
                with args.record.open("a") as out:
                    out.write(json.dumps({**settings, **asdict(outcome)}) + "\n")
            wins = sum(o.won for o in outcomes)
            print(  # progress on stderr: a cut-short run still tells what it saw
                f"game {outcome.seed}: {'won' if outcome.won else 'lost'} "
                f"{outcome.margin:+.0f} (wins {wins}/{len(outcomes)})",
                file=sys.stderr,
                flush=True,
            )
    outcomes.sort(key=lambda o: o.seed)
    wall = time.monotonic() - wall
    against = f"the Architect ({architect})" if architect else f"{seats - 1} x {opponent}"
    print(
        f"{args.mode}: {args.level} vs {against}, {args.games} games, seeds {args.seed}.."
        f"{args.seed + args.games - 1}, {'deterministic' if args.deterministic else 'timed'}, "
        f"{args.jobs} jobs, {wall:.0f} s wall for {len(jobs)} games"
    )
    names = sorted({name for o in outcomes for name in o.times})
    for name in names:
        spent = [t for o in outcomes for t in o.times.get(name, [])]
        budget = get_level(name, game_id).seconds if name in LEVELS else 0.0
        over = f", at or over the {budget:.2f} s budget: {sum(t >= budget for t in spent)}"
        print(
            f"  move CPU time {name}: p50 {percentile(spent, 0.5) * 1000:.0f} ms, "
            f"p99 {percentile(spent, 0.99) * 1000:.0f} ms, max {max(spent) * 1000:.0f} ms "
            f"({len(spent)} moves{over if budget else ''})"
        )
    margins = [o.margin for o in outcomes]
    wins = sum(o.won for o in outcomes)
    print(
        f"  mean score {statistics.mean(o.score for o in outcomes):.1f}, "
        f"mean margin {statistics.mean(margins):+.1f} "
        f"(sd {statistics.pstdev(margins):.1f}, median {statistics.median(margins):+.1f})"
    )
    if args.mode in PAIRING_MODES:
        print(verdict(wins, sum(o.shared for o in outcomes), len(outcomes), seats))
    print(f"{args.level}: wins {wins}/{args.games} ({100 * wins / args.games:.1f} %)")


if __name__ == "__main__":
    main()
