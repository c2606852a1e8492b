"""What every accepted move and socket message counts: plain counts, compiled.

Per move the room service counts the move by game, its latency in the Prometheus
histogram and in the dashboard's five-minute window; per message, the message by type.
The collectors of :mod:`.metrics` turn these counts into Prometheus text on scrape.
Compiled with mypyc (:data:`app.native.MODULES`): from the compiled move path, the
interpreted ``Metrics.move_accepted`` it replaced cost four Python frames a move (about 4 % of
``bench/move_path.py``'s instructions).
"""

from __future__ import annotations

import bisect
import time
from collections import deque
from typing import Final

WINDOW_SECONDS: Final = 300.0


class Tally:
    """Counts by one label's value (a dict increment: no lock, one event loop counts)."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def inc(self, value: str) -> None:
        counts = self.counts
        counts[value] = counts.get(value, 0) + 1


class LatencyCounts:
    """A histogram as plain counts per bucket (the last: above every bound) and a sum."""

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts: list[int] = [0] * (len(bounds) + 1)
        self.total = 0.0

    def observe(self, value: float) -> None:
        self.counts[bisect.bisect_left(self.bounds, value)] += 1
        self.total += value


# Latency classes of the dashboard window: 5 % wide from 0.1 ms (a percentile is
# reported as its class's upper bound, so at most 5 % above the exact figure).
_RATIO: Final = 1.05
_BOUNDS: Final = tuple(0.0001 * _RATIO**index for index in range(300))  # up to ~220 s


class RecentMoves:
    """Accepted moves and refusals of the last five minutes (this process).

    Counted per second, latencies by 5 % class: a move costs a bisect and a dict
    increment, and the memory is bounded by the window (at most ``window`` slots of a
    few dozen classes), whatever the move rate. Keeping every move instead held
    2.4 million entries at 8,000 moves/s, and the dashboard sorted them all.
    """

    def __init__(self, window: float = WINDOW_SECONDS) -> None:
        self.window = window
        # (second, {latency class: moves}, refusals), oldest first.
        self._slots: deque[tuple[int, dict[int, int], list[int]]] = deque()

    def _slot(self, now: float) -> tuple[int, dict[int, int], list[int]]:
        second = int(now)
        slots = self._slots
        if slots and slots[-1][0] == second:
            return slots[-1]
        slot: tuple[int, dict[int, int], list[int]] = (second, {}, [0])
        if not slots or slots[-1][0] < second:
            slots.append(slot)
            self._trim(now)
            return slot
        for existing in slots:  # a stamp from the past (tests pass their own clocks)
            if existing[0] == second:
                return existing
        slots.append(slot)
        self._slots = deque(sorted(slots, key=lambda item: item[0]))
        return slot

    def _trim(self, now: float) -> None:
        # A slot holds stamps in [second, second + 1): gone once all are out of the window.
        while self._slots and self._slots[0][0] + 1 <= now - self.window:
            self._slots.popleft()

    def add_move(self, latency: float, now: float | None = None) -> None:
        classes = self._slot(time.monotonic() if now is None else now)[1]
        index = bisect.bisect_left(_BOUNDS, latency)
        classes[index] = classes.get(index, 0) + 1

    def add_error(self, now: float | None = None) -> None:
        self._slot(time.monotonic() if now is None else now)[2][0] += 1

    def summary(self, now: float | None = None) -> dict[str, float | int | None]:
        now = time.monotonic() if now is None else now
        self._trim(now)
        totals: dict[int, int] = {}
        last_minute = errors = 0
        for second, classes, refused in self._slots:
            count = 0
            for index, moves in classes.items():
                totals[index] = totals.get(index, 0) + moves
                count += moves
            if second >= now - 60:
                last_minute += count
            errors += refused[0]
        ordered = sorted(totals.items())
        moves = sum(totals.values())
        return {
            "moves_last_minute": last_minute,
            "moves_window": moves,
            "p50_ms": _percentile(ordered, moves, 0.50),
            "p99_ms": _percentile(ordered, moves, 0.99),
            "errors_window": errors,
        }


def _percentile(ordered: list[tuple[int, int]], total: int, fraction: float) -> float | None:
    """The upper bound (ms) of the class holding the move at ``fraction`` of the window."""
    if not total:
        return None
    rank = min(total - 1, int(fraction * total))
    seen = 0
    for index, count in ordered:
        seen += count
        if seen > rank:
            bound = _BOUNDS[index] if index < len(_BOUNDS) else float("inf")
            return round(bound * 1000, 3)
    return None  # pragma: no cover (ranks are below the total)


class MoveCounts:
    """Everything an accepted move counts, in one call."""

    def __init__(self, by_game: Tally, latency: LatencyCounts, recent: RecentMoves) -> None:
        self.by_game, self.latency, self.recent = by_game, latency, recent

    def accepted(self, game: str, latency: float) -> None:
        self.by_game.inc(game)
        self.latency.observe(latency)
        self.recent.add_move(latency)
