"""Rematch: at the end of a game, one click proposes the same table again.

The proposal is a request (:mod:`.requests`) the other players accept or decline;
proposing while another player's proposal is open accepts it. When everyone agreed, a
new room is created with the same game, options and privacy, every seat rotated by one
(the player of seat ``n`` takes seat ``n + 1``, so another player is first wherever the
rules give seat 0 the first turn), bots staying bots; then it starts, and the old room
is told ``{"type": "request", "request": {"status": "accepted", "new_room": id}}`` so
every client moves there.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import get_user
from app.db.models import Room, RoomRequest, Seat, User
from app.errors import Conflict, NotAMember
from app.games.interface import JsonDict
from app.ids import new_id, new_invite_code
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext, dumps
from app.rooms.live import LiveRoom
from app.rooms.requests import (
    announce_request,
    decide,
    locked_room_request,
    request_json,
    vote,
    voters,
)

StartGame = Callable[..., Awaitable[LiveRoom]]


class Rematch:
    def __init__(self, ctx: RoomContext, cache: RoomCache, *, start_game: StartGame) -> None:
        self.ctx = ctx
        self.cache = cache
        self.start_game = start_game

    async def propose(self, room_id: str, *, user: User) -> JsonDict:
        live, seat = await self._finished_seat(room_id, user)
        async with self.ctx.transaction() as session:
            row = await locked_room_request(session, room_id, "rematch")
            if row is not None and row.status == "accepted":
                return await self._announced(room_id, row)
            if row is not None and row.status == "open" and row.seat != seat:
                vote(row, seat, True, voters(live, row.seat))  # answering a proposal
            elif row is None or row.status != "open":
                row = RoomRequest(
                    room_id=room_id, kind="rematch", seat=seat, user_id=user.id,
                    version=live.version, votes="{}", status="open",
                )  # fmt: skip
                session.add(row)
                await session.flush()
                if not voters(live, seat):
                    decide(row, "accepted")
            if row.status == "accepted":
                row.new_room_id = await self._new_room(session, live, row)
        return await self._after(room_id, row)

    async def answer(self, room_id: str, *, user: User, accept: bool) -> JsonDict:
        live, seat = await self._finished_seat(room_id, user)
        async with self.ctx.transaction() as session:
            row = await locked_room_request(session, room_id, "rematch")
            if row is None or row.status != "open":
                raise Conflict("no rematch is proposed", code="no_request")
            if seat == row.seat:
                if accept:
                    raise Conflict("the others answer your proposal", code="own_request")
                decide(row, "cancelled")
            else:
                vote(row, seat, accept, voters(live, row.seat))
                if row.status == "accepted":
                    row.new_room_id = await self._new_room(session, live, row)
        return await self._after(room_id, row)

    async def _finished_seat(self, room_id: str, user: User) -> tuple[LiveRoom, int]:
        live = await self.cache.live(room_id)
        seat = live.seat_of(user.id)
        if seat is None:
            raise NotAMember("you have no seat in this room")
        if live.status != "finished":
            raise Conflict("a rematch follows a finished game", code="game_not_finished")
        return live, seat

    async def _new_room(self, session: AsyncSession, live: LiveRoom, row: RoomRequest) -> str:
        """The new room and its rotated seats, in the transaction that accepts the rematch."""
        room_id = new_id()
        host = live.host_id if live.seat_of(live.host_id) is not None else row.user_id
        session.add(
            Room(
                id=room_id, invite_code=new_invite_code(), game=live.game_id,
                rules_version=live.game.INFO.version, options=dumps(live.options),
                seat_count=live.seat_count, private=live.private, host_id=host,
                status="waiting",
            )
        )  # fmt: skip
        await session.flush()
        for seat in live.seats:
            # The first move rotates; each player keeps their colour (issue 43).
            position = (seat.position + 1) % live.seat_count
            colour = seat.position if seat.colour is None else seat.colour
            if seat.user_id:
                session.add(
                    Seat(
                        room_id=room_id, position=position, user_id=seat.user_id,
                        name=seat.name, colour=colour, bot_account=seat.bot_account,
                    )
                )  # fmt: skip
            else:
                name, bot = f"Bot {position + 1}", seat.bot or "random"
                session.add(
                    Seat(room_id=room_id, position=position, bot=bot, name=name, colour=colour)
                )
        return room_id

    async def _after(self, room_id: str, row: RoomRequest) -> JsonDict:
        """Start an accepted rematch (everyone agreed: no need to wait), then announce."""
        if row.status == "accepted" and row.new_room_id:
            fresh = await self.cache.live(row.new_room_id)
            if fresh.status == "waiting":
                async with self.ctx.sessions() as session:
                    host = await get_user(session, fresh.host_id)
                if host is not None:
                    try:
                        await self.start_game(row.new_room_id, user=host)
                    except Conflict:
                        pass  # started meanwhile by another answer
        return await self._announced(room_id, row)

    async def _announced(self, room_id: str, row: RoomRequest) -> JsonDict:
        data = request_json(row)
        assert data is not None
        await announce_request(self.ctx.hub, room_id, data)
        return data
