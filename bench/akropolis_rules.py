"""Akropolis rules engine benchmark: ``.venv/bin/python bench/akropolis_rules.py``.

Prints the median time of ``legal_moves`` on recorded positions (a mid-game and a
late-game city of the mover, generated from fixed seeds by random play, every site tile
affordable) and how many complete random
games per second one core plays through the public interface (``legal_moves`` ->
uniform random choice -> ``apply`` until ``result``), for 2 and 4 players.

Times are this process's CPU time (``time.process_time``), so other work on the machine
does not inflate them; the wall-clock rate is printed alongside.

Targets: late-game 4-player ``legal_moves`` with every site tile affordable < 2 ms median;
at least 50 random 4-player games per second.
"""

from __future__ import annotations

import copy
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games import akropolis  # noqa: E402


def random_game(seats: int, seed: int, options: dict[str, Any] | None = None) -> list[dict]:
    """Every state of one seeded random game, in order."""
    chooser = random.Random(seed)
    state = akropolis.setup(seats, options or {}, seed)
    states = [state]
    while akropolis.result(state) is None:
        (seat,) = akropolis.to_act(state)
        state = akropolis.apply(state, seat, chooser.choice(akropolis.legal_moves(state, seat)))
        states.append(state)
    return states


def recorded_position(seats: int, phase: str, seed: int = 0) -> dict:
    """A position of the seeded random game, at the first turn of a round (full site):
    round 6 for ``mid``, the last round for ``late``. The mover's stones are raised to
    the site size if lower, so that every site tile is affordable (the worst case for
    ``legal_moves``); the cities are as recorded."""
    for state in random_game(seats, seed)[:-1]:
        full = len(state["site"]) == seats + 2
        if full and (state["round"] == 6 if phase == "mid" else not state["stacks"]):
            (seat,) = akropolis.to_act(state)
            record = state["cities"][seat]
            cities = list(state["cities"])
            cities[seat] = {**record, "stones": max(record["stones"], seats + 1)}
            return {**state, "cities": cities}
    raise RuntimeError(f"no {phase} position in game {seed}")


def median_legal_moves(state: dict, repeat: int = 300) -> tuple[float, int]:
    """Median over fresh copies of the state (the rules cache the last decoded cities by
    object identity; a copy measures the full decode and enumeration)."""
    (seat,) = akropolis.to_act(state)
    times = []
    moves: list = []
    for _ in range(repeat):
        fresh = copy.deepcopy(state)
        start = time.process_time_ns()
        moves = akropolis.legal_moves(fresh, seat)
        times.append((time.process_time_ns() - start) / 1e9)
    return statistics.median(times), len(moves)


def games_per_second(seats: int, games: int) -> tuple[float, float]:
    """Games per second of this process's CPU time, and of wall-clock time."""
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(games):
        random_game(seats, 10_000 + seed)
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def main() -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]}, load average {load:.2f}; times are CPU time")
    for seats in (2, 4):
        for phase in ("mid", "late"):
            seed = 0
            state = recorded_position(seats, phase, seed)
            (seat,) = akropolis.to_act(state)
            median, count = median_legal_moves(state)
            hexes = len(akropolis.view(state, seat)["cities"][seat]["hexes"])
            print(
                f"legal_moves {seats}p {phase:<4} (seed {seed}, round {state['round']}, "
                f"{hexes} visible hexes, all {len(state['site'])} site tiles, {count} moves): "
                f"median {median * 1e3:.3f} ms"
            )
    for seats, games in ((2, 200), (4, 200)):
        rate, wall = games_per_second(seats, games)
        print(
            f"random full games {seats}p: {rate:.1f} games/s of CPU time "
            f"({wall:.1f} by the wall clock; {games} games, one core)"
        )


if __name__ == "__main__":
    main()
