"""RoomService: the routers' one entry to the rooms, a thin facade over its parts.

The room service is the only writer of rooms and the only publisher of room events.
Every command runs in one transaction and publishes only after it commits. Its parts,
each one job, share a :class:`~.context.RoomContext` and never import each other:

| module | job |
| --- | --- |
| :mod:`.cache` | the rooms held in memory, loading and staleness; who may watch |
| :mod:`.seating` | create, join, leave, kick, bots, options, start, close (lifecycle) |
| :mod:`.play` | a move: apply → group commit (:mod:`.store`) → publish (:mod:`.publish`) |
| :mod:`.timers` | the reaction deadlines games ask for |
| :mod:`.bot_turns` | bot seats to act choose and play their move |
| :mod:`.chat` | chat and moderators' system messages |
| :mod:`.moderation` | chat reports, message deletion, mutes |
| :mod:`.finish` | the finishing move, committed alone with results and ratings |
| :mod:`.undo` | a player takes back their last move (asks the table if rated) |
| :mod:`.rematch` | the same table again, seats rotated, once everyone agrees |
| :mod:`.history` | the move log per viewer, replay, verification |
| :mod:`.expiry` | idle rooms become abandoned |

The facade wires them: a new version arms the room's timers before it is published
and schedules its bots after.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.config import Settings
from app.db.models import User
from app.games.interface import JsonDict
from app.observability.metrics import Metrics
from app.realtime.hub import Hub
from app.rooms.bot_turns import BotTurns
from app.rooms.cache import RoomCache, can_watch, require_watch
from app.rooms.chat import Chat
from app.rooms.context import MoveRefused, RoomContext, seed_commitment
from app.rooms.expiry import Expiry
from app.rooms.finish import GameFinisher
from app.rooms.history import History
from app.rooms.live import LiveRoom
from app.rooms.moderation import Moderation
from app.rooms.play import MovePlayer
from app.rooms.rematch import Rematch
from app.rooms.requests import current as current_requests
from app.rooms.seating import Seating
from app.rooms.store import GroupCommitter
from app.rooms.timers import Timers
from app.rooms.undo import Undo


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
            ctx,
            self.cache,
            arm_timers=self._arm_timers,
            schedule_bots=self._schedule_bots,
            finish=self.finisher.commit,
        )
        self.timers = Timers(ctx, self.cache, self.player.submit_move)
        self.bots = BotTurns(ctx, self.cache, self.player.submit_move)
        self.seating = Seating(
            ctx, self.cache, arm_timers=self._arm_timers, schedule_bots=self._schedule_bots
        )
        self.moderation = Moderation(ctx, self.cache)
        self.chats = Chat(ctx, self.cache, muted=self.moderation.is_muted)
        self.history = History(ctx, self.cache)
        self.expiry = Expiry(ctx, self.cache)
        self.undo = Undo(
            ctx, self.cache, arm_timers=self._arm_timers, schedule_bots=self._schedule_bots
        )
        self.rematch = Rematch(ctx, self.cache, start_game=self.seating.start_game)

        # The routers' calls, by part.
        self.transaction = ctx.transaction
        self.live = self.cache.live
        self.invalidate = self.cache.invalidate
        self.create_room = self.seating.create_room
        self.join = self.seating.join
        self.leave = self.seating.leave
        self.kick = self.seating.kick
        self.add_bot = self.seating.add_bot
        self.set_options = self.seating.set_options
        self.start_game = self.seating.start_game
        self.close_room = self.seating.close_room
        self.replace_with_bot = self.seating.replace_with_bot
        self.submit_move = self.player.submit_move
        self.legal_moves = self.player.legal_moves
        self.snapshot = self.player.snapshot
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
        """The latest undo and rematch requests of a room."""
        return await current_requests(self.ctx, room_id)

    def _arm_timers(self, live: LiveRoom) -> None:
        self.timers.arm(live)

    def _schedule_bots(self, live: LiveRoom) -> None:
        self.bots.schedule(live)

    async def start(self) -> None:
        self.ctx.committer.start()
        self.expiry.start()

    async def stop(self) -> None:
        await self.expiry.stop()
        self.bots.cancel_all()
        self.timers.cancel_all()
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
