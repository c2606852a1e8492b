"""Prometheus metrics of one app process, plus a 5-minute window for the dashboard.

A registry per app (not the global one), so several apps in one test process do not
share counters.
"""

from __future__ import annotations

from typing import Any, Protocol

from prometheus_client import CollectorRegistry, Counter, Gauge, generate_latest
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily
from prometheus_client.registry import Collector

from app.observability.move_counts import (
    LatencyCounts,
    MoveCounts,
    RecentMoves,
    Tally,
)

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class MoveLatency(Collector):
    """The move latency histogram (:class:`.move_counts.LatencyCounts`) on scrape.

    prometheus_client's ``Histogram.observe`` takes a lock per bucket and sum (1.4 µs,
    about 1 % of a race move's server CPU at R = 500); the counts cost a bisect.
    """

    def __init__(self, name: str, documentation: str, counts: LatencyCounts) -> None:
        self.name, self.documentation, self.counts = name, documentation, counts

    def collect(self) -> Any:
        cumulative, buckets = 0, []
        counts = self.counts
        for bound, count in zip((*counts.bounds, float("inf")), counts.counts, strict=True):
            cumulative += count
            buckets.append(("+Inf" if bound == float("inf") else repr(bound), cumulative))
        yield HistogramMetricFamily(
            self.name, self.documentation, buckets=buckets, sum_value=counts.total
        )

    def describe(self) -> Any:
        return self.collect()


class CountsByLabel(Collector):
    """A counter with one label (:class:`.move_counts.Tally`) on scrape.

    Two per move (the message, the accepted move): a prometheus_client child's ``inc``
    takes a lock (0.35 µs); a dict increment costs a third of that.
    """

    def __init__(self, name: str, documentation: str, label: str, tally: Tally) -> None:
        self.name, self.documentation, self.label = name, documentation, label
        self.tally = tally

    def collect(self) -> Any:
        family = CounterMetricFamily(self.name, self.documentation, labels=[self.label])
        for value, count in sorted(self.tally.counts.items()):
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
        by_type, by_game = Tally(), Tally()
        self.registry.register(
            CountsByLabel(
                "agora_socket_messages", "socket messages received by type", "type", by_type
            )
        )
        self.registry.register(
            CountsByLabel("agora_moves", "accepted moves by game", "game", by_game)
        )
        self.refusals = Counter(
            "agora_refusals",
            "refused socket messages by error code",
            ["code"],
            registry=self.registry,
        )
        latency = LatencyCounts(LATENCY_BUCKETS)
        self.registry.register(
            MoveLatency(
                "agora_move_latency_seconds",
                "from the move's receipt to its publication (after the commit)",
                latency,
            )
        )
        self.db_errors = Counter("agora_db_errors", "database errors", registry=self.registry)
        self.redis_errors = Counter("agora_redis_errors", "Redis errors", registry=self.registry)
        self.deadlines_fired = Counter(
            "agora_deadlines_fired",
            "room deadlines this process claimed and fired (app.rooms.scheduler)",
            registry=self.registry,
        )
        self.recent = RecentMoves()
        # Counted on every message and move by compiled code, which holds these two (typed,
        # a direct C call; through a bound method, the call parses its arguments).
        self.message_counts = by_type
        self.move_counts = MoveCounts(by_game, latency, self.recent)

    def refused(self, code: str) -> None:
        self.refusals.labels(code).inc()
        self.recent.add_error()

    def watch_commits(self, committer: CommitCounts) -> None:
        self.registry.register(GroupCommitStats(committer))

    def render(self) -> bytes:
        return generate_latest(self.registry)
