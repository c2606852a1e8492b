"""What a tournament looks like from outside: its settings, standings and tables (JSON).

``GET /api/tournaments/{id}`` answers :func:`tournament_json`: ``status``, ``standings``
(``name``, ``points``, ``games``, ``rank``: equal points and tie-break share a rank; the
tie-break is the points of everyone the entrant sat with, each time, Buchholz style) and
``tables`` (every table of every round, newest round first, with its room's link to
watch and, once scored, the points by seat) and ``byes`` (who sat out which round). Read from
the database on every call, so any process answers the same.
"""

from __future__ import annotations

from typing import Any, Final

import orjson
from sqlalchemy import select

from app.db.models import Room, User, aware
from app.games.interface import JsonDict
from app.games.registry import UnknownGame, get_game
from app.i18n import LANGUAGES
from app.tournaments.models import Tournament, TournamentEntrant, TournamentTable
from app.tournaments.pairing import opponents_points, ranks
from app.tournaments.service import Tournaments, may_see_private

LISTED: Final = 100  # the list shows the newest this many


def game_name(game_id: str) -> JsonDict:
    try:
        return dict(get_game(game_id, include_test_games=True).INFO.name)
    except UnknownGame:  # a game no longer served
        return dict.fromkeys(LANGUAGES, game_id)


def when(moment: Any) -> str | None:
    return None if moment is None else aware(moment).isoformat()


def summary(row: Tournament, root: str, *, entrants: int, host: User | None) -> JsonDict:
    url = f"{root}/tournaments/{row.id}"
    return {
        "id": row.id,
        "url": url,
        "game": row.game,
        "game_name": game_name(row.game),
        "seats": row.seat_count,
        "format": row.format,
        "rounds": row.rounds,
        "round": row.round,
        "duration_minutes": row.duration_minutes,
        "options": orjson.loads(row.options),
        "rated": row.rated,
        "private": row.private,
        # A paused tournament is running, held: no new table until the host resumes.
        "status": "running" if row.status == "paused" else row.status,
        "paused": row.status == "paused",
        "entrants": entrants,
        "host": None if host is None else {"id": host.id, "name": host.display_name},
        "created_at": when(row.created_at),
        "started_at": when(row.started_at),
        "finished_at": when(row.finished_at),
    }


def standings(entrants: list[TournamentEntrant], played: list[list[int]]) -> list[JsonDict]:
    points = {e.id: e.points for e in entrants}
    tiebreak = {e.id: opponents_points(e.id, played, points) for e in entrants}
    places = ranks([(points[e.id], tiebreak[e.id]) for e in entrants])
    rows = [
        {
            "id": e.id,
            "name": e.name,
            "points": round(e.points, 4),
            "games": e.games,
            "byes": e.byes,
            "rank": place,
            "tiebreak": round(tiebreak[e.id], 4),
            "bot": e.bot,
            "user_id": e.user_id,
            "removed": e.removed,
        }  # fmt: skip
        for e, place in zip(entrants, places, strict=True)
    ]
    return sorted(rows, key=lambda row: (row["rank"], row["id"]))


class Standings:
    def __init__(self, service: Tournaments) -> None:
        self.service = service
        self.sessions = service.sessions

    async def get(
        self, user: User | None, tournament_id: str, code: str | None, root: str
    ) -> JsonDict:
        async with self.sessions() as session:
            row = await self.service.visible(session, user, tournament_id, code)
            host = await session.get(User, row.host_id)
            entrants = list(
                await session.scalars(
                    select(TournamentEntrant)
                    .where(TournamentEntrant.tournament_id == row.id)
                    .order_by(TournamentEntrant.id)
                )
            )
            tables = list(
                await session.scalars(
                    select(TournamentTable)
                    .where(TournamentTable.tournament_id == row.id)
                    .order_by(TournamentTable.round.desc(), TournamentTable.id)
                )
            )
            room_ids = [t.room_id for t in tables if t.room_id]
            rooms = {
                room.id: (room.invite_code, room.status)
                for room in await session.execute(
                    select(Room.id, Room.invite_code, Room.status).where(Room.id.in_(room_ids))
                )
            }
        names = {e.id: e.name for e in entrants}
        seated = [orjson.loads(t.entrants) for t in tables]
        played = [ids for t, ids in zip(tables, seated, strict=True) if t.room_id]
        out = summary(row, root, entrants=len(entrants), host=host)
        out["standings"] = standings(entrants, played)
        out["tables"] = [
            table_json(table, ids, names, rooms.get(table.room_id))
            for table, ids in zip(tables, seated, strict=True)
            if table.room_id  # a bye, or a table whose room is being made
        ]
        out["byes"] = [
            {"round": table.round, "entrant": {"id": ids[0], "name": names.get(ids[0], "?")},
             "points": orjson.loads(table.points or "[0]")[0]}
            for table, ids in zip(tables, seated, strict=True)
            if table.room_id is None and table.finished
        ]  # fmt: skip
        if row.status == "finished":
            out["winners"] = [s["name"] for s in out["standings"] if s["rank"] == 1]
        mine = next((e for e in entrants if user is not None and e.user_id == user.id), None)
        out["you"] = {
            "host": user is not None and user.id == row.host_id,
            "admin": bool(user is not None and user.is_admin),
            "entrant": None if mine is None else mine.id,
            "left": bool(mine is not None and mine.removed),
            # The table the player should be at now (a game of theirs not over).
            "table": next(
                (
                    table["url"]
                    for table in out["tables"]
                    if mine is not None
                    and not mine.removed  # left: a bot plays out the game it was at
                    and not table["finished"]
                    and table["room_status"] in ("waiting", "playing")
                    and mine.id in {e["id"] for e in table["entrants"]}
                ),
                None,
            ),
        }
        if may_see_private(row, user, code) or mine is not None:
            out["invite_url"] = f"{out['url']}?code={row.invite_code}"
        return out

    async def listing(self, root: str) -> list[JsonDict]:
        """Public tournaments waiting for entrants or running, newest first."""
        async with self.sessions() as session:
            rows = list(
                await session.scalars(
                    select(Tournament)
                    .where(
                        Tournament.private.is_(False),
                        Tournament.status.in_(("waiting", "running", "paused")),
                    )
                    .order_by(Tournament.created_at.desc())
                    .limit(LISTED)
                )
            )
            ids = [row.id for row in rows]
            counts: dict[str, int] = {}
            for tournament_id in await session.scalars(
                select(TournamentEntrant.tournament_id).where(
                    TournamentEntrant.tournament_id.in_(ids)
                )
            ):
                counts[tournament_id] = counts.get(tournament_id, 0) + 1
            hosts = {
                u.id: u
                for u in await session.scalars(
                    select(User).where(User.id.in_({row.host_id for row in rows}))
                )
            }
        return [
            summary(row, root, entrants=counts.get(row.id, 0), host=hosts.get(row.host_id))
            for row in rows
        ]


def table_json(
    table: TournamentTable, ids: list[int], names: dict[int, str], room: tuple[str, str] | None
) -> JsonDict:
    points = orjson.loads(table.points) if table.points else None
    return {
        "round": table.round,
        "room_id": table.room_id,
        "url": None if room is None else f"/r/{table.room_id}?code={room[0]}",
        "room_status": None if room is None else room[1],
        "entrants": [{"id": i, "name": names.get(i, "?")} for i in ids],
        "points": points,
        "finished": table.finished,
    }
