"""Seating and the room lifecycle: create, join, leave, kick, bots, options, start, close.

Every command locks the room row, changes it and its seats in one transaction, then
refreshes this process's cache and announces the new summary. Whoever lost a seat has
that seat's sockets closed (their private view must stop at once); reconnecting makes
them spectators. A player leaving a running game hands the seat to a bot.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import orjson
from sqlalchemy import insert, text

from app.accounts.bot_accounts import refuse_public_seat
from app.bots import BOTS
from app.db.models import Room, Seat, User, detached
from app.db.raw_pg import execute_alone, transaction
from app.errors import Conflict, InvalidRequest, NotAMember, NotHost, RoomNotFound
from app.games.interface import InvalidOptions, JsonDict
from app.ids import new_id, new_invite_code
from app.ratings.record import rated_at_start
from app.rooms.cache import RoomCache, seat_infos
from app.rooms.context import RoomContext, RoomHook, dumps, seed_commitment
from app.rooms.live import LiveRoom
from app.rooms.publish import announce, publish_versions
from app.rooms.room_options import normalize_room_options, rules_options
from app.rooms.seat_rows import SeatRows
from app.social.blocks import refuse_at_table
from app.text import valid_invite_code

SeatChange = Callable[[SeatRows, Room, list[Seat]], Awaitable[None]]


# Statements built once: building ``insert(...).values(...)`` per call cost ~0.3 ms.
_INSERT_ROOM = insert(Room.__table__)  # type: ignore[arg-type]
_INSERT_SEAT = insert(Seat.__table__)  # type: ignore[arg-type]
_CREATE_ROOM_PG = text(
    "WITH room AS (INSERT INTO rooms (id, invite_code, game, rules_version, options, "
    "seat_count, private, host_id, status, version, rated, created_at, updated_at) "
    "VALUES (:id, :invite_code, :game, :rules_version, :options, :seat_count, :private, "
    ":host_id, :status, :version, :rated, now(), now()) RETURNING id) "
    "INSERT INTO seats (room_id, position, user_id, name, forfeit, bot_account) "
    "SELECT id, 0, :user_id, :name, false, :bot_account FROM room"
)


def _host_seat(user: User) -> Seat:
    return detached(
        Seat, {"position": 0, "user_id": user.id, "name": user.display_name, "bot": None,
               "player_id": None, "bot_account": user.is_bot},
    )  # fmt: skip


#: the bot that takes over a seat during a game (a player left, an admin handed it over)
TAKEOVER_BOT = "medium"


class Seating:
    def __init__(
        self,
        ctx: RoomContext,
        cache: RoomCache,
        *,
        arm_timers: RoomHook,
    ) -> None:
        self.ctx = ctx
        self.cache = cache
        self.arm_timers = arm_timers

    async def create_room(
        self, *, user: User, game_id: str, seats: int, options: JsonDict | None, private: bool,
        seat_host: bool = True,
    ) -> LiveRoom:  # fmt: skip
        """A waiting room hosted by ``user``, seated at 0 unless ``seat_host`` is False (a
        tournament's table: its host runs it without playing, app.tournaments.runner)."""
        if seat_host:
            refuse_public_seat(user, private=private)
        game = self.ctx.game(game_id)
        try:
            clean = normalize_room_options(game.INFO, seats, options)
        except InvalidOptions as error:
            raise InvalidRequest(str(error), code="invalid_options") from None
        # Two Core inserts and a room built from what they wrote: the ORM unit of work and
        # the reload that followed cost 4.8 ms of server CPU per room (bench/http_load.py).
        room_id, invite_code = new_id(), new_invite_code()
        options_json = dumps(clean)
        room = {
            "id": room_id, "invite_code": invite_code, "game": game_id,
            "rules_version": game.INFO.version, "options": options_json, "seat_count": seats,
            "private": private, "host_id": user.id, "status": "waiting", "version": 0,
            "rated": False,
        }  # fmt: skip
        seat = {
            "room_id": room_id, "position": 0, "user_id": user.id, "name": user.display_name,
            "bot_account": bool(user.is_bot),
        }  # fmt: skip
        if seat_host and self.ctx.engine.dialect.name == "postgresql":
            # One statement in autocommit: one round trip instead of BEGIN, two INSERTs
            # and COMMIT (room creation measured 2.25 ms of server CPU that way).
            await execute_alone(
                self.ctx.engine,
                _CREATE_ROOM_PG,
                {
                    **room,
                    "user_id": user.id,
                    "name": seat["name"],
                    "bot_account": seat["bot_account"],
                },
            )
        else:  # SQLite has no INSERT inside a WITH
            async with self.ctx.engine.begin() as conn:
                await conn.execute(_INSERT_ROOM, room)
                if seat_host:
                    await conn.execute(_INSERT_SEAT, seat)
        seated = [_host_seat(user)] if seat_host else []
        live = LiveRoom(
            id=room_id, game_id=game_id, game=game, options=orjson.loads(options_json),
            seat_count=seats, private=private, host_id=user.id, invite_code=invite_code,
            status="waiting", seats=seat_infos(seats, seated), version=0,
            state=None, seed_hash=None, seed=None, rules_version=game.INFO.version,
        )  # fmt: skip
        return self.cache.rooms.setdefault(room_id, live)

    async def _change_seats(self, room_id: str, change: SeatChange) -> LiveRoom:
        """Run ``change(rows, room, seats)`` on the locked room (:mod:`.seat_rows`), write it,
        then refresh and announce.

        A room this process holds is changed under its lock, as moves are: a move in
        flight (a bot's, say, prepared for a seat its player is reclaiming) commits
        first and the change then sees it, or waits and finds the seat changed. Without
        the lock the move's commit, conditional on the version alone, landed after the
        seat change with timers planned for the old seats (a reclaimed seat showed 0 s).
        """
        live = self.cache.held(room_id)
        if live is None:
            await self._write_seats(room_id, change)
            live = await self.cache.live(room_id)
            before: set[str] = set()
        else:
            async with live.lock:
                before = {seat.user_id for seat in live.seats if seat.user_id}
                room, written, seen = await self._write_seats(room_id, change)
                # The locked row as committed is the room now: no reload, unless moves
                # this process has not seen were played (their ids must be reloaded).
                if live.version == seen and not live.stale:
                    self.cache.refresh(live, room, written)
                else:
                    await self.cache.reload(live)
        await announce(self.ctx.hub, live)
        # Whoever lost a seat must stop receiving that seat's private view: their sockets
        # close, and reconnecting makes them spectators.
        for user_id in before - {seat.user_id for seat in live.seats if seat.user_id}:
            await self.ctx.hub.publish_control(
                {"type": "disconnect_room_user", "user_id": user_id, "room": room_id}
            )
        self.arm_timers(live)
        return live

    async def _write_seats(self, room_id: str, change: SeatChange) -> tuple[Room, list[Seat], int]:
        """The change in one transaction: the room and seats as written, and the version
        the row had (moves up to it are in this row's move ids)."""
        async with transaction(self.ctx.engine) as conn:
            rows = await SeatRows.load(conn, room_id)
            if rows is None:
                raise RoomNotFound(f"no room {room_id}")
            room, seats = rows.room, list(rows.seats)
            seen = room.version
            await change(rows, room, seats)
            room.updated_at = datetime.now(UTC)
            self.ctx.plan_row(room, seats)  # a seat to a bot, a start: what the room waits on
            await rows.write()
            return room, rows.written(), seen

    async def join(self, room_id: str, *, user: User, invite_code: str | None) -> LiveRoom:
        async def change(rows: SeatRows, room: Room, seats: list[Seat]) -> None:
            if any(seat.user_id == user.id for seat in seats):
                return  # joining twice is a no-op
            code_ok = valid_invite_code(invite_code) and secrets.compare_digest(
                str(invite_code), room.invite_code
            )
            if room.private and not (code_ok or user.is_admin):
                raise RoomNotFound(f"no room {room_id}")
            await refuse_at_table(rows.conn, user, room)  # blocked by its host or a player
            refuse_public_seat(user, private=room.private)
            if room.status != "waiting":
                raise Conflict("this game has already started", code="room_not_waiting")
            position = free_position(room.seat_count, seats)
            if position is None:
                raise Conflict("every seat is taken", code="room_full")
            rows.add(
                Seat(
                    room_id=room.id, position=position, user_id=user.id,
                    name=user.display_name, colour=free_colour(position, seats),
                    bot_account=bool(user.is_bot),
                )
            )  # fmt: skip

        return await self._change_seats(room_id, change)

    async def leave(self, room_id: str, *, user: User) -> LiveRoom:
        async def change(rows: SeatRows, room: Room, seats: list[Seat]) -> None:
            mine = next((seat for seat in seats if seat.user_id == user.id), None)
            if mine is None:
                raise NotAMember("you have no seat in this room")
            if room.status == "waiting":
                rows.delete(mine)
                others = [seat for seat in seats if seat.user_id and seat.user_id != user.id]
                if room.host_id == user.id:
                    if others:
                        room.host_id = others[0].user_id or room.host_id
                    else:
                        room.status = "abandoned"
            elif room.status == "playing":
                # A player who leaves a running game hands the seat to a bot (and forfeits):
                # a level bot, so the others' game stays worth playing.
                mine.user_id, mine.bot, mine.forfeit = None, TAKEOVER_BOT, True
                mine.name = f"{mine.name} (bot)"

        return await self._change_seats(room_id, change)

    async def kick(self, room_id: str, *, user: User, position: int) -> LiveRoom:
        async def change(rows: SeatRows, room: Room, seats: list[Seat]) -> None:
            require_host(room, user)
            if room.status != "waiting":
                raise Conflict(
                    "seats can only be changed before the start", code="room_not_waiting"
                )
            target = next((seat for seat in seats if seat.position == position), None)
            if target is None:
                raise Conflict("that seat is empty", code="seat_empty")
            if target.user_id == room.host_id:
                raise Conflict("the host cannot kick itself", code="cannot_kick_host")
            rows.delete(target)

        return await self._change_seats(room_id, change)

    async def add_bot(
        self, room_id: str, *, user: User, bot: str, account: User | None = None
    ) -> LiveRoom:
        """The next free seat to a house bot, or to a bot ``account`` (a program's,
        app.accounts.bot_accounts), which the host may seat at any table."""
        if account is None and bot not in BOTS:
            raise InvalidRequest(f"unknown bot {bot!r}", code="unknown_bot")

        async def change(rows: SeatRows, room: Room, seats: list[Seat]) -> None:
            require_host(room, user)
            if room.status != "waiting":
                raise Conflict("bots can only be added before the start", code="room_not_waiting")
            position = free_position(room.seat_count, seats)
            if position is None:
                raise Conflict("every seat is taken", code="room_full")
            colour = free_colour(position, seats)
            if account is not None:
                if any(seat.user_id == account.id for seat in seats):
                    raise Conflict("that bot is seated already", code="already_seated")
                await refuse_at_table(rows.conn, account, room)
                name, who = account.display_name, {"user_id": account.id, "bot_account": True}
            else:
                name, who = f"Bot {position + 1}", {"bot": bot}
            rows.add(Seat(room_id=room.id, position=position, name=name, colour=colour, **who))

        return await self._change_seats(room_id, change)

    async def set_options(
        self, room_id: str, *, user: User, seats: int | None, options: JsonDict | None
    ) -> LiveRoom:
        async def change(rows: SeatRows, room: Room, current: list[Seat]) -> None:
            require_host(room, user)
            if room.status != "waiting":
                raise Conflict("options are fixed once the game starts", code="room_not_waiting")
            seat_count = seats if seats is not None else room.seat_count
            if any(seat.position >= seat_count for seat in current):
                raise Conflict(
                    "free the higher seats before lowering the count", code="seats_taken"
                )
            game = self.ctx.game(room.game)
            merged = {**orjson.loads(room.options), **(options or {})}
            try:
                clean = normalize_room_options(game.INFO, seat_count, merged)
            except InvalidOptions as error:
                # 409: the request is well formed (the schema cannot know the room's
                # game); it does not fit this room.
                raise Conflict(str(error), code="invalid_options") from None
            room.seat_count = seat_count
            room.options = dumps(clean)

        return await self._change_seats(room_id, change)

    async def start_game(self, room_id: str, *, user: User) -> LiveRoom:
        async def change(rows: SeatRows, room: Room, seats: list[Seat]) -> None:
            require_host(room, user)
            if room.status != "waiting":
                raise Conflict("this game has already started", code="room_not_waiting")
            if len(seats) != room.seat_count:
                raise Conflict("every seat must be filled (add a bot?)", code="seats_open")
            game = self.ctx.game(room.game)
            fixed = self.ctx.settings.agora_test_seeds.get(room.game)  # test servers only
            seed = str(secrets.randbits(128) if fixed is None else fixed)
            options_all = orjson.loads(room.options)
            options = rules_options(game.INFO, options_all)
            state = game.setup(room.seat_count, options, int(seed))
            room.seed, room.seed_hash = seed, seed_commitment(seed)
            room.state, room.version = dumps(state), 1
            room.status, room.started_at = "playing", datetime.now(UTC)
            room.rated = await rated_at_start(
                rows.conn, room, seats, bool(options_all.get("rated"))
            )
            for seat in seats:
                seat.player_id = seat.user_id

        live = await self._change_seats(room_id, change)
        await publish_versions(self.ctx.hub, live, previous={}, version=live.version)
        return live

    async def close_room(self, room_id: str) -> LiveRoom:
        """Abandon a room whatever its status: no more moves are accepted (admin)."""

        async def change(rows: SeatRows, room: Room, seats: list[Seat]) -> None:
            if room.status in ("finished", "abandoned"):
                raise Conflict(f"the room is already {room.status}", code="room_closed")
            room.status = "abandoned"
            room.finished_at = datetime.now(UTC)

        return await self._change_seats(room_id, change)

    async def replace_with_bot(
        self, room_id: str, *, position: int, bot: str = TAKEOVER_BOT
    ) -> LiveRoom:
        """Hand a seat to a bot (during play); before the start the seat is simply freed."""

        async def change(rows: SeatRows, room: Room, seats: list[Seat]) -> None:
            target = next((seat for seat in seats if seat.position == position), None)
            if target is None:
                raise Conflict("that seat is empty", code="seat_empty")
            if room.status == "waiting":
                if target.user_id == room.host_id:
                    raise Conflict("the host's seat cannot be freed", code="cannot_kick_host")
                rows.delete(target)
            elif room.status == "playing":
                if target.bot:
                    raise Conflict("that seat is already a bot", code="already_bot")
                target.user_id, target.bot, target.forfeit = None, bot, True
                target.name = f"{target.name} (bot)"
            else:
                raise Conflict(f"the room is {room.status}", code="room_closed")

        return await self._change_seats(room_id, change)

    async def time_out(
        self, room_id: str, position: int, version: int, outcome: str | None = None
    ) -> None:
        """A seat's clock ran out at ``version``: the host's ``on_timeout`` applies.

        ``bot``: a bot plays the seat until its player reclaims it (no forfeit).
        ``out``: the player is out (ranks last, like a player who left); a bot plays on.
        ``outcome`` overrides the option (an absent player handed to a bot: ``bot``).
        """

        async def change(rows: SeatRows, room: Room, seats: list[Seat]) -> None:
            target = next((seat for seat in seats if seat.position == position), None)
            if room.version != version or room.status != "playing" or target is None:
                return  # a move came first: the clock did not run out after all
            if target.bot:
                return
            chosen = outcome or orjson.loads(room.options).get("on_timeout", "bot")
            out = chosen == "out"
            target.user_id, target.bot, target.forfeit = None, "random", out
            target.name = f"{target.name} (bot)"

        await self._change_seats(room_id, change)

    async def reclaim(self, room_id: str, *, user: User) -> LiveRoom:
        """A player takes back the seat a bot took when their clock ran out."""

        async def change(rows: SeatRows, room: Room, seats: list[Seat]) -> None:
            if room.status != "playing":
                raise Conflict(f"the room is {room.status}", code="game_not_running")
            if any(seat.user_id == user.id for seat in seats):
                raise Conflict("you already play a seat here", code="already_seated")
            target = next(
                (s for s in seats if s.player_id == user.id and s.bot and not s.forfeit), None
            )
            if target is None:
                raise NotAMember("you have no seat to take back here")
            target.user_id, target.bot, target.name = user.id, None, user.display_name

        return await self._change_seats(room_id, change)


def free_position(seat_count: int, seats: list[Seat]) -> int | None:
    taken = {seat.position for seat in seats}
    return next((p for p in range(seat_count) if p not in taken), None)


def free_colour(position: int, seats: list[Seat]) -> int:
    """The colour for a seat taken at ``position``: its own index when no one else wears
    it (a rematch hands colours over, so it may be taken), else the lowest free one."""
    worn = {position_colour(seat) for seat in seats if seat.position != position}
    if position not in worn:
        return position
    return next(index for index in range(len(seats) + 1) if index not in worn)


def position_colour(seat: Seat) -> int:
    return seat.position if seat.colour is None else seat.colour


def require_host(room: Room, user: User) -> None:
    if room.host_id != user.id and not user.is_admin:
        raise NotHost("only the host can do that")
