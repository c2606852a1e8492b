"""One-click play: a game against bots, or a seat at the fullest open public table.

Built only on :class:`RoomService`'s public commands (create, join, add a bot, start), so
every rule about rooms (who may join, seat limits, starting) stays in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.db.models import User
from app.errors import AgoraError
from app.games.interface import JsonDict
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
    # The lobby's rows (kept in memory, at most a second old), not a query of every
    # public room with its state; a table filled or started since is skipped below.
    waiting = [
        row
        for row in await rooms.lobby.rows()
        if row["game"] == game_id and row["status"] == "waiting"
    ]
    for row in waiting:
        if any(seat["user_id"] == user.id for seat in row["seats"]):
            return await rooms.live(row["id"])
    taken = {row["id"]: sum(seat["kind"] != "open" for seat in row["seats"]) for row in waiting}
    open_tables = [row for row in waiting if taken[row["id"]] < row["seat_count"]]
    # Fullest first; among equals the least recently active, which has waited longest
    # (the lobby lists the most recently active first, and the sort is stable).
    open_tables.reverse()
    open_tables.sort(key=lambda row: -taken[row["id"]])
    for row in open_tables:
        try:
            return await rooms.join(row["id"], user=user, invite_code=None)
        except AgoraError:
            continue  # filled or started since we looked: try the next one
    return await rooms.create_room(
        user=user, game_id=game_id, seats=seats, options=None, private=False
    )
