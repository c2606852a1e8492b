"""A program's event stream: challenges, game starts and game ends, one JSON line each.

``GET /api/stream/events`` (newline-delimited JSON, issue 37) rather than a socket
message type: a program reads it with any HTTP client (``curl -N`` included), it goes
through every proxy, and it carries events from the server only (a program answers
with ordinary HTTP calls and plays on the room socket).

Built from state, not from a log of events (Lichess's event stream does the same): on
connect the stream says what is pending now (every open challenge to the account, every
game it is seated in), then, looking every :data:`POLL_SECONDS`, what changed. So a
program that reconnects misses nothing that still matters, and any process can serve
any stream (the state is in the database). Game ends are read from the results table:
``?since=<ISO time>`` also replays the ends a program missed while away.

Events: ``{"type": "challenge", "challenge": {...}}``, ``{"type": "challengeDeclined"
| "challengeCanceled" | "challengeExpired", "challenge": {...}}`` (for challenges the
account sent), ``{"type": "gameStart", "game": {"room_id", "game", "seat"}}``,
``{"type": "gameFinish", "game": {"room_id", "game", "seat", "place", "won", "score"}}``.
An empty line every :data:`KEEPALIVE_SECONDS` keeps idle connections open.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import Any, Final

import orjson
from sqlalchemy import select

from app.db.models import GameResult, Room, Seat, User, aware
from app.games.interface import JsonDict
from app.social.challenges import Challenges

POLL_SECONDS: Final = 1.0
KEEPALIVE_SECONDS: Final = 7.0
ANSWERED: Final = {"declined": "challengeDeclined", "cancelled": "challengeCanceled"}


class EventStream:
    """One program's stream: what it was told, so it is told each thing once."""

    def __init__(self, challenges: Challenges, user: User, since: datetime | None) -> None:
        self.challenges = challenges
        self.sessions = challenges.sessions
        self.user = user
        self.since = since or datetime.now(UTC)
        self.told_challenges: set[str] = set()
        self.told_games: set[str] = set()
        self.waiting_answer: set[str] = set()  # challenges this account sent, still open

    async def lines(self, disconnected: Callable[[], Any]) -> AsyncIterator[bytes]:
        quiet = 0.0
        while not await disconnected():
            events = await self.look()
            for event in events:
                yield orjson.dumps(event) + b"\n"
            quiet = 0.0 if events else quiet + POLL_SECONDS
            if quiet >= KEEPALIVE_SECONDS:
                quiet = 0.0
                yield b"\n"
            await asyncio.sleep(POLL_SECONDS)

    async def look(self) -> list[JsonDict]:
        # One session at a time: SQLite serves the app on a single connection.
        events = await self._challenge_events()
        async with self.sessions() as session:
            playing = await session.execute(
                select(Room.id, Room.game, Seat.position)
                .join(Seat, Seat.room_id == Room.id)
                .where(Seat.user_id == self.user.id, Room.status == "playing")
                .order_by(Room.started_at)
            )
            for room_id, game, seat in playing:
                if room_id not in self.told_games:
                    self.told_games.add(room_id)
                    started = {"room_id": room_id, "game": game, "seat": seat}
                    events.append({"type": "gameStart", "game": started})
            ended = await session.scalars(
                select(GameResult)
                .where(GameResult.user_id == self.user.id, GameResult.finished_at > self.since)
                .order_by(GameResult.finished_at)
            )
            for result in ended:
                events.append({"type": "gameFinish", "game": finish(result)})
                self.since = max(self.since, aware(result.finished_at))
        return events

    async def _challenge_events(self) -> list[JsonDict]:
        events: list[JsonDict] = []
        mine = await self.challenges.mine(self.user)
        for challenge in mine["incoming"]:
            if challenge["id"] not in self.told_challenges:
                self.told_challenges.add(challenge["id"])
                events.append({"type": "challenge", "challenge": challenge})
        still_open = {c["id"] for c in mine["outgoing"]}
        answered = sorted(self.waiting_answer - still_open)
        self.waiting_answer = still_open | (self.waiting_answer - set(answered))
        for challenge_id in answered:
            self.waiting_answer.discard(challenge_id)
            seen = await self.challenges.get(self.user, challenge_id)
            kind = ANSWERED.get(seen["status"]) or (
                "challengeExpired" if seen["status"] == "expired" else None
            )
            if kind is not None:  # an accepted one shows as gameStart
                events.append({"type": kind, "challenge": seen})
        return events


def finish(result: GameResult) -> JsonDict:
    return {
        "room_id": result.room_id, "game": result.game, "seat": result.position,
        "place": result.place, "won": result.won, "score": result.score, "rated": result.rated,
    }  # fmt: skip
