"""Estimated ratings of the bot levels (issue 40): ``.venv/bin/python bench/level_ratings.py``.

For each game the entrants (``random``, ``easy``, ``medium``, ``hard`` and one earlier
version, :data:`PREVIOUS`) play rated games against each other: game i (seed
``--seed`` + i, 5000 and up: apart from the 1000+ report seeds and from the tuning runs,
which never went past 5012) seats one combination of ``SEATS`` entrants (every
combination in turn, the seating rotated each time round). The games are then rated
with the players' own model (:mod:`app.ratings.skill`, openskill Plackett–Luce, several
seats ranked at once) and shown on the players' scale, the conservative ``mu - 3 sigma``,
shifted so that ``random`` sits at :data:`ANCHOR`.

Openskill rates one game after the other, so the order of games matters a little: the
rating is the mean over :data:`ORDERS` shuffles of the games (a seeded shuffle each).

Bots play as in rooms (a level stops at its simulation cap or its CPU budget);
``--deterministic`` drops the clock. ``--record`` (default
``bench/results/bots/level-ratings.jsonl``) appends each finished game and, before
playing, takes the games already recorded with the same settings (each entrant's
search settings, as :func:`bots.search_settings` keys them), so a run can be stopped
and resumed, and a change of a level makes its earlier games history. The table is
printed at the end and written to ``app/catalogue/level_ratings.json`` (``--no-write``:
print only; ``--no-play``: rate the games recorded so far, play none).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import time
from dataclasses import asdict, replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from app.bots.hooks import GameAdapter  # noqa: E402
from app.bots.levels import LEVELS, Level, get_level  # noqa: E402
from app.bots.play import choose_move  # noqa: E402
from app.bots.search import Budget, search  # noqa: E402
from app.games.registry import get_game  # noqa: E402
from app.games.rng import Rng  # noqa: E402
from app.ratings.skill import DEFAULT_MU, DEFAULT_SIGMA, Standing, ordinal, places, rate  # noqa: E402

#: the display rating of ``random``: 0, where a new account starts on the players' scale
ANCHOR = 0.0
ORDERS = 20
OUTPUT = ROOT / "app" / "catalogue" / "level_ratings.json"
RECORD = ROOT / "bench" / "results" / "bots" / "level-ratings.jsonl"
LEVELS_SHOWN = ("random", *LEVELS)

#: an earlier version of a level per game, rebuilt from its old settings. Agorapolis and
#: Attika: ``medium`` as it was before issue 40 retuned it (commit 425299f): the shared
#: medium level, 48 simulations over 4 candidates with one random own move (``horizon``
#: 1). Akropolis kept its levels through issue 40: its earlier version is the one-move
#: bot every level grew from (``greedy``: the best move by the game's own score over all
#: legal moves, :func:`app.bots.play.greedy_move`). Akrotiri has none: its levels are the
#: first ones, and ``greedy`` there would order every legal move, with no budget (easy
#: orders at most 400 and still reaches its 0.15 s budget on 7 % of its moves).
PREVIOUS: dict[str, tuple[str, Level | None]] = {
    "agorapolis": ("medium-v0", replace(LEVELS["medium"], name="medium-v0")),
    "attika": ("medium-v0", replace(LEVELS["medium"], name="medium-v0")),
    "akropolis": ("greedy", None),
}
#: game -> (seats a game, games played by default). Multi-seat games rank every seated
#: entrant against every other at once, so they give more per game; but a 4-seat Attika
#: game ranks its winner above three tied seats, and Attika's levels were tuned on 2
#: seats (in 4 the old medium won most: docs/bots.md), so Attika plays 2. CPU a game
#: (docs/bots.md): Agorapolis ~10 s, Attika ~6 s with hard (1 s without), Akropolis ~25 s
#: with hard (~1 s a move, 4 s without), Akrotiri ~1 min with hard (3-10 s without).
PLAN: dict[str, tuple[int, int]] = {
    "agorapolis": (5, 20),
    "attika": (2, 60),
    "akropolis": (4, 20),
    "akrotiri": (2, 18),
}


def entrants(game_id: str) -> list[str]:
    previous = [PREVIOUS[game_id][0]] if game_id in PREVIOUS else []
    return [*LEVELS_SHOWN, *previous]


def seating(game_id: str, index: int) -> list[str]:
    """Who sits where in game ``index``: every combination in turn, rotated each round
    (each entrant gets each seat); with more than 2 seats every other ``seats`` rounds
    reversed, so that nobody always moves right after the same entrant."""
    seats, _ = PLAN[game_id]
    combos = list(itertools.combinations(entrants(game_id), seats))
    combo = list(combos[index % len(combos)])
    rounds = index // len(combos)
    if seats > 2 and (rounds // seats) % 2:
        combo.reverse()
    turn = rounds % seats
    return combo[turn:] + combo[:turn]


def settings_of(game_id: str, name: str) -> dict[str, Any] | None:
    """What shapes an entrant's moves (part of a record's key); None for the baselines."""
    previous_name, previous = PREVIOUS.get(game_id, ("", None))
    if name == previous_name and previous is not None:
        spec: Level = previous
    elif name in LEVELS:
        spec = get_level(name, game_id)
    else:
        return None
    fields = asdict(spec)
    del fields["name"], fields["plies"]  # several seats: plies changes no game (bots.py)
    return fields


def move_of(game_id: str, state: Any, seat: int, name: str, seed: int, timed: bool) -> Any:
    previous_name, previous = PREVIOUS.get(game_id, ("", None))
    if name != previous_name or previous is None:
        iterations = None if timed or name not in LEVELS else get_level(name, game_id).iterations
        return choose_move(game_id, state, seat, name, seed, iterations=iterations)
    # an earlier level's settings, through the same search as choose_move
    adapter = GameAdapter(get_game(game_id))
    moves = list(adapter.bot_moves(state, seat))
    if len(moves) == 1:
        return moves[0]
    budget = Budget(previous.iterations, previous.seconds if timed else None)
    return search(adapter, state, seat, moves, previous, Rng.from_seed(seed), budget)


def play_game(job: tuple[str, int, bool]) -> dict[str, Any]:
    game_id, seed, timed = job
    game = get_game(game_id)
    seated = seating(game_id, seed)
    state = game.setup(len(seated), {}, seed)
    cpu = dict.fromkeys(seated, 0.0)
    ply = 0
    while game.result(state) is None:
        seat = min(game.to_act(state))
        start = time.process_time()
        move = move_of(game_id, state, seat, seated[seat], seed * 1_000 + ply, timed)
        cpu[seated[seat]] += time.process_time() - start
        state = game.apply(state, seat, move)
        ply += 1
    result = game.result(state)
    assert result is not None
    place = places(result["ranking"], range(len(seated)))
    return {
        "game": game_id,
        "seed": seed,
        "timed": timed,
        "seated": seated,
        "places": [place[seat] for seat in range(len(seated))],
        "search": {name: settings_of(game_id, name) for name in seated},
        "moves": ply,
        "cpu": {name: round(seconds, 2) for name, seconds in cpu.items()},
    }


def recorded(path: Path, game_id: str, timed: bool) -> dict[int, dict[str, Any]]:
    """This game's recorded games played with today's entrants and settings, by seed."""
    if not path.exists():
        return {}
    games: dict[int, dict[str, Any]] = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if row["game"] != game_id or row["timed"] != timed:
            continue
        if row["seated"] != seating(game_id, row["seed"]):
            continue  # played under another plan (entrants, seats): history
        if all(row["search"].get(name) == settings_of(game_id, name) for name in row["seated"]):
            games[row["seed"]] = row
    return games


def ratings(games: list[dict[str, Any]], names: list[str]) -> dict[str, dict[str, float]]:
    """Each entrant's display rating (random at :data:`ANCHOR`) and games, averaged over
    :data:`ORDERS` seeded orders of the games."""
    shown: dict[str, list[float]] = {name: [] for name in names}
    for order in range(ORDERS):
        shuffled = list(games)
        random.Random(5000 + order).shuffle(shuffled)
        skill = dict.fromkeys(names, (DEFAULT_MU, DEFAULT_SIGMA))
        for row in shuffled:
            standings = [
                Standing(name, *skill[name], place)
                for name, place in zip(row["seated"], row["places"], strict=True)
            ]
            skill.update(rate(standings))
        offset = ANCHOR - ordinal(*skill["random"])
        for name in names:
            shown[name].append(ordinal(*skill[name]) + offset)
    return {
        name: {
            "rating": statistics.mean(values),
            "spread": statistics.pstdev(values),
            "games": sum(name in row["seated"] for row in games),
        }
        for name, values in shown.items()
    }


def wins_table(games: list[dict[str, Any]], names: list[str]) -> list[str]:
    """How often the row entrant finished above the column one (same game), for reading."""
    lines = ["    above " + " ".join(f"{name:>9}" for name in names)]
    for a in names:
        cells = []
        for b in names:
            met = [
                row["places"][row["seated"].index(a)] < row["places"][row["seated"].index(b)]
                for row in games
                if a != b and a in row["seated"] and b in row["seated"]
            ]
            cells.append(f"{sum(met):>4}/{len(met):<4}" if met else f"{'-':>9}")
        lines.append(f"  {a:>9} " + " ".join(cells))
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=list(PLAN), help="game ids (all)")
    parser.add_argument("--count", type=json.loads, default={}, help='{"akrotiri": 10}')
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--deterministic", action="store_true")
    parser.add_argument("--record", type=Path, default=RECORD)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--no-play", action="store_true", help="rate the recorded games only")
    args = parser.parse_args(argv)
    timed = not args.deterministic
    counts = {game_id: int(args.count.get(game_id, PLAN[game_id][1])) for game_id in args.games}
    seeds = {game_id: range(args.seed, args.seed + n) for game_id, n in counts.items()}
    done = {game_id: recorded(args.record, game_id, timed) for game_id in args.games}
    # interleaved, so a run cut short still has every game's first seeds
    jobs = [
        (game_id, seed, timed)
        for seed_index in range(max(counts.values(), default=0))
        for game_id in args.games
        if seed_index < counts[game_id]
        and (seed := args.seed + seed_index) not in done[game_id]
        and not args.no_play
    ]
    print(f"{sum(map(len, done.values()))} games taken from {args.record}", file=sys.stderr)
    wall = time.monotonic()
    args.record.parent.mkdir(parents=True, exist_ok=True)
    with Pool(args.jobs) as pool:
        for row in pool.imap_unordered(play_game, jobs):
            done[row["game"]][row["seed"]] = row
            with args.record.open("a") as out:
                out.write(json.dumps(row) + "\n")
            print(
                f"{row['game']} {row['seed']}: {row['seated']} places {row['places']} "
                f"({row['moves']} moves, {time.monotonic() - wall:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    mode = "deterministic" if args.deterministic else "timed"
    print(f"{len(jobs)} games played in {time.monotonic() - wall:.0f} s wall ({mode})")
    table: dict[str, dict[str, dict[str, int]]] = {}
    for game_id in args.games:
        games = [row for seed, row in sorted(done[game_id].items()) if seed in seeds[game_id]]
        names = entrants(game_id)
        rated = ratings(games, names)
        cpu = {name: sum(row["cpu"].get(name, 0.0) for row in games) for name in names}
        seats = PLAN[game_id][0]
        print(
            f"\n{game_id}: {len(games)} games of {seats} seats, seeds {args.seed}.."
            f"{args.seed + counts[game_id] - 1}"
        )
        for name in sorted(names, key=lambda n: -rated[n]["rating"]):
            r = rated[name]
            print(
                f"  {name:>9} {r['rating']:6.1f} (order spread {r['spread']:.1f}), "
                f"{r['games']:.0f} games, {cpu[name]:.0f} s CPU"
            )
        print("\n".join(wins_table(games, names)))
        table[game_id] = {
            name: {"rating": round(rated[name]["rating"]), "games": int(rated[name]["games"])}
            for name in LEVELS_SHOWN
            if rated[name]["games"]  # an entrant that has not played yet has no rating
        }
    if not args.no_write:
        write(table, args, counts)


def write(table: dict[str, Any], args: argparse.Namespace, counts: dict[str, int]) -> None:
    """Merge this run's games into the catalogue's file (other games keep their rows)."""
    data = json.loads(OUTPUT.read_text()) if OUTPUT.exists() else {}
    data.update(table)
    meta = dict(data.get("_meta", {}))
    for game_id, n in counts.items():
        meta[game_id] = {
            "command": "nice -n 19 .venv/bin/python bench/level_ratings.py "
            f"--games {game_id} --count '{{\"{game_id}\": {n}}}' --seed {args.seed}"
            + (" --deterministic" if args.deterministic else ""),
            "seeds": [args.seed, args.seed + n - 1],
            "seats": PLAN[game_id][0],
            "entrants": entrants(game_id),
        }
    data["_meta"] = {
        **meta,
        "scale": f"mu - 3 sigma (app/ratings/skill.py), random at {ANCHOR:g}",
    }
    OUTPUT.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    print(f"\nwritten {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
