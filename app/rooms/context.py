"""What every part of the room service shares: settings, database, hub, committer, metrics.

The room service is split by responsibility (seating, play, timers, bot turns, chat,
history, expiry); each part gets this one object instead of a list of arguments, and
nothing else: parts never import each other, the facade in :mod:`.service` wires them.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import orjson
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.config import Settings
from app.db.models import Room, Seat
from app.errors import AgoraError, InvalidRequest
from app.games.interface import Game, JsonDict, Move, State
from app.games.registry import UnknownGame, get_game
from app.observability.metrics import Metrics
from app.realtime.hub import Hub
from app.rooms.clock import plan

# Re-exported: the room service's parts import it from here.
from app.rooms.json_text import dumps as dumps
from app.rooms.store import GroupCommitter, PendingMove

if TYPE_CHECKING:
    from app.rooms.live import LiveRoom


def seed_commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


class SubmitMove(Protocol):
    """:meth:`app.rooms.play.MovePlayer.submit_move`, as timers and bot turns call it."""

    def __call__(
        self,
        room_id: str,
        *,
        user_id: str | None,
        move: Move,
        client_move_id: str | None = None,
        base_version: int | None = None,
        bot_seat: int | None = None,
        as_bot: bool = False,
    ) -> Awaitable[int]: ...


# Commits a game's finishing move with its results and ratings (:mod:`.finish`).
FinishGame = Callable[["PendingMove", JsonDict], Awaitable[bool]]

# Called with a room at each new version or seating: arm its timers, schedule its bots.
RoomHook = Callable[["LiveRoom"], None]

_KEEP: Any = object()


class MoveRefused(AgoraError):
    """The rules refused the move; ``code`` is the rules error's code."""

    status = 422


@dataclass
class RoomContext:
    settings: Settings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    hub: Hub
    committer: GroupCommitter
    metrics: Metrics

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        async with self.sessions() as session, session.begin():
            yield session

    def game(self, game_id: str) -> Game:
        try:
            return get_game(game_id, include_test_games=self.settings.agora_test_games)
        except UnknownGame:
            raise InvalidRequest(f"unknown game {game_id!r}", code="unknown_game") from None

    def plan_row(self, room: Room, seats: Sequence[Seat]) -> None:
        """Plan a locked room row again in its transaction (start, seat changes, close)."""
        if room.status != "playing" or not room.state:
            room.timers, room.deadline_at = None, None
            return
        timers, room.deadline_at = plan(
            game=self.game(room.game),
            state=orjson.loads(room.state),
            status=room.status,
            version=room.version,
            options=orjson.loads(room.options),
            seat_count=room.seat_count,
            bots={seat.position for seat in seats if seat.bot},
            previous=orjson.loads(room.timers) if room.timers else None,
            now=time.time(),
            bot_delay=self.settings.bot_delay_seconds,
            reaction_default=self.settings.reaction_seconds,
        )
        room.timers = dumps(timers)

    def plan_timers(
        self,
        live: LiveRoom,
        *,
        state: State | None = _KEEP,
        status: str | None = None,
        version: int | None = None,
        mover: int | None = None,
        bots: set[int] | None = None,
    ) -> tuple[JsonDict | None, float | None]:
        """What ``live`` waits on at ``version`` (default: its current one), and when."""
        return live.plan_timers(
            live.state if state is _KEEP else state,
            status or live.status,
            live.version if version is None else version,
            mover,
            live.bot_seats() if bots is None else bots,
            bot_delay=self.settings.bot_delay_seconds,
            reaction_default=self.settings.reaction_seconds,
        )
