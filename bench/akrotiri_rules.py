"""Akrotiri rules engine benchmark: ``.venv/bin/python bench/akrotiri_rules.py``.

Prints the median time of ``legal_moves`` on a late-game position (recorded from a seeded
random game once all 36 tiles are down, the mover's boat empty on Thera with 6 actions and
money to spend: the widest search of boat movements and the most purchases), measured two
ways: *warm* (the board of the position is memoised, as during play, where it is built once
per tile placed) and *cold* (every memo cleared first: the board, its islands and route
channels are rebuilt from the placement list). Then how many complete random games per
second one core plays through the public interface (``legal_moves`` -> uniform random
choice -> ``apply`` until ``result``), for each rule set.

Times are this process's CPU time (``time.process_time``), so other work on the machine
does not inflate them; the wall-clock rate is printed alongside.

Targets: ``legal_moves`` median < 5 ms on the late-game position; at least 20 random games
per second on one core.
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

from app.games import akrotiri  # noqa: E402
from app.games.akrotiri import cache as boards  # noqa: E402

RULE_SETS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("default", {}),
    ("strategist", {"strategist": True}),
)


def random_game(seed: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Every state of one seeded random game, in order."""
    chooser = random.Random(seed)
    state = akrotiri.setup(2, options, seed)
    states = [state]
    while akrotiri.result(state) is None:
        (seat,) = akrotiri.to_act(state)
        state = akrotiri.apply(state, seat, chooser.choice(akrotiri.legal_moves(state, seat)))
        states.append(state)
    return states


def late_position(seed: int = 0) -> dict[str, Any]:
    """The first action step of the seeded game with every tile placed, the mover's boat
    made empty on a port of Thera with 6 actions and 20 drachmas."""
    for state in random_game(seed, {}):
        if state["phase"] == "actions" and len(state["placements"]) == 36:
            seat = state["turn"]
            boats = [dict(b) for b in state["boats"]]
            home = "THERA:T2" if boats[1 - seat]["at"] == "THERA:T1" else "THERA:T1"
            market = dict(state["market"])
            for colour in boats[seat]["cargo"]:
                market[colour] += 1  # the cargo goes back to the market
            boats[seat] = {"at": home, "cargo": []}
            players = [dict(p) for p in state["players"]]
            players[seat]["drachmas"] = 20
            return {
                **state,
                "boats": boats,
                "players": players,
                "market": market,
                "actions": 6,
                "pending_free": False,
            }
    raise RuntimeError(f"game {seed} never had all tiles down")


def clear_memos() -> None:
    boards._BY_VALUE.clear()
    boards._BY_ID.clear()


def median_legal_moves(state: dict[str, Any], cold: bool, repeat: int = 200) -> tuple[float, int]:
    seat = state["turn"]
    times = []
    moves: list[dict[str, Any]] = []
    akrotiri.legal_moves(state, seat)
    for _ in range(repeat):
        fresh = copy.deepcopy(state)
        if cold:
            clear_memos()
        start = time.process_time_ns()
        moves = akrotiri.legal_moves(fresh, seat)
        times.append((time.process_time_ns() - start) / 1e9)
    return statistics.median(times), len(moves)


def games_per_second(options: dict[str, Any], games: int) -> tuple[float, float, float]:
    """Games per second of CPU time and of wall-clock time, and moves per game."""
    cpu, wall = time.process_time(), time.perf_counter()
    moves = 0
    for seed in range(games):
        moves += len(random_game(10_000 + seed, options)) - 1
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall), moves / games


def main() -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]}, load average {load:.2f}; times are CPU time")
    state = late_position(0)
    for cold in (False, True):
        median, count = median_legal_moves(state, cold)
        kinds = sorted({m["type"] for m in akrotiri.legal_moves(state, state["turn"])})
        print(
            f"legal_moves late game {'cold' if cold else 'warm'} (seed 0, round "
            f"{state['round']}, 36 tiles, empty boat on Thera, 6 actions, {count} moves: "
            f"{', '.join(kinds)}): median {median * 1e3:.3f} ms"
        )
    for name, options in RULE_SETS:
        rate, wall, moves = games_per_second(options, 200)
        print(
            f"random full games ({name}): {rate:.1f} games/s of CPU time "
            f"({wall:.1f} by the wall clock; 200 games, {moves:.0f} moves per game, one core)"
        )


if __name__ == "__main__":
    main()
