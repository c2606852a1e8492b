"""RoomService: the routers' one entry to the rooms, a thin facade over its parts.

The room service is the only writer of rooms and the only publisher of room events.
Every command runs in one transaction and publishes only after it commits. Its parts,
each one job, share a :class:`~.context.RoomContext` and never import each other:

| module | job |
| --- | --- |
| :mod:`.cache` | the rooms held in memory, loading and staleness; who may watch |
| :mod:`.seating` | create, join, leave, kick, bots, options, start, close (lifecycle) |
| :mod:`.play` | a move: apply → group commit (:mod:`.store`) → publish (:mod:`.publish`) |
| :mod:`.clock` | what a room waits on at a version (clocks, reaction deadline, bot turn) |
| :mod:`.scheduler` | durable deadlines: claimed in the database, fired exactly once |
| :mod:`.timers` | what a due deadline does: time out a seat, timeout move, bot move |
| :mod:`.bot_turns` | bot seats to act choose and play their move |
| :mod:`.bot_moves` | how a bot seat picks its move: a search level in the worker pool, or random |
| :mod:`.absence` | the others hand an absent player's seat to a bot (live clocks) |
| :mod:`.chat` | chat and moderators' system messages |
| :mod:`.moderation` | chat reports, message deletion, mutes |
| :mod:`.finish` | the finishing move, committed alone with results and ratings |
| :mod:`.undo` | a player takes back their last move (asks the table if rated) |
| :mod:`.rematch` | the same table again, seats rotated, once everyone agrees |
| :mod:`.history` | the move log per viewer, replay, verification |
| :mod:`.review` | game review: the preferred move and the points lost, per move |
| :mod:`.hints` | a hint on request in unrated games: the bot's move for the seat to act |
| :mod:`.expiry` | idle rooms become abandoned |
| :mod:`.freshness` | with Redis, rooms watched here never stay behind the database |
| :mod:`.lobby` | the public lobby, served from memory and paginated |

The facade wires them: every new version or seat change stores what the room waits on
with it (:mod:`.clock`), and then arms the room's deadline in this process.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.config import Settings
from app.db.models import User
from app.games.interface import JsonDict
from app.observability.metrics import Metrics
from app.realtime.hub import Hub
from app.rooms.absence import Absence
from app.rooms.bot_moves import BotMoves
from app.rooms.bot_turns import BotTurns
from app.rooms.cache import RoomCache, can_watch, require_watch
from app.rooms.chat import Chat
from app.rooms.context import MoveRefused, RoomContext, seed_commitment
from app.rooms.expiry import Expiry
from app.rooms.finish import GameFinisher
from app.rooms.freshness import FreshnessCheck
from app.rooms.hints import Hints
from app.rooms.history import History
from app.rooms.live import LiveRoom
from app.rooms.lobby import Lobby
from app.rooms.moderation import Moderation
from app.rooms.play import MovePlayer
from app.rooms.rematch import Rematch
from app.rooms.requests import current as current_requests
from app.rooms.review import Reviews
from app.rooms.seating import Seating
from app.rooms.store import GroupCommitter
from app.rooms.timers import Timers
from app.rooms.undo import Undo

P = ParamSpec("P")
T = TypeVar("T")


class RoomService:
    def __init__(
        self,
        *,
        settings: Settings,
        engine: AsyncEngine,
        sessions: async_sessionmaker[AsyncSession],
        hub: Hub,
        committer: GroupCommitter,
        metrics: Metrics | None = None,
    ) -> None:
        ctx = RoomContext(settings, engine, sessions, hub, committer, metrics or Metrics())
        self.ctx = ctx
        self.settings, self.metrics, self.hub = ctx.settings, ctx.metrics, ctx.hub
        self.cache = RoomCache(ctx)
        self.finisher = GameFinisher(ctx)
        self.player = MovePlayer(
            ctx, self.cache, arm_timers=self._arm_timers, finish=self.finisher.commit
        )
        self.brain = BotMoves(ctx.settings.bot_workers or None)
        self.bots = BotTurns(ctx, self.cache, self.player.submit_move, self.brain)
        self.reviews = Reviews(ctx, self.cache, self.brain)
        self.hints = Hints(self.cache, self.brain)
        self.seating = Seating(ctx, self.cache, arm_timers=self._arm_timers)
        self.timers = Timers(
            ctx,
            self.cache,
            self.player.submit_move,
            time_out=self.seating.time_out,
            bot_move=self.bots.play,
        )
        self.player.timers_armed = self.timers.scheduler.armed
        self.absence = Absence(ctx, self.cache, take_over=self.seating.time_out)
        self.moderation = Moderation(ctx, self.cache)
        self.chats = Chat(ctx, self.cache, muted=self.moderation.is_muted)
        self.history = History(ctx, self.cache)
        self.expiry = Expiry(ctx, self.cache)
        self.freshness = FreshnessCheck(ctx, self.cache)
        self.undo = Undo(ctx, self.cache, arm_timers=self._arm_timers)
        self.rematch = Rematch(ctx, self.cache, start_game=self.seating.start_game)
        self.lobby = Lobby(ctx)

        # The routers' calls, by part.
        self.transaction = ctx.transaction
        self.live = self.cache.live
        self.invalidate = self.cache.invalidate
        self.watch_started = self.cache.watch_started
        self.create_room = self._changes_lobby(self._create_room)
        self.join = self._changes_lobby(self.seating.join)
        self.leave = self._changes_lobby(self.seating.leave)
        self.kick = self._changes_lobby(self.seating.kick)
        self.add_bot = self._changes_lobby(self.seating.add_bot)
        self.set_options = self.seating.set_options
        self.start_game = self._changes_lobby(self.seating.start_game)
        self.close_room = self._changes_lobby(self.seating.close_room)
        self.replace_with_bot = self._changes_lobby(self.seating.replace_with_bot)
        self.reclaim = self._changes_lobby(self.seating.reclaim)
        self.hand_to_bot = self._changes_lobby(self.absence.hand_to_bot)
        self.submit_move = self.player.submit_move
        self.legal_moves = self.player.legal_moves
        self.legal_moves_compact = self.player.legal_moves_compact
        self.snapshot = self.player.snapshot
        self.review = self.reviews.review
        self.hint = self.hints.hint
        self.chat = self.chats.say
        self.system_message = self.chats.system_message
        self.chat_history = self.chats.history
        self.move_log = self.history.move_log
        self.verify = self.history.verify
        self.replay = self.history.replay
        self.expire_idle_rooms = self.expiry.expire_idle_rooms
        self.request_undo = self.undo.request
        self.answer_undo = self.undo.answer
        self.propose_rematch = self.rematch.propose
        self.answer_rematch = self.rematch.answer

    async def requests(self, room_id: str) -> JsonDict:
        """The latest undo and rematch requests of a room, and the last move in force with
        whether its player may take it back."""
        out = await current_requests(self.ctx, room_id)
        last = out.get("last_move")
        if last is not None:
            last["undoable"] = await self.undo.can_take_back(room_id, last["seat"])
        return out

    def _arm_timers(self, live: LiveRoom) -> None:
        self.timers.arm(live)
        if live.status != "playing":  # a game ended: it leaves the lobby
            self.lobby.invalidate()

    async def _create_room(
        self, *, user: User, game_id: str, seats: int, options: JsonDict | None, private: bool,
        seat_host: bool = True,
    ) -> LiveRoom:  # fmt: skip
        live = await self.seating.create_room(
            user=user, game_id=game_id, seats=seats, options=options, private=private,
            seat_host=seat_host,
        )  # fmt: skip
        self.chats.mark_silent(live.id)  # no message yet: its sockets need not ask
        return live

    def _changes_lobby(self, call: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
        """``call``, then the lobby is recomputed on its next request."""

        async def changed(*args: P.args, **kwargs: P.kwargs) -> T:
            try:
                return await call(*args, **kwargs)
            finally:
                self.lobby.invalidate()

        return changed

    async def start(self) -> None:
        self.ctx.committer.start()
        self.expiry.start()
        self.freshness.start()
        await self.timers.plan_unplanned()
        await self.timers.start()

    async def stop(self) -> None:
        await self.expiry.stop()
        await self.freshness.stop()
        await self.timers.stop()
        await self.reviews.stop()
        await self.brain.close()
        await self.ctx.committer.stop()

    @property
    def moves_accepted(self) -> int:
        return self.player.moves_accepted

    @staticmethod
    def can_watch(live: LiveRoom, user: User | None, invite_code: str | None) -> bool:
        return can_watch(live, user, invite_code)

    @staticmethod
    def require_watch(live: LiveRoom, user: User | None, invite_code: str | None) -> None:
        require_watch(live, user, invite_code)


__all__ = ["MoveRefused", "RoomService", "seed_commitment"]
