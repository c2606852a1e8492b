"""Notifications in one place: what is waiting on a player now, and which kinds they want.

``GET /api/me/notifications`` answers ``{"items": [...], "settings": {...}}``. Built from
state, as the program's event stream is (app.social.events): an item is something true
now, and it goes away when it stops being true. So any process answers the same, a
client that was away misses nothing that still matters, and nothing is written when a
move is made or a challenge sent. The kinds:

- ``your_turn``: a running game where the player's seat is to act (the same reading of
  the rooms as "My games", app.rooms.my_games); id ``your_turn:<room>``, so a turn that
  ends and comes back later is a new item once the client saw it gone;
- ``challenge``: an open challenge to the player (app.social.challenges);
- ``tournament_round``: a round of a tournament the player is in has started and their
  table is ready (:func:`tournament_rounds`);
- ``friend_online``: a player they follow is online at a table they may open
  (app.social.follows; a private table's id is never shown to a stranger).

Each item: ``id`` (stable while the item lasts: the client shows each once), ``kind``,
``url`` (where it leads), ``at`` (when it became true, where known: the room's last
move, the challenge's sending; a friend online: the time of the answer) and the data the
client words it with (no sentence comes from the server: the page translates).

Settings: each kind on or off, per account (:class:`NotificationSettings`); off kinds
are neither computed nor returned. Guests: only ``your_turn`` (a guest cannot be
challenged, follow or enter a tournament: only accounts have a name to be found by),
with the defaults; saving settings takes an account (403 ``account_required``).

Cost per call: one indexed query for the settings, one for the playing rooms of the
player (``seats.user_id``), the open challenges to them (``challenges.to_user_id``), and
for friends the follows listing (its indexed queries plus one presence read per table).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final

import orjson
from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Room, Seat, User, aware
from app.games.interface import JsonDict
from app.rooms.my_games import describe
from app.social.blocks import require_account
from app.social.challenges import Challenges
from app.social.follows import Follows
from app.social.notification_models import DEFAULTS, KINDS, NotificationSettings
from app.tournaments.models import Tournament, TournamentEntrant, TournamentTable

if TYPE_CHECKING:
    from app.rooms.service import RoomService

MAX_GAMES: Final = 100  # running games read for "your turn", the most recently moved first
GUEST_KINDS: Final = frozenset({"your_turn"})


async def read_settings(session: AsyncSession, user: User) -> dict[str, bool]:
    row = await session.get(NotificationSettings, user.id)
    if row is None:
        return dict(DEFAULTS)
    return {kind: bool(getattr(row, kind)) for kind in KINDS}


async def tournament_rounds(session: AsyncSession, user: User) -> list[JsonDict]:
    """The tournament rounds ``user`` plays that have started, as items: a table of the
    running round of a tournament they entered, with its room made and its game not over.
    Two indexed reads (their entries, then those tournaments' tables); the table's
    entrants are a short JSON list read here."""
    entries = (
        await session.execute(
            select(TournamentEntrant.id, TournamentEntrant.tournament_id).where(
                TournamentEntrant.user_id == user.id, TournamentEntrant.removed.is_(False)
            )
        )
    ).all()
    if not entries:
        return []
    mine = {entry.id for entry in entries}
    tables = await session.execute(
        select(TournamentTable)
        .join(Tournament, Tournament.id == TournamentTable.tournament_id)
        .where(
            TournamentTable.tournament_id.in_({entry.tournament_id for entry in entries}),
            Tournament.status == "running",
            TournamentTable.round == Tournament.round,
            TournamentTable.room_id.is_not(None),
            TournamentTable.finished.is_(False),
        )
    )
    items = []
    for table in tables.scalars():
        if mine.isdisjoint(orjson.loads(table.entrants)):
            continue
        items.append(
            {
                "id": f"tournament_round:{table.tournament_id}:{table.round}",
                "kind": "tournament_round",
                "url": f"/r/{table.room_id}",
                "at": aware(table.created_at).isoformat(),
                "tournament_id": table.tournament_id,
                "round": table.round,
                "room_id": table.room_id,
            }
        )
    return items


class Notifications:
    def __init__(self, rooms: RoomService) -> None:
        self.rooms = rooms
        self.sessions = rooms.ctx.sessions

    async def settings(self, user: User) -> dict[str, bool]:
        async with self.sessions() as session:
            return await read_settings(session, user)

    async def save_settings(self, user: User, wanted: dict[str, bool]) -> dict[str, bool]:
        """Store the four switches (an upsert: two tabs saving at once both succeed)."""
        require_account(user, "choose their notifications")
        values: dict[str, Any] = {kind: bool(wanted[kind]) for kind in KINDS}
        values["updated_at"] = datetime.now(UTC)
        async with self.sessions() as session, session.begin():
            # Both stores speak INSERT ... ON CONFLICT (SQLite since 3.24).
            dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
            await session.execute(
                dialect.insert(NotificationSettings)
                .values(user_id=user.id, **values)
                .on_conflict_do_update(index_elements=["user_id"], set_=values)
            )
        return {kind: values[kind] for kind in KINDS}

    async def pending(self, user: User) -> JsonDict:
        """What is waiting on ``user`` now (the kinds they want), newest first."""
        async with self.sessions() as session:
            settings = await read_settings(session, user)
            wanted = {k for k, on in settings.items() if on}
            if user.is_guest:
                wanted &= GUEST_KINDS
            items = await your_turns(session, user) if "your_turn" in wanted else []
            if "tournament_round" in wanted:
                items += await tournament_rounds(session, user)
        # One session at a time: SQLite serves the app on a single connection.
        if "challenge" in wanted:
            items += await self._challenges(user)
        if "friend_online" in wanted:
            items += await self._friends(user)
        items.sort(key=lambda item: datetime.fromisoformat(str(item["at"])), reverse=True)
        return {"items": items, "settings": settings}

    async def _challenges(self, user: User) -> list[JsonDict]:
        mine = await Challenges(self.rooms).mine(user)
        return [
            {
                "id": f"challenge:{c['id']}",
                "kind": "challenge",
                "url": "/my-games#challenges",
                "at": c["created_at"],
                "challenge_id": c["id"],
                "from": (c["from"] or {}).get("name"),
                "game": c["game"],
                "game_name": c["game_name"],
            }
            for c in mine["incoming"]
        ]

    async def _friends(self, user: User) -> list[JsonDict]:
        now = datetime.now(UTC).isoformat()
        people = await Follows(self.sessions, self.rooms.hub).following(user)
        return [
            {
                "id": f"friend_online:{person['name']}:{person['room_id']}",
                "kind": "friend_online",
                "url": f"/r/{person['room_id']}",
                "at": now,
                "name": person["name"],
                "display_name": person["display_name"],
                "room_id": person["room_id"],
            }
            for person in people
            if person["online"] and person["room_id"]
        ]


async def your_turns(session: AsyncSession, user: User) -> list[JsonDict]:
    """The running games where ``user``'s seat is to act (one query on ``seats.user_id``)."""
    rows = await session.execute(
        select(Room, Seat)
        .join(Seat, Seat.room_id == Room.id)
        .where(Seat.user_id == user.id, Room.status == "playing")
        .order_by(Room.updated_at.desc())
        .limit(MAX_GAMES)
    )
    items = []
    for room, seat in rows:
        game = describe(room, [seat], user.id)
        if game is None or not game["your_turn"]:
            continue
        items.append(
            {
                "id": f"your_turn:{room.id}",
                "kind": "your_turn",
                "url": f"/r/{room.id}",
                "at": aware(room.updated_at).isoformat(),
                "room_id": room.id,
                "game": room.game,
                "game_name": game["game_name"],
            }
        )
    return items
