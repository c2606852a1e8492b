"""Arena tournaments: for a fixed time, entrants who are free are seated at once.

Lichess's arena, for tables of any size: while the arena runs, whenever at least a table's
worth of entrants are free (not at a table whose game goes on), they are seated together,
closest scores first (sorted by points, then by entry), and a leftover waits for the next
game to end. After ``duration_minutes`` from the start no table is made; the games in play
finish, are scored, and the arena ends. Points by place, as in every format
(:func:`app.tournaments.pairing.place_points`); no byes.

The rounds of the other formats are the arena's *waves*: each batch of tables made at
once is one, claimed like a round (``UPDATE ... SET round = n WHERE round = n - 1``), and
the free entrants are read inside that same transaction, after the claim: two processes
settling the same arena at once make one wave, and nobody is seated twice (the other
wave's tables are committed before this claim can see its round). Scoring, orphan rooms
and the room-end hook are the runner's (:class:`~app.tournaments.runner.TournamentRunner`).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import orjson
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import aware
from app.tournaments.models import Tournament, TournamentEntrant, TournamentTable

if TYPE_CHECKING:
    from app.tournaments.runner import TournamentRunner


def over(tournament: Tournament, now: datetime) -> bool:
    """Whether the arena's time is up (no table is made after it)."""
    if tournament.started_at is None:
        return False
    ends = aware(tournament.started_at) + timedelta(minutes=tournament.duration_minutes or 0)
    return now >= ends


def seat_free(free: list[TournamentEntrant], seats: int) -> list[list[int]]:
    """The free entrants in tables of ``seats``, closest scores together; a leftover waits."""
    ordered = sorted(free, key=lambda entrant: (-entrant.points, entrant.id))
    tables = len(ordered) // seats
    return [[e.id for e in ordered[n * seats : (n + 1) * seats]] for n in range(tables)]


async def claim_round(session: AsyncSession, tournament_id: str, number: int) -> bool:
    """Move a running tournament from round ``number - 1`` to ``number`` (an arena's wave
    too); False if another process (or click) did it first."""
    won = await session.execute(
        update(Tournament)
        .where(
            Tournament.id == tournament_id,
            Tournament.status == "running",
            Tournament.round == number - 1,
        )
        .values(round=number)
    )
    return int(won.rowcount) == 1  # type: ignore[attr-defined]


async def settle_arena(runner: TournamentRunner, tournament: Tournament) -> None:
    """After the runner scored the ended tables: seat the free, or end when time is up."""
    async with runner.sessions() as session:
        playing = await session.scalar(
            select(TournamentTable.id)
            .where(
                TournamentTable.tournament_id == tournament.id,
                TournamentTable.finished.is_(False),
            )
            .limit(1)
        )
    if over(tournament, datetime.now(UTC)):
        if playing is None:
            await finish(runner, tournament)
        return
    await start_wave(runner, tournament.id, tournament.round + 1)


async def start_wave(runner: TournamentRunner, tournament_id: str, number: int) -> bool:
    """Seat every free entrant in tables (wave ``number``); False if none was made."""
    async with runner.sessions() as session, session.begin():
        if not await claim_round(session, tournament_id, number):
            return False  # another process made this wave
        tournament = await session.get(Tournament, tournament_id)
        assert tournament is not None
        busy: set[int] = set()
        for text in await session.scalars(
            select(TournamentTable.entrants).where(
                TournamentTable.tournament_id == tournament_id,
                TournamentTable.finished.is_(False),
            )
        ):
            busy.update(orjson.loads(text))
        free = [
            entrant
            for entrant in await session.scalars(
                select(TournamentEntrant).where(
                    TournamentEntrant.tournament_id == tournament_id,
                    TournamentEntrant.removed.is_(False),
                )
            )
            if entrant.id not in busy
        ]
        seated = seat_free(free, tournament.seat_count)
        if not seated:
            tournament.round = number - 1  # nothing to make: the wave is not used up
            return False
        tables = [
            TournamentTable(
                tournament_id=tournament_id, round=number, entrants=orjson.dumps(ids).decode()
            )
            for ids in seated
        ]
        session.add_all(tables)
        await session.flush()
        session.expunge_all()
    for table in tables:
        await runner.make_room(tournament, table)
    return True


async def finish(runner: TournamentRunner, tournament: Tournament) -> None:
    async with runner.sessions() as session, session.begin():
        await session.execute(
            update(Tournament)
            .where(Tournament.id == tournament.id, Tournament.status == "running")
            .values(status="finished", finished_at=datetime.now(UTC))
        )
    tournament.status = "finished"
