"""Prometheus metrics of one app process, plus a 5-minute window for the dashboard.

A registry per app (not the global one), so several apps in one test process do not
share counters.
"""

from __future__ import annotations

import bisect
import time
from collections import deque
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
WINDOW_SECONDS = 300.0


class RecentMoves:
    """Accepted moves and refusals of the last five minutes (this process)."""

    def __init__(self, window: float = WINDOW_SECONDS) -> None:
        self.window = window
        self._moves: deque[tuple[float, float]] = deque()
        self._errors: deque[float] = deque()

    def _trim(self, now: float) -> None:
        while self._moves and self._moves[0][0] < now - self.window:
            self._moves.popleft()
        while self._errors and self._errors[0] < now - self.window:
            self._errors.popleft()

    def add_move(self, latency: float, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._moves.append((now, latency))
        self._trim(now)

    def add_error(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._errors.append(now)
        self._trim(now)

    def summary(self, now: float | None = None) -> dict[str, float | int | None]:
        now = time.monotonic() if now is None else now
        self._trim(now)
        latencies = sorted(latency for _, latency in self._moves)
        last_minute = len(self._moves) - bisect.bisect_left(
            [stamp for stamp, _ in self._moves], now - 60
        )
        return {
            "moves_last_minute": last_minute,
            "moves_window": len(latencies),
            "p50_ms": _percentile(latencies, 0.50),
            "p99_ms": _percentile(latencies, 0.99),
            "errors_window": len(self._errors),
        }


def _percentile(ordered: list[float], fraction: float) -> float | None:
    if not ordered:
        return None
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000, 3)


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
        self.socket_messages = Counter(
            "agora_socket_messages",
            "socket messages received by type",
            ["type"],
            registry=self.registry,
        )
        self.moves = Counter(
            "agora_moves", "accepted moves by game", ["game"], registry=self.registry
        )
        self.refusals = Counter(
            "agora_refusals",
            "refused socket messages by error code",
            ["code"],
            registry=self.registry,
        )
        self.move_latency = Histogram(
            "agora_move_latency_seconds",
            "from the move's receipt to its publication (after the commit)",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.db_errors = Counter("agora_db_errors", "database errors", registry=self.registry)
        self.redis_errors = Counter("agora_redis_errors", "Redis errors", registry=self.registry)
        self.deadlines_fired = Counter(
            "agora_deadlines_fired",
            "room deadlines this process claimed and fired (app.rooms.scheduler)",
            registry=self.registry,
        )
        self.recent = RecentMoves()
        # Labelled children, looked up once: ``labels()`` validates and locks on every
        # call, twice per move on the hot path. Label values are few (games, types).
        self._moves_of: dict[str, Any] = {}
        self._messages_of: dict[str, Any] = {}

    def socket_message(self, kind: str) -> None:
        child = self._messages_of.get(kind)
        if child is None:
            child = self._messages_of[kind] = self.socket_messages.labels(kind)
        child.inc()

    def move_accepted(self, game: str, latency: float) -> None:
        child = self._moves_of.get(game)
        if child is None:
            child = self._moves_of[game] = self.moves.labels(game)
        child.inc()
        self.move_latency.observe(latency)
        self.recent.add_move(latency)

    def refused(self, code: str) -> None:
        self.refusals.labels(code).inc()
        self.recent.add_error()

    def render(self) -> bytes:
        return generate_latest(self.registry)
