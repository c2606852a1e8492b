"""RoomService: the only writer of rooms and the only publisher of room events.

Every command runs in one transaction and publishes only after it commits. Moves take
the hot path: apply the pure rules on the cached state, queue the result for the
group committer (a version-checked write), then compute each audience's patch
between its previous and new view and publish it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.bots import BOTS, bot_rng
from app.config import Settings
from app.db.models import ChatMessage, Room, Seat, User
from app.errors import (
    AgoraError,
    Conflict,
    InvalidRequest,
    NotAMember,
    NotAuthenticated,
    NotHost,
    RoomNotFound,
    StaleVersion,
)
from app.games.interface import InvalidOptions, JsonDict, Move, RulesError
from app.games.options import normalize_options
from app.games.registry import UnknownGame, get_game, redact_move
from app.ids import new_id, new_invite_code
from app.observability.metrics import Metrics
from app.realtime.hub import SPECTATOR, Hub, RoomEvent
from app.rooms import repository
from app.rooms.diff import diff_views
from app.rooms.live import RECENT_MOVE_IDS, LiveRoom, SeatInfo, compose_view
from app.rooms.store import GroupCommitter, PendingMove

log = logging.getLogger(__name__)


def dumps(data: Any) -> str:
    return orjson.dumps(data).decode()


def seed_commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


class MoveRefused(AgoraError):
    """The rules refused the move; ``code`` is the rules error's code."""

    status = 422


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
        self.settings = settings
        self.metrics = metrics or Metrics()
        self.engine = engine
        self.sessions = sessions
        self.hub = hub
        self.committer = committer
        self._rooms: dict[str, LiveRoom] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.moves_accepted = 0
        hub.add_listener(self._on_remote_event)

    # ---- lifecycle -------------------------------------------------------------
    async def start(self) -> None:
        self.committer.start()
        if self.settings.expiry_sweep_seconds > 0:
            self._sweeper = asyncio.create_task(self._sweep_forever(), name="room-expiry")

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for live in self._rooms.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
        await self.committer.stop()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        async with self.sessions() as session, session.begin():
            yield session

    def _game(self, game_id: str) -> Any:
        try:
            return get_game(game_id, include_test_games=self.settings.agora_test_games)
        except UnknownGame:
            raise InvalidRequest(f"unknown game {game_id!r}", code="unknown_game") from None

    # ---- cache -----------------------------------------------------------------
    def _on_remote_event(self, event: RoomEvent) -> None:
        live = self._rooms.get(event.room_id)
        if live is None:
            return
        if event.kind == "room" or (event.version is not None and event.version > live.version):
            live.stale = True

    def invalidate(self, room_id: str) -> None:
        """Another process may have changed the room: reload it before the next use."""
        live = self._rooms.get(room_id)
        if live is not None:
            live.stale = True

    async def live(self, room_id: str) -> LiveRoom:
        live = self._rooms.get(room_id)
        if live is None:
            live = await self._load(room_id)
            self._rooms.setdefault(room_id, live)
            live = self._rooms[room_id]
        elif live.stale or (self.hub.distributed and not self.hub.watching(room_id)):
            # With several processes, a cache is only kept fresh while this process
            # receives the room's events, i.e. while a local socket watches it.
            live.stale = True
            async with live.lock:
                if live.stale:
                    await self._reload(live)
        return live

    async def _load(self, room_id: str) -> LiveRoom:
        async with self.sessions() as session:
            room = await repository.get_room(session, room_id)
            if room is None:
                raise RoomNotFound(f"no room {room_id}")
            seats = await repository.get_seats(session, room_id)
            recent = await repository.recent_move_ids(session, room_id, RECENT_MOVE_IDS)
        live = LiveRoom(
            id=room.id,
            game_id=room.game,
            game=self._game(room.game),
            options=orjson.loads(room.options),
            seat_count=room.seat_count,
            private=room.private,
            host_id=room.host_id,
            invite_code=room.invite_code,
            status=room.status,
            seats=_seat_infos(room.seat_count, seats),
            version=room.version,
            state=orjson.loads(room.state) if room.state else None,
            seed_hash=room.seed_hash,
            seed=room.seed,
            rules_version=room.rules_version,
        )
        for client_move_id, seq, seat in recent:
            live.remember_move(client_move_id, seq + 1, seat)
        return live

    async def _reload(self, live: LiveRoom) -> None:
        fresh = await self._load(live.id)
        for name in (
            "options", "seat_count", "private", "host_id", "status", "seats",
            "seed_hash", "seed", "recent_moves",
        ):  # fmt: skip
            setattr(live, name, getattr(fresh, name))
        live.set_state(fresh.state, fresh.version)
        live.stale = False

    # ---- access ----------------------------------------------------------------
    def can_watch(self, live: LiveRoom, user: User | None, invite_code: str | None) -> bool:
        if not live.private:
            return True
        if user is not None and (user.is_admin or live.seat_of(user.id) is not None):
            return True
        return invite_code is not None and secrets.compare_digest(invite_code, live.invite_code)

    def require_watch(self, live: LiveRoom, user: User | None, invite_code: str | None) -> None:
        if not self.can_watch(live, user, invite_code):
            # A private room's existence is not revealed to outsiders.
            raise RoomNotFound(f"no room {live.id}")

    # ---- lobby commands ----------------------------------------------------------
    async def create_room(
        self, *, user: User, game_id: str, seats: int, options: JsonDict | None, private: bool
    ) -> LiveRoom:
        game = self._game(game_id)
        try:
            clean = normalize_options(game.INFO, seats, options)
        except InvalidOptions as error:
            raise InvalidRequest(str(error), code="invalid_options") from None
        room_id = new_id()
        async with self.transaction() as session:
            session.add(
                Room(
                    id=room_id,
                    invite_code=new_invite_code(),
                    game=game_id,
                    rules_version=game.INFO.version,
                    options=dumps(clean),
                    seat_count=seats,
                    private=private,
                    host_id=user.id,
                    status="waiting",
                )
            )
            await session.flush()
            session.add(Seat(room_id=room_id, position=0, user_id=user.id, name=user.display_name))
        return await self.live(room_id)

    async def _change_seats(self, room_id: str, change: Any) -> LiveRoom:
        """Run ``change(session, room, seats)`` on the locked room, then refresh and announce."""
        async with self.transaction() as session:
            room = await repository.get_room(session, room_id, lock=True)
            if room is None:
                raise RoomNotFound(f"no room {room_id}")
            seats = list(await repository.get_seats(session, room_id))
            await change(session, room, seats)
            room.updated_at = datetime.now(UTC)
        live = self._rooms.get(room_id)
        before = {seat.user_id for seat in live.seats if seat.user_id} if live else set()
        if live is not None:
            async with live.lock:
                await self._reload(live)
        else:
            live = await self.live(room_id)
        await self._announce(live)
        # Whoever lost a seat must stop receiving that seat's private view: their sockets
        # close, and reconnecting makes them spectators.
        for user_id in before - {seat.user_id for seat in live.seats if seat.user_id}:
            await self.hub.publish_control(
                {"type": "disconnect_room_user", "user_id": user_id, "room": room_id}
            )
        return live

    async def _announce(self, live: LiveRoom) -> None:
        await self.hub.publish(
            RoomEvent(
                room_id=live.id, kind="room", text=dumps({"type": "room", "room": live.summary()})
            )
        )

    async def join(self, room_id: str, *, user: User, invite_code: str | None) -> LiveRoom:
        async def change(session: AsyncSession, room: Room, seats: list[Seat]) -> None:
            if any(seat.user_id == user.id for seat in seats):
                return  # joining twice is a no-op
            code_ok = invite_code is not None and secrets.compare_digest(
                invite_code, room.invite_code
            )
            if room.private and not (code_ok or user.is_admin):
                raise RoomNotFound(f"no room {room_id}")
            if room.status != "waiting":
                raise Conflict("this game has already started", code="room_not_waiting")
            position = _free_position(room.seat_count, seats)
            if position is None:
                raise Conflict("every seat is taken", code="room_full")
            session.add(
                Seat(room_id=room.id, position=position, user_id=user.id, name=user.display_name)
            )

        return await self._change_seats(room_id, change)

    async def leave(self, room_id: str, *, user: User) -> LiveRoom:
        async def change(session: AsyncSession, room: Room, seats: list[Seat]) -> None:
            mine = next((seat for seat in seats if seat.user_id == user.id), None)
            if mine is None:
                raise NotAMember("you have no seat in this room")
            if room.status == "waiting":
                await session.delete(mine)
                others = [seat for seat in seats if seat.user_id and seat.user_id != user.id]
                if room.host_id == user.id:
                    if others:
                        room.host_id = others[0].user_id or room.host_id
                    else:
                        room.status = "abandoned"
            elif room.status == "playing":
                # A player who leaves a running game hands the seat to a bot.
                mine.user_id, mine.bot = None, "random"
                mine.name = f"{mine.name} (bot)"

        live = await self._change_seats(room_id, change)
        self._schedule_bot(live)
        return live

    async def kick(self, room_id: str, *, user: User, position: int) -> LiveRoom:
        async def change(session: AsyncSession, room: Room, seats: list[Seat]) -> None:
            _require_host(room, user)
            if room.status != "waiting":
                raise Conflict(
                    "seats can only be changed before the start", code="room_not_waiting"
                )
            target = next((seat for seat in seats if seat.position == position), None)
            if target is None:
                raise InvalidRequest("that seat is empty", code="seat_empty")
            if target.user_id == room.host_id:
                raise InvalidRequest("the host cannot kick itself", code="cannot_kick_host")
            await session.delete(target)

        return await self._change_seats(room_id, change)

    async def add_bot(self, room_id: str, *, user: User, bot: str) -> LiveRoom:
        if bot not in BOTS:
            raise InvalidRequest(f"unknown bot {bot!r}", code="unknown_bot")

        async def change(session: AsyncSession, room: Room, seats: list[Seat]) -> None:
            _require_host(room, user)
            if room.status != "waiting":
                raise Conflict("bots can only be added before the start", code="room_not_waiting")
            position = _free_position(room.seat_count, seats)
            if position is None:
                raise Conflict("every seat is taken", code="room_full")
            session.add(
                Seat(room_id=room.id, position=position, bot=bot, name=f"Bot {position + 1}")
            )

        return await self._change_seats(room_id, change)

    async def set_options(
        self, room_id: str, *, user: User, seats: int | None, options: JsonDict | None
    ) -> LiveRoom:
        async def change(session: AsyncSession, room: Room, current: list[Seat]) -> None:
            _require_host(room, user)
            if room.status != "waiting":
                raise Conflict("options are fixed once the game starts", code="room_not_waiting")
            seat_count = seats if seats is not None else room.seat_count
            if any(seat.position >= seat_count for seat in current):
                raise Conflict(
                    "free the higher seats before lowering the count", code="seats_taken"
                )
            game = self._game(room.game)
            merged = {**orjson.loads(room.options), **(options or {})}
            try:
                clean = normalize_options(game.INFO, seat_count, merged)
            except InvalidOptions as error:
                raise InvalidRequest(str(error), code="invalid_options") from None
            room.seat_count = seat_count
            room.options = dumps(clean)

        return await self._change_seats(room_id, change)

    async def start_game(self, room_id: str, *, user: User) -> LiveRoom:
        async def change(session: AsyncSession, room: Room, seats: list[Seat]) -> None:
            _require_host(room, user)
            if room.status != "waiting":
                raise Conflict("this game has already started", code="room_not_waiting")
            if len(seats) != room.seat_count:
                raise Conflict("every seat must be filled (add a bot?)", code="seats_open")
            game = self._game(room.game)
            seed = str(secrets.randbits(128))
            state = game.setup(room.seat_count, orjson.loads(room.options), int(seed))
            room.seed, room.seed_hash = seed, seed_commitment(seed)
            room.state, room.version = dumps(state), 1
            room.status, room.started_at = "playing", datetime.now(UTC)

        live = await self._change_seats(room_id, change)
        self._arm_deadline(live)
        await self._publish_versions(live, previous={}, version=live.version)
        self._schedule_bot(live)
        return live

    # ---- moderation (admin) -----------------------------------------------------------
    async def close_room(self, room_id: str) -> LiveRoom:
        """Abandon a room whatever its status: no more moves are accepted."""

        async def change(session: AsyncSession, room: Room, seats: list[Seat]) -> None:
            if room.status in ("finished", "abandoned"):
                raise Conflict(f"the room is already {room.status}", code="room_closed")
            room.status = "abandoned"
            room.finished_at = datetime.now(UTC)

        return await self._change_seats(room_id, change)

    async def replace_with_bot(
        self, room_id: str, *, position: int, bot: str = "random"
    ) -> LiveRoom:
        """Hand a seat to a bot (during play); before the start the seat is simply freed."""

        async def change(session: AsyncSession, room: Room, seats: list[Seat]) -> None:
            target = next((seat for seat in seats if seat.position == position), None)
            if target is None:
                raise InvalidRequest("that seat is empty", code="seat_empty")
            if room.status == "waiting":
                if target.user_id == room.host_id:
                    raise InvalidRequest("the host's seat cannot be freed", code="cannot_kick_host")
                await session.delete(target)
            elif room.status == "playing":
                if target.bot:
                    raise InvalidRequest("that seat is already a bot", code="already_bot")
                target.user_id, target.bot = None, bot
                target.name = f"{target.name} (bot)"
            else:
                raise Conflict(f"the room is {room.status}", code="room_closed")

        live = await self._change_seats(room_id, change)
        self._schedule_bot(live)
        return live

    async def system_message(self, room_id: str, *, text: str) -> None:
        """A message from the moderators, shown in the room's chat."""
        live = await self.live(room_id)
        text = " ".join(text.split())
        if not text:
            raise InvalidRequest("empty message", code="empty_message")
        async with self.transaction() as session:
            message = ChatMessage(room_id=live.id, user_id=None, name="Agora", text=text[:2000])
            session.add(message)
            await session.flush()
            payload = {
                "type": "chat",
                "id": message.id,
                "name": "Agora",
                "system": True,
                "seat": None,
                "text": message.text,
                "at": message.created_at.isoformat(),
            }
        await self.hub.publish(RoomEvent(room_id=live.id, kind="chat", text=dumps(payload)))

    # ---- moves -------------------------------------------------------------------
    async def submit_move(
        self,
        room_id: str,
        *,
        user_id: str | None,
        move: Move,
        client_move_id: str | None = None,
        base_version: int | None = None,
        bot_seat: int | None = None,
    ) -> int:
        """Apply, commit, publish; returns the new version (or the earlier one for a repeat)."""
        received = time.perf_counter()
        live = await self.live(room_id)
        async with live.lock:
            for _attempt in range(3):
                if live.stale:
                    await self._reload(live)
                seat = bot_seat if bot_seat is not None else live.seat_of(user_id)
                if seat is None:
                    raise (
                        NotAMember("spectators cannot move")
                        if user_id
                        else NotAuthenticated("log in or join as a guest to play")
                    )
                if client_move_id is not None and client_move_id in live.recent_moves:
                    return live.recent_moves[client_move_id][0]
                if live.status != "playing" or live.state is None:
                    raise Conflict(f"the room is {live.status}", code="game_not_running")
                if base_version is not None and base_version != live.version:
                    raise StaleVersion(
                        f"your move was made on version {base_version}; "
                        f"the room is at {live.version}"
                    )
                try:
                    new_state = live.game.apply(live.state, seat, move)
                except RulesError as error:
                    raise MoveRefused(error.reason, code=error.code) from None
                result = live.game.result(new_state)
                status = "finished" if result is not None else "playing"
                pending = PendingMove(
                    room_id=live.id,
                    old_version=live.version,
                    seat=seat,
                    client_move_id=client_move_id,
                    move_json=dumps(move),
                    state_json=dumps(new_state),
                    status=status,
                )
                try:
                    committed = await self.committer.submit(pending)
                except Exception:
                    self.metrics.db_errors.inc()
                    raise AgoraError(
                        "the move could not be saved; try again", code="storage_error", status=503
                    ) from None
                if committed:
                    break
                live.stale = True  # another process moved first: reload and re-check
            else:
                raise Conflict("the room is busy; try again", code="conflict")
            previous = {audience: live.view_for(audience) for audience in live.audiences()}
            live.set_state(new_state, live.version + 1, result=result)
            live.status = status
            live.remember_move(client_move_id, live.version, seat)
            self._arm_deadline(live)
            self.moves_accepted += 1
            await self._publish_versions(live, previous=previous, version=live.version)
        self.metrics.move_accepted(live.game_id, time.perf_counter() - received)
        log.info(
            "move",
            extra={
                "room": live.id,
                "game": live.game_id,
                "seat": seat,
                "move_id": client_move_id,
                "version": live.version,
                "bot": bot_seat is not None,
            },
        )
        self._schedule_bot(live)
        return live.version

    async def _publish_versions(
        self, live: LiveRoom, *, previous: dict[str, JsonDict | None], version: int
    ) -> None:
        views = {audience: live.view_for(audience) for audience in live.audiences()}
        # One memo for all audiences: the public parts of their views are diffed once.
        patches = diff_views(
            {a: (previous[a], view) for a, view in views.items() if previous.get(a) is not None}
        )
        texts: dict[str, str] = {}
        for audience, view in views.items():
            ops = patches.get(audience, [{"op": "replace", "path": "", "value": view}])
            texts[audience] = dumps({"type": "patch", "version": version, "ops": ops})
        await self.hub.publish(
            RoomEvent(room_id=live.id, kind="patch", version=version, texts=texts)
        )
        if live.status == "finished":
            await self._announce(live)

    async def legal_moves(self, room_id: str, *, user_id: str | None) -> tuple[int, list[Move]]:
        live = await self.live(room_id)
        seat = live.seat_of(user_id)
        if seat is None or live.state is None or live.status != "playing":
            return live.version, []
        return live.version, list(live.game.legal_moves(live.state, seat))

    async def snapshot(self, room_id: str, *, user: User | None) -> JsonDict:
        live = await self.live(room_id)
        seat = live.seat_of(user.id if user else None)
        audience = SPECTATOR if seat is None else str(seat)
        return {
            "type": "snapshot",
            "version": live.version,
            "seat": seat,
            "view": live.view_for(audience),
            "room": live.summary(),
            # Lets clients correct their clock for deadlines (deadline.expires_at).
            "server_time": round(time.time(), 3),
        }

    # ---- reaction deadlines ----------------------------------------------------------
    def _arm_deadline(self, live: LiveRoom) -> None:
        """Start the countdown a game asks for (its ``deadline(state)`` hook), if any.

        When it runs out with the room still at the same version, every listed seat that
        still owes a move plays the game's ``timeout_move`` (e.g. Agorapolis's resist
        prompt, §16), so one absent player cannot freeze a table. The countdown is shown
        to every audience in the view (``deadline.expires_at``, epoch seconds).
        """
        task = live.deadline_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        live.deadline, live.deadline_task = None, None
        hook = getattr(live.game, "deadline", None)
        if hook is None or live.state is None or live.status != "playing":
            return
        info = hook(live.state)
        if not info:
            return
        seconds = float(info.get("seconds", self.settings.reaction_seconds))
        live.deadline = {
            "seats": sorted(info["seats"]),
            "kind": info.get("kind", "reaction"),
            "seconds": seconds,
            "expires_at": round(time.time() + seconds, 3),
            "version": live.version,
        }
        live.clear_views()  # views now carry the deadline
        live.deadline_task = asyncio.create_task(
            self._expire_deadline(live.id, live.version, seconds), name=f"deadline-{live.id}"
        )

    async def _expire_deadline(self, room_id: str, version: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        live = await self.live(room_id)
        if live.version != version or live.deadline is None or live.state is None:
            return
        default = getattr(live.game, "timeout_move", None)
        if default is None:
            return
        for seat in live.deadline["seats"]:
            if live.state is None or seat not in live.game.to_act(live.state):
                continue
            try:
                await self.submit_move(
                    room_id,
                    user_id=None,
                    move=default(live.state, seat),
                    client_move_id=f"timeout-{live.version}-{seat}",
                    bot_seat=seat,
                )
            except AgoraError as error:
                log.warning("timeout move in %s refused: %s", room_id, error.message)

    # ---- bots --------------------------------------------------------------------
    def _schedule_bot(self, live: LiveRoom) -> None:
        if live.status != "playing" or live.state is None:
            return
        if live.bot_task is not None and not live.bot_task.done():
            return
        bots = {seat.position for seat in live.seats if seat.bot}
        if bots & live.game.to_act(live.state):
            live.bot_task = asyncio.create_task(self._bot_turn(live.id), name=f"bot-{live.id}")

    async def _bot_turn(self, room_id: str) -> None:
        await asyncio.sleep(self.settings.bot_delay_seconds)
        live = await self.live(room_id)
        if live.state is None or live.status != "playing":
            return
        for seat in live.seats:
            if not seat.bot or seat.position not in live.game.to_act(live.state):
                continue
            view = live.game.view(live.state, seat.position)
            moves = list(live.game.legal_moves(live.state, seat.position))
            if not moves:
                continue
            move = BOTS[seat.bot].choose(view, moves, bot_rng)
            try:
                await self.submit_move(
                    room_id,
                    user_id=None,
                    move=move,
                    client_move_id=f"bot-{live.version}-{seat.position}",
                    base_version=live.version,
                    bot_seat=seat.position,
                )
            except AgoraError as error:
                log.info("bot move in %s refused: %s", room_id, error.message)
            break
        live.bot_task = None
        self._schedule_bot(live)

    # ---- chat, log, verification, replay ----------------------------------------------
    async def chat(self, room_id: str, *, user: User, text: str) -> None:
        live = await self.live(room_id)
        text = " ".join(text.split())
        if not text:
            raise InvalidRequest("empty message", code="empty_message")
        if len(text) > self.settings.chat_max_length:
            raise InvalidRequest(
                f"a chat message has at most {self.settings.chat_max_length} characters",
                code="message_too_long",
            )
        async with self.transaction() as session:
            message = ChatMessage(
                room_id=live.id, user_id=user.id, name=user.display_name, text=text
            )
            session.add(message)
            await session.flush()
            payload = {
                "type": "chat",
                "id": message.id,
                "name": user.display_name,
                "seat": live.seat_of(user.id),
                "text": text,
                "at": message.created_at.isoformat(),
            }
        await self.hub.publish(RoomEvent(room_id=live.id, kind="chat", text=dumps(payload)))

    async def chat_history(self, room_id: str, *, limit: int = 50) -> list[JsonDict]:
        async with self.sessions() as session:
            messages = await repository.chat_history(session, room_id, limit=limit)
        return [
            {
                "type": "chat",
                "id": m.id,
                "name": m.name,
                "user_id": m.user_id,
                "system": m.user_id is None,
                "text": m.text,
                "at": m.created_at.isoformat(),
            }
            for m in messages
        ]

    async def move_log(
        self, room_id: str, *, viewer: int | None, with_client_ids: bool = False
    ) -> list[JsonDict]:
        """The move log as ``viewer`` may see it (the game's ``redact_move``)."""
        live = await self.live(room_id)
        finished = live.status in ("finished", "abandoned")
        async with self.sessions() as session:
            records = await repository.move_log(session, room_id)
        entries = []
        for record in records:
            entry = {
                "seq": record.seq,
                "seat": record.seat,
                "move": redact_move(
                    live.game, orjson.loads(record.move), record.seat, viewer, finished
                ),
                "at": record.created_at.isoformat(),
            }
            if with_client_ids:
                entry["client_move_id"] = record.client_move_id
            entries.append(entry)
        return entries

    async def _replay_states(self, room_id: str) -> tuple[LiveRoom, list[JsonDict]]:
        live = await self.live(room_id)
        if live.status != "finished" or live.seed is None:
            raise Conflict("only a finished game can be replayed", code="game_not_finished")
        game = get_game(live.game_id)
        async with self.sessions() as session:
            records = await repository.move_log(session, room_id)
        state = game.setup(live.seat_count, live.options, int(live.seed))
        states = [state]
        for record in records:
            state = game.apply(state, record.seat, orjson.loads(record.move))
            states.append(state)
        return live, states

    async def verify(self, room_id: str) -> JsonDict:
        """Replay the finished game from its revealed seed and the move log."""
        live, states = await self._replay_states(room_id)
        assert live.seed is not None
        return {
            "room": room_id,
            "seed": live.seed,
            "seed_hash": live.seed_hash,
            "seed_matches_hash": seed_commitment(live.seed) == live.seed_hash,
            "moves": len(states) - 1,
            "verified": states[-1] == live.state,
        }

    async def replay(self, room_id: str) -> JsonDict:
        live, states = await self._replay_states(room_id)
        return {
            "room": live.summary(),
            "frames": [compose_view(live.game, state, SPECTATOR) for state in states],
            "log": await self.move_log(room_id, viewer=None),
        }

    # ---- expiry ------------------------------------------------------------------
    async def expire_idle_rooms(self) -> list[str]:
        now = datetime.now(UTC)
        async with self.transaction() as session:
            expired = await repository.expire_rooms(
                session,
                waiting_before=now - timedelta(minutes=self.settings.waiting_room_ttl_minutes),
                playing_before=now - timedelta(hours=self.settings.playing_room_ttl_hours),
            )
        for room_id in expired:
            live = self._rooms.get(room_id)
            if live is not None:
                live.status = "abandoned"
                await self._announce(live)
        return expired

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.expiry_sweep_seconds)
            try:
                await self.expire_idle_rooms()
            except Exception:
                log.exception("room expiry sweep failed")


def _seat_infos(seat_count: int, seats: Any) -> list[SeatInfo]:
    by_position = {seat.position: seat for seat in seats}
    infos = []
    for position in range(seat_count):
        seat = by_position.get(position)
        if seat is None:
            infos.append(SeatInfo(position=position, name=""))
        else:
            infos.append(
                SeatInfo(position=position, name=seat.name, user_id=seat.user_id, bot=seat.bot)
            )
    return infos


def _free_position(seat_count: int, seats: list[Seat]) -> int | None:
    taken = {seat.position for seat in seats}
    return next((p for p in range(seat_count) if p not in taken), None)


def _require_host(room: Room, user: User) -> None:
    if room.host_id != user.id and not user.is_admin:
        raise NotHost("only the host can do that")


__all__ = ["MoveRefused", "RoomService", "seed_commitment"]
