"""One-click play: a game against bots, or a seat at the fullest open public table.

Built only on :class:`RoomService`'s public commands (create, join, add a bot, start), so
every rule about rooms (who may join, seat limits, starting) stays in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.db.models import User
from app.errors import AgoraError
from app.games.interface import JsonDict
from app.rooms import repository
from app.rooms.live import LiveRoom

if TYPE_CHECKING:
    from app.rooms.service import RoomService


async def play_against_bots(
    rooms: RoomService,
    *,
    user: User,
    game_id: str,
    seats: int,
    bot: str,
    options: JsonDict | None = None,
) -> LiveRoom:
    """A private room where ``user`` has seat 0 and bots fill the rest; already started."""
    live = await rooms.create_room(
        user=user, game_id=game_id, seats=seats, options=options, private=True
    )
    for _ in range(seats - 1):
        live = await rooms.add_bot(live.id, user=user, bot=bot)
    return await rooms.start_game(live.id, user=user)


async def join_a_table(rooms: RoomService, *, user: User, game_id: str, seats: int) -> LiveRoom:
    """Seat ``user`` at the fullest public table of ``game_id`` that still waits for players.

    The user's own waiting table of that game wins (clicking twice does not open a second
    one); without any open table a new public one with ``seats`` seats is created.
    """
    # Read in a short transaction of its own, closed before the service writes (SQLite
    # serves one connection at a time).
    async with rooms.transaction() as session:
        waiting = [
            room
            for room in await repository.lobby_rooms(session, limit=500)
            if room.game == game_id and room.status == "waiting"
        ]
        taken = await repository.seats_by_room(session, [room.id for room in waiting])
    for room in waiting:
        if any(seat.user_id == user.id for seat in taken[room.id]):
            return await rooms.live(room.id)
    open_tables = [room for room in waiting if len(taken[room.id]) < room.seat_count]
    # Fullest first; among equals the oldest, which has waited longest.
    open_tables.sort(key=lambda room: (-len(taken[room.id]), room.created_at))
    for room in open_tables:
        try:
            return await rooms.join(room.id, user=user, invite_code=None)
        except AgoraError:
            continue  # filled or started since we looked: try the next one
    return await rooms.create_room(
        user=user, game_id=game_id, seats=seats, options=None, private=False
    )
