"""The soak's verdicts, computed from what it recorded: pure, so CI tests them.

``bench/soak.py`` records facts while it runs (acks, refusals, the database's room
versions, who could act, each socket's last version, the faults) and decides here:

- **lost**: every acknowledged move must be a row of the move log, under the id the
  server stores (``user:client id``, :func:`app.api.socket_session.scoped_move_id`) and at
  the version its ack named (``seq`` is the version before the move, so ``version - 1``).
  A row at another ``seq`` is *misplaced*; a move refused for good (not a retryable
  refusal) that is in the log anyway is *refused but logged*: the contract says a
  repeated id returns the first answer. A refused id acknowledged later (the client
  had sent it again, as the browser does after a snapshot) was played: it is checked
  as an ack and listed as *refused, then acked*, not as a failure.
- **stalled**: a playing room whose version did not move for longer than the threshold
  while someone who could act was to act: a bot seat, or a seat whose client's socket
  had been open for a while. Rooms waiting on nobody (the seat's socket is down, the game
  is over, or the soak's clients stopped playing for the settle) are not stalls. One
  stall per (room, version); it ends when the room's version moves.
- **behind**: after the settle, every open socket's last version equals the room's
  version in the database; a socket that could not reconnect at all is *unconnected*.

All times are seconds since the soak started (one monotonic clock for every record).
Tests: ``tests/bench/test_soak.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.api.socket_session import scoped_move_id

#: refusals after which the same move id is sent again (the move was not played)
RETRYABLE = frozenset(
    {"storage_error", "conflict", "service_unavailable", "internal_error", "rate_limited"}
)


@dataclass(frozen=True)
class Ack:
    room_id: str
    user_id: str
    move_id: str
    version: int
    at: float

    @property
    def logged_id(self) -> str:
        return scoped_move_id(self.user_id, self.move_id)


@dataclass(frozen=True)
class Refusal:
    room_id: str
    user_id: str
    move_id: str
    code: str
    at: float

    @property
    def logged_id(self) -> str:
        return scoped_move_id(self.user_id, self.move_id)


#: the move log as read back: (room id, client move id) -> seq
Logged = Mapping[tuple[str, str], int]


@dataclass
class MoveCheck:
    lost: list[Ack] = field(default_factory=list)
    misplaced: list[tuple[Ack, int]] = field(default_factory=list)
    refused_but_logged: list[Refusal] = field(default_factory=list)
    refused_then_acked: list[Refusal] = field(default_factory=list)


def check_moves(acks: Iterable[Ack], refusals: Iterable[Refusal], logged: Logged) -> MoveCheck:
    check = MoveCheck()
    acked = set()
    for ack in acks:
        acked.add((ack.room_id, ack.logged_id))
        seq = logged.get((ack.room_id, ack.logged_id))
        if seq is None:
            check.lost.append(ack)
        elif seq != ack.version - 1:
            check.misplaced.append((ack, seq))
    for refusal in refusals:
        key = (refusal.room_id, refusal.logged_id)
        if key in acked:
            check.refused_then_acked.append(refusal)
        elif key in logged:
            check.refused_but_logged.append(refusal)
    return check


def committers(
    logs: Mapping[str, Iterable[str]], wanted: set[tuple[str, int]]
) -> dict[tuple[str, int], str]:
    """Which process committed each wanted (room, version), from the app processes' JSON
    log lines (at ``LOG_LEVEL=info`` every accepted move is logged with its room and
    version): the evidence of where a version that some sockets never got came from."""
    found: dict[tuple[str, int], str] = {}
    for name, lines in logs.items():
        for line in lines:
            if '"msg":"move"' not in line:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                continue
            key = (record.get("room"), record.get("version"))
            if key in wanted:
                by = "a bot's move" if record.get("bot") else str(record.get("move_id"))
                found[key] = f"v{key[1]} committed by {name} at {record['ts'][11:23]} ({by})"
    return found


@dataclass
class Stall:
    room_id: str
    version: int
    since: float  # when the database was first seen at this version
    detected: float
    waiting_on: list[str]
    until: float | None = None  # when the next version was seen; None: stuck at the end

    def seconds(self, end: float) -> float:
        return (self.until if self.until is not None else end) - self.since


@dataclass
class _Track:
    version: int
    since: float
    status: str
    stall: Stall | None = None


class StallTracker:
    """Rooms' versions over time (fed by a poll of the database) and their stalls."""

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self.stalls: list[Stall] = []
        self._rooms: dict[str, _Track] = {}

    def observe(self, room_id: str, t: float, version: int, status: str) -> None:
        track = self._rooms.get(room_id)
        if track is None or track.version != version:
            if track is not None and track.stall is not None:
                track.stall.until = t
            self._rooms[room_id] = _Track(version, t, status)
            return
        track.status = status
        if status != "playing" and track.stall is not None:
            track.stall.until, track.stall = t, None  # closed or abandoned: nobody waits

    def suspects(self, t: float) -> list[str]:
        """Playing rooms whose version has not moved for longer than the threshold."""
        return [
            room_id for room_id, track in self._rooms.items()
            if track.status == "playing" and track.stall is None
            and t - track.since > self.threshold
        ]  # fmt: skip

    def waiting(self, room_id: str, t: float, waiting_on: Sequence[str]) -> Stall | None:
        """A suspect room waits on ``waiting_on`` (who could act): a stall if anyone."""
        track = self._rooms.get(room_id)
        if track is None or track.stall is not None or not waiting_on:
            return None
        if track.status != "playing" or t - track.since <= self.threshold:
            return None
        track.stall = Stall(room_id, track.version, track.since, t, list(waiting_on))
        self.stalls.append(track.stall)
        return track.stall

    def forget(self, room_id: str, t: float) -> None:
        """The room is no longer watched (its slot moved on to a new game)."""
        track = self._rooms.pop(room_id, None)
        if track is not None and track.stall is not None:
            track.stall.until = t

    def stalled_rooms(self) -> set[str]:
        return {stall.room_id for stall in self.stalls}


@dataclass(frozen=True)
class SocketEnd:
    """A client socket at the end of the settle."""

    room_id: str
    who: str  # "seat 1" or "spectator"
    process: int | None  # the app process it is connected to
    version: int  # the last version it applied (-1: none)
    connected: bool


def behind_sockets(
    sockets: Iterable[SocketEnd], db_versions: Mapping[str, int]
) -> tuple[list[tuple[SocketEnd, int]], list[SocketEnd]]:
    """(sockets whose version is not the database's, sockets not connected)."""
    behind: list[tuple[SocketEnd, int]] = []
    unconnected: list[SocketEnd] = []
    for end in sockets:
        if not end.connected:
            unconnected.append(end)
        elif end.room_id in db_versions and end.version != db_versions[end.room_id]:
            behind.append((end, db_versions[end.room_id]))
    return behind, unconnected


@dataclass(frozen=True)
class Fault:
    at: float
    kind: str  # "kill", "redis", "postgres", "pause"
    target: str
    seconds: float  # down, paused or restarting for this long
    detail: str = ""


def likely_cause(stall: Stall, faults: Sequence[Fault], before: float = 10.0) -> Fault | None:
    """The fault nearest a stall's start: from ``before`` seconds ahead of the version's
    start (a relay event lost just before) to its detection (a bot lost while thinking)."""
    near = [f for f in faults if stall.since - before <= f.at <= stall.detected]
    return min(near, key=lambda f: abs(f.at - stall.since), default=None)


def table(rows: Sequence[tuple[str, Any]]) -> str:
    """A two-column Markdown table of figures."""
    width = max((len(name) for name, _ in rows), default=6)
    lines = [f"| {'figure':<{width}} | value |", f"|{'-' * (width + 2)}|------:|"]
    lines += [f"| {name:<{width}} | {value} |" for name, value in rows]
    return "\n".join(lines)
