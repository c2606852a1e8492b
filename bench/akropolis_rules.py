"""Akropolis rules engine benchmark: ``.venv/bin/python bench/akropolis_rules.py``.

Prints the median time of ``legal_moves`` on recorded positions (a mid-game and a
late-game city of the mover, generated from fixed seeds by random play, every site tile
affordable) and how many complete random
games per second one core plays through the public interface (``legal_moves`` ->
uniform random choice -> ``apply`` until ``result``), for 2 and 4 players.

Targets: late-game 4-player ``legal_moves`` with every site tile affordable < 2 ms median;
at least 50 random 4-player games per second.
"""

from __future__ import annotations

import copy
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
        start = time.perf_counter()
        moves = akropolis.legal_moves(fresh, seat)
        times.append(time.perf_counter() - start)
    return statistics.median(times), len(moves)


def games_per_second(seats: int, games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        random_game(seats, 10_000 + seed)
    return games / (time.perf_counter() - start)


def main() -> None:
    print(f"python {sys.version.split()[0]}")
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
        rate = games_per_second(seats, games)
        print(f"random full games {seats}p: {rate:.1f} games/s ({games} games, one core)")


if __name__ == "__main__":
    main()
