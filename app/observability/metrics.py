"""Prometheus metrics of one app process, plus a 5-minute window for the dashboard.

A registry per app (not the global one), so several apps in one test process do not
share counters.
"""

from __future__ import annotations

import bisect
import time
from collections import deque
from typing import Any, Protocol

from prometheus_client import CollectorRegistry, Counter, Gauge, generate_latest
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily
from prometheus_client.registry import Collector

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
WINDOW_SECONDS = 300.0


# Latency classes of the dashboard window: 5 % wide from 0.1 ms (a percentile is
# reported as its class's upper bound, so at most 5 % above the exact figure).
_RATIO = 1.05
_BOUNDS = tuple(0.0001 * _RATIO**index for index in range(300))  # up to ~220 s


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


class MoveLatency(Collector):
    """The move latency histogram as plain counts, turned into Prometheus text on scrape.

    prometheus_client's ``Histogram.observe`` takes a lock per bucket and sum (1.4 µs,
    about 1 % of a race move's server CPU at R = 500); this costs a bisect (0.2 µs).
    One event loop observes, so no lock is needed.
    """

    def __init__(self, name: str, documentation: str, buckets: tuple[float, ...]) -> None:
        self.name, self.documentation = name, documentation
        self.bounds = buckets
        self.counts = [0] * (len(buckets) + 1)  # the last: above every bound (+Inf)
        self.total = 0.0

    def observe(self, value: float) -> None:
        self.counts[bisect.bisect_left(self.bounds, value)] += 1
        self.total += value

    def collect(self) -> Any:
        cumulative, buckets = 0, []
        for bound, count in zip((*self.bounds, float("inf")), self.counts, strict=True):
            cumulative += count
            buckets.append(("+Inf" if bound == float("inf") else repr(bound), cumulative))
        yield HistogramMetricFamily(
            self.name, self.documentation, buckets=buckets, sum_value=self.total
        )

    def describe(self) -> Any:
        return self.collect()


class CountsByLabel(Collector):
    """A counter with one label as a plain dict, turned into Prometheus text on scrape.

    Two per move (the message, the accepted move): a prometheus_client child's ``inc``
    takes a lock (0.35 µs); a dict increment costs a third of that.
    """

    def __init__(self, name: str, documentation: str, label: str) -> None:
        self.name, self.documentation, self.label = name, documentation, label
        self.counts: dict[str, int] = {}

    def inc(self, value: str) -> None:
        counts = self.counts
        counts[value] = counts.get(value, 0) + 1

    def collect(self) -> Any:
        family = CounterMetricFamily(self.name, self.documentation, labels=[self.label])
        for value, count in sorted(self.counts.items()):
            family.add_metric([value], count)
        yield family

    def describe(self) -> Any:
        return self.collect()


class CommitCounts(Protocol):
    """What :class:`app.rooms.store.GroupCommitter` counts."""

    batches: int
    moves: int
    commit_seconds: float


class GroupCommitStats(Collector):
    """The group commit's batches, moves and time, read from its counts on scrape.

    Moves per batch is what the commit's cost per move follows (bench/pg_batch.py: ~2x
    the database and asyncpg CPU per move at 10 moves a batch than at 100).
    """

    def __init__(self, committer: CommitCounts) -> None:
        self.committer = committer

    def collect(self) -> Any:
        committer = self.committer
        yield CounterMetricFamily(
            "agora_commit_batches", "group-commit batches written", value=committer.batches
        )
        yield CounterMetricFamily(
            "agora_commit_moves", "moves committed by group-commit batches", value=committer.moves
        )
        yield CounterMetricFamily(
            "agora_commit_seconds",
            "time from a batch's start to its commit",
            value=committer.commit_seconds,
        )

    def describe(self) -> Any:
        return self.collect()


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.http_requests = Counter(
            "agora_http_requests",
            "HTTP requests by method, route template and status",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.sockets = Gauge("agora_sockets", "open WebSocket connections", registry=self.registry)
        self.socket_messages = CountsByLabel(
            "agora_socket_messages", "socket messages received by type", "type"
        )
        self.moves = CountsByLabel("agora_moves", "accepted moves by game", "game")
        self.registry.register(self.socket_messages)
        self.registry.register(self.moves)
        self.refusals = Counter(
            "agora_refusals",
            "refused socket messages by error code",
            ["code"],
            registry=self.registry,
        )
        self.move_latency = MoveLatency(
            "agora_move_latency_seconds",
            "from the move's receipt to its publication (after the commit)",
            LATENCY_BUCKETS,
        )
        self.registry.register(self.move_latency)
        self.db_errors = Counter("agora_db_errors", "database errors", registry=self.registry)
        self.redis_errors = Counter("agora_redis_errors", "Redis errors", registry=self.registry)
        self.deadlines_fired = Counter(
            "agora_deadlines_fired",
            "room deadlines this process claimed and fired (app.rooms.scheduler)",
            registry=self.registry,
        )
        self.recent = RecentMoves()

    def socket_message(self, kind: str) -> None:
        self.socket_messages.inc(kind)

    def move_accepted(self, game: str, latency: float) -> None:
        self.moves.inc(game)
        self.move_latency.observe(latency)
        self.recent.add_move(latency)

    def refused(self, code: str) -> None:
        self.refusals.labels(code).inc()
        self.recent.add_error()

    def watch_commits(self, committer: CommitCounts) -> None:
        self.registry.register(GroupCommitStats(committer))

    def render(self) -> bytes:
        return generate_latest(self.registry)
