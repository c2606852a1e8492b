"""Attika rules engine benchmark: ``.venv/bin/python bench/attika_rules.py``.

Prints the median time of ``legal_moves`` on a recorded late-game 4-seat position (from a
seeded random game: the first turn start after 80% of its moves, the mover's hand raised
to 6 cards of each type so that nearly every (reserve building, empty hex) is payable,
the worst case), and how many complete random games per second one core plays through
the public interface (``legal_moves`` -> uniform random choice -> ``apply`` until
``result``), for 2, 3 and 4 seats; plus the ``evaluate`` hook's median on the same
position.

Times are this process's CPU time (``time.process_time``), so other work on the machine
does not inflate them; the wall-clock rate is printed alongside.

Targets: late-game 4-seat ``legal_moves`` < 5 ms median; at least 20 random 4-seat games
per second.
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

from app.games import attika  # noqa: E402
from app.games.attika import moves as moves_module  # noqa: E402
from app.games.attika.components import TYPES  # noqa: E402


def random_game(seats: int, seed: int) -> list[dict[str, Any]]:
    """Every state of one seeded random game, in order."""
    chooser = random.Random(seed)
    state = attika.setup(seats, {}, seed)
    states = [state]
    while attika.result(state) is None:
        (seat,) = attika.to_act(state)
        state = attika.apply(state, seat, chooser.choice(attika.legal_moves(state, seat)))
        states.append(state)
    return states


def late_position(seats: int = 4, seed: int = 0) -> dict[str, Any]:
    states = random_game(seats, seed)
    for state in states[int(len(states) * 0.8) : -1]:
        turn = state["turn"]
        if turn["phase"] == "actions" and turn["option"] is None and turn["pending"] is None:
            late = copy.deepcopy(state)
            late["players"][turn["seat"]]["hand"] = [6] * len(TYPES)
            return late
    raise RuntimeError(f"no late turn start in game {seed}")


def median_cpu(call: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time_ns()
        call()
        times.append((time.process_time_ns() - start) / 1e9)
    return statistics.median(times)


def games_per_second(seats: int, games: int) -> tuple[float, float, float]:
    """Games per second of CPU time and of wall-clock time, and the mean moves per game."""
    cpu, wall = time.process_time(), time.perf_counter()
    moves = 0
    for seed in range(games):
        moves += len(random_game(seats, 10_000 + seed)) - 1
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall), moves / games


def main() -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]}, load average {load:.2f}; times are CPU time")
    state = late_position()
    (seat,) = attika.to_act(state)
    moves = attika.legal_moves(state, seat)

    def fresh() -> None:
        # a copy of the occupancy list defeats the per-state memo: the full enumeration
        attika.legal_moves({**state, "occ": list(state["occ"])}, seat)

    median = median_cpu(fresh, 300)

    def cold() -> None:
        # ... and with the content-keyed cost tables emptied as well
        moves_module._CLAIMS.clear()
        moves_module._DUE_CLASS.clear()
        fresh()

    cold_median = median_cpu(cold, 300)
    built = sum(1 for c in state["occ"] if c >= 0)
    reserve = len(state["players"][seat]["reserve"])
    print(
        f"legal_moves 4p late (seed 0, move {state['moves']}, {built} buildings on "
        f"{len(state['occ'])} land hexes, reserve {reserve}, {len(moves)} moves): "
        f"median {median * 1e3:.3f} ms ({cold_median * 1e3:.3f} ms with cold cost tables)"
    )
    evaluation = median_cpu(lambda: attika.evaluate({**state, "occ": list(state["occ"])}), 300)
    print(f"evaluate 4p late (same position): median {evaluation * 1e3:.3f} ms")
    for seats, games in ((2, 100), (3, 100), (4, 100)):
        rate, wall, length = games_per_second(seats, games)
        print(
            f"random full games {seats}p: {rate:.1f} games/s of CPU time "
            f"({wall:.1f} by the wall clock; {games} games, {length:.0f} moves each, one core)"
        )


if __name__ == "__main__":
    main()
