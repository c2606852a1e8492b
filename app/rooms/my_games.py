""" "My games": every running game of a user, whose turn it is and the time left.

Read straight from the database (any process answers the same): the rooms where the
user holds a seat, or a seat a bot took when their clock ran out (they may reclaim
it). Sorted "your turn first", then by the time left on the clock that runs.
"""

from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Room, Seat
from app.games.interface import JsonDict
from app.games.registry import UnknownGame, get_game


async def my_games(session: AsyncSession, user_id: str, *, limit: int = 100) -> list[JsonDict]:
    rooms = (
        (
            await session.scalars(
                select(Room)
                .join(Seat, Seat.room_id == Room.id)
                .where(
                    Room.status == "playing",
                    or_(
                        Seat.user_id == user_id,
                        (Seat.player_id == user_id) & Seat.bot.is_not(None) & ~Seat.forfeit,
                    ),
                )
                .order_by(Room.updated_at.desc())
                .limit(limit)
            )
        )
        .unique()
        .all()
    )
    if not rooms:
        return []
    seats = await session.scalars(select(Seat).where(Seat.room_id.in_([r.id for r in rooms])))
    by_room: dict[str, list[Seat]] = {}
    for seat in seats:
        by_room.setdefault(seat.room_id, []).append(seat)
    described = (describe(room, by_room.get(room.id, []), user_id) for room in rooms)
    games = [entry for entry in described if entry is not None]
    games.sort(key=lambda g: (not g["your_turn"], g["expires_at"] or float("inf")))
    return games


def describe(room: Room, seats: list[Seat], user_id: str) -> JsonDict | None:
    try:
        game = get_game(room.game, include_test_games=True)
    except UnknownGame:
        return None
    if not room.state:
        return None
    to_act = sorted(game.to_act(orjson.loads(room.state)))
    mine = next((s for s in seats if s.user_id == user_id), None)
    away = next((s for s in seats if s.player_id == user_id and s.bot and not s.forfeit), None)
    seat = mine.position if mine is not None else None
    timers: dict[str, Any] = orjson.loads(room.timers) if room.timers else {}
    clock = timers.get("clock") or {}
    running = [
        since + left
        for position, (since, left) in enumerate(
            zip(clock.get("since", []), clock.get("remaining", []), strict=False)
        )
        if since is not None and (seat is None or position == seat or seat not in to_act)
    ]
    names = {s.position: s.name for s in seats}
    return {
        "id": room.id,
        "game": room.game,
        "game_name": game.INFO.name,
        "seat": seat,
        "reclaimable": mine is None and away is not None,
        "to_act": to_act,
        "to_act_names": [names.get(position, "") for position in to_act],
        "your_turn": seat is not None and seat in to_act,
        "clock": clock.get("mode"),
        "expires_at": min(running) if running else None,
        "version": room.version,
    }
