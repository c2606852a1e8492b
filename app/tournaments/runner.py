"""Runs tournaments: seats each round in rooms, scores the tables, starts the next round,
and ends the tournament after the last (an arena's waves: app.tournaments.arena).

A round's tables are rooms made through :class:`~app.rooms.service.RoomService` (create
with the tournament's host running it unseated, entrants joined or bots added in seat
order, start), so every room rule (options, clocks, bots, ratings, replay) applies to
tournament games unchanged. Rooms are private: the tournament's answer gives the links.

When a game ends, the process that stored its end hears it at once (the
:class:`~app.rooms.finish.GameFinisher` listener) and settles the tournament; a sweep of
the running tournaments every :data:`SWEEP_SECONDS` in every process catches what a hook
cannot (a room an admin closed, a process that stopped between a game's end and the next
round). Both are safe to run anywhere, any number of times, because each step is one
conditional UPDATE: a table is scored ``WHERE finished = false``, a round starts
``WHERE round = n - 1``, the tournament ends ``WHERE status = 'running'``; the process
whose UPDATE changed the row does the step, the others see it done. A round's rooms are
made by the process that started it; a table still without a room after
:data:`ORPHAN_SECONDS` (that process stopped) is claimed by a sweep and made then.

Scores: :func:`app.tournaments.pairing.place_points` of the game's ranking, forfeited seats
sharing the last places; a room closed before its end scores 0 for every seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

import orjson
from sqlalchemy import select, true, update

from app.db.models import Room, Seat, User
from app.errors import AgoraError
from app.games.interface import JsonDict
from app.tournaments.arena import claim_round, settle_arena
from app.tournaments.models import Tournament, TournamentEntrant, TournamentTable
from app.tournaments.pairing import BYE_POINTS, Round, place_points, robin_round, swiss_round

if TYPE_CHECKING:
    from app.rooms.service import RoomService

log = logging.getLogger(__name__)

SWEEP_SECONDS: Final = 2.0
ORPHAN_SECONDS: Final = 30.0
ENDED: Final = ("finished", "abandoned")


def rowcount(result: Any) -> int:
    return int(result.rowcount)


class TournamentRunner:
    def __init__(self, rooms: RoomService) -> None:
        self.rooms = rooms
        self.sessions = rooms.ctx.sessions
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    # -- lifecycle --------------------------------------------------------------------

    async def is_table(self, room_id: str) -> bool:
        """Whether the room is a tournament's table (its games count: no hints there)."""
        async with self.sessions() as session:
            found = await session.scalar(
                select(TournamentTable.id).where(TournamentTable.room_id == room_id).limit(1)
            )
        return found is not None

    def start(self) -> None:
        self.rooms.finisher.finished.append(self._game_finished)
        self.rooms.hints.forbidders.append(self.is_table)  # a tournament game: no hints
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            self.rooms.finisher.finished.remove(self._game_finished)
        with contextlib.suppress(ValueError):
            self.rooms.hints.forbidders.remove(self.is_table)
        tasks = [*self._tasks, *([self._sweeper] if self._sweeper else [])]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _game_finished(self, room_id: str) -> None:
        self._spawn(self.room_ended(room_id))

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.sweep()
            except Exception:  # a bad sweep must not end the next ones
                log.exception("tournament sweep failed")

    async def sweep(self) -> None:
        async with self.sessions() as session:
            running = list(
                await session.scalars(select(Tournament.id).where(Tournament.status == "running"))
            )
        for tournament_id in running:
            await self.settle(tournament_id, orphans=True)

    async def room_ended(self, room_id: str) -> None:
        try:
            async with self.sessions() as session:
                tournament_id = await session.scalar(
                    select(TournamentTable.tournament_id).where(TournamentTable.room_id == room_id)
                )
            if tournament_id is not None:
                await self.settle(tournament_id)
        except Exception:  # the sweep will try again
            log.exception("settling the tournament of room %s failed", room_id)

    # -- rounds -------------------------------------------------------------------------

    async def settle(self, tournament_id: str, *, orphans: bool = False) -> None:
        """Score this round's ended tables; the round complete, start the next or end."""
        lock = self._locks.setdefault(tournament_id, asyncio.Lock())
        async with lock:
            async with self.sessions() as session:
                tournament = await session.get(Tournament, tournament_id)
                if tournament is None or tournament.status != "running":
                    return
                current = tournament.round
                arena = tournament.format == "arena"  # its waves overlap: every open table
                tables = list(
                    await session.scalars(
                        select(TournamentTable).where(
                            TournamentTable.tournament_id == tournament_id,
                            TournamentTable.round == current if not arena else true(),
                            TournamentTable.finished.is_(False),
                        )
                    )
                )
                waiting = [table for table in tables if table.room_id is None]
                # Statuses first: the rooms (and their states) of ended games only.
                found = await session.execute(
                    select(Room.id, Room.status).where(
                        Room.id.in_([t.room_id for t in tables if t.room_id])
                    )
                )
                status = {row.id: row.status for row in found}
                ended: list[tuple[TournamentTable, Room, list[Seat]]] = []
                for table in tables:
                    if table.room_id is None or status.get(table.room_id) not in ENDED:
                        continue
                    room = await session.get(Room, table.room_id)
                    assert room is not None
                    seats = list(await session.scalars(select(Seat).where(Seat.room_id == room.id)))
                    ended.append((table, room, seats))
                session.expunge_all()
            for table, room, seats in ended:
                await self._score(table, self._points(room, seats))
            if orphans and waiting:
                await self._claim_orphans(tournament, waiting)
            if arena:
                await settle_arena(self, tournament)
            elif len(ended) == len(tables):
                await self._advance(tournament, current)
        if tournament.status != "running":
            self._locks.pop(tournament_id, None)

    def _points(self, room: Room, seats: Sequence[Seat]) -> list[float]:
        if room.status != "finished" or not room.state:
            return [0.0] * room.seat_count  # closed before its end: nobody scores
        result = self.rooms.ctx.game(room.game).result(orjson.loads(room.state)) or {}
        forfeits = {seat.position for seat in seats if seat.forfeit}
        groups = [[s for s in group if s not in forfeits] for group in result.get("ranking", [])]
        return place_points(groups, room.seat_count)  # forfeits are left out: last places

    async def _score(self, table: TournamentTable, points: list[float]) -> None:
        entrants: list[int] = orjson.loads(table.entrants)
        async with self.sessions() as session, session.begin():
            won = await session.execute(
                update(TournamentTable)
                .where(TournamentTable.id == table.id, TournamentTable.finished.is_(False))
                .values(finished=True, points=orjson.dumps(points).decode())
            )
            if rowcount(won) != 1:
                return  # scored by another process meanwhile
            for entrant_id, gained in zip(entrants, points, strict=False):
                await session.execute(
                    update(TournamentEntrant)
                    .where(TournamentEntrant.id == entrant_id)
                    .values(
                        points=TournamentEntrant.points + gained,
                        games=TournamentEntrant.games + 1,
                    )
                )

    async def _advance(self, tournament: Tournament, current: int) -> None:
        if current < (tournament.rounds or 0):
            await self.start_round(tournament.id, current + 1)
            return
        async with self.sessions() as session, session.begin():
            await session.execute(
                update(Tournament)
                .where(
                    Tournament.id == tournament.id,
                    Tournament.status == "running",
                    Tournament.round == current,
                )
                .values(status="finished", finished_at=datetime.now(UTC))
            )
        tournament.status = "finished"

    async def start_round(self, tournament_id: str, number: int) -> bool:
        """Pair round ``number`` and make its rooms; False if it was started already."""
        async with self.sessions() as session, session.begin():
            if not await claim_round(session, tournament_id, number):
                return False
            tournament = await session.get(Tournament, tournament_id)
            assert tournament is not None
            entrants = list(
                await session.scalars(
                    select(TournamentEntrant)
                    .where(TournamentEntrant.tournament_id == tournament_id)
                    .order_by(TournamentEntrant.id)
                )
            )
            history = [
                tuple(orjson.loads(text))
                for text in await session.scalars(
                    select(TournamentTable.entrants).where(
                        TournamentTable.tournament_id == tournament_id,
                        TournamentTable.room_id.is_not(None),
                    )
                )
            ]
            active = [e.id for e in entrants if not e.removed]
            if len(active) < tournament.seat_count:  # removals left no table: it ends here
                tournament.status, tournament.round = "finished", number - 1
                tournament.finished_at = datetime.now(UTC)
                return False
            byes = {e.id: e.byes for e in entrants}
            if tournament.format == "swiss":
                points = {e.id: e.points for e in entrants}
                paired: Round[int] = swiss_round(
                    active, tournament.seat_count, points, history, byes
                )
            else:
                paired = robin_round(active, tournament.seat_count, number - 1, history, byes)
            tables = [
                TournamentTable(
                    tournament_id=tournament_id,
                    round=number,
                    entrants=orjson.dumps(list(seated)).decode(),
                )  # fmt: skip
                for seated in paired.tables
            ]
            session.add_all(tables)
            for entrant_id in paired.byes:
                session.add(
                    TournamentTable(
                        tournament_id=tournament_id, round=number, finished=True,
                        entrants=orjson.dumps([entrant_id]).decode(),
                        points=orjson.dumps([BYE_POINTS]).decode(),
                    )
                )  # fmt: skip
                await session.execute(
                    update(TournamentEntrant)
                    .where(TournamentEntrant.id == entrant_id)
                    .values(
                        points=TournamentEntrant.points + BYE_POINTS,
                        byes=TournamentEntrant.byes + 1,
                    )
                )
            await session.flush()
            session.expunge_all()
        for table in tables:
            await self.make_room(tournament, table)
        return True

    async def _claim_orphans(self, tournament: Tournament, waiting: list[TournamentTable]) -> None:
        cutoff = datetime.now(UTC) - timedelta(seconds=ORPHAN_SECONDS)
        for table in waiting:
            async with self.sessions() as session, session.begin():
                claimed = await session.execute(
                    update(TournamentTable)
                    .where(
                        TournamentTable.id == table.id,
                        TournamentTable.room_id.is_(None),
                        TournamentTable.created_at < cutoff,
                    )
                    .values(created_at=datetime.now(UTC))
                )
            if rowcount(claimed) == 1:
                await self.make_room(tournament, table)

    async def make_room(self, tournament: Tournament, table: TournamentTable) -> None:
        """The table's room: made, named on the table, seated in order and started."""
        entrant_ids: list[int] = orjson.loads(table.entrants)
        async with self.sessions() as session:
            host = await session.get(User, tournament.host_id)
            rows = {
                e.id: e
                for e in await session.scalars(
                    select(TournamentEntrant).where(TournamentEntrant.id.in_(entrant_ids))
                )
            }
            people = {
                u.id: u
                for u in await session.scalars(
                    select(User).where(User.id.in_([e.user_id for e in rows.values() if e.user_id]))
                )
            }
            session.expunge_all()
        assert host is not None
        options: JsonDict = orjson.loads(tournament.options)
        live = await self.rooms.create_room(
            user=host, game_id=tournament.game, seats=tournament.seat_count, options=options,
            private=True, seat_host=False,
        )  # fmt: skip
        # Named on the table before it starts: the game's end always finds its table.
        async with self.sessions() as session, session.begin():
            named = await session.execute(
                update(TournamentTable)
                .where(TournamentTable.id == table.id, TournamentTable.room_id.is_(None))
                .values(room_id=live.id)
            )
        if rowcount(named) != 1:  # another process made this table's room meanwhile
            await self.rooms.close_room(live.id)
            return
        try:
            for entrant_id in entrant_ids:
                entrant = rows[entrant_id]
                person = people.get(entrant.user_id or "")
                if person is not None:
                    try:
                        await self.rooms.join(live.id, user=person, invite_code=live.invite_code)
                        continue
                    except AgoraError as error:  # banned, blocked...: a bot plays the seat
                        log.warning("entrant %s not seated: %s", entrant_id, error.code)
                await self.rooms.add_bot(live.id, user=host, bot=entrant.bot or "random")
            await self.rooms.start_game(live.id, user=host)
        except Exception:
            # A table that cannot start is closed: it scores 0 and the round goes on.
            log.exception(
                "tournament %s: the room of table %s did not start", tournament.id, table.id
            )
            with contextlib.suppress(Exception):
                await self.rooms.close_room(live.id)
