"""Tournament commands: create, join, add bots, start, remove an entrant, cancel.

Any account hosts (guests have no name to come back to); the host and admins run a
tournament. People join while it waits (a private one needs its invite code, like a
private room; a rated one needs an account), and the host adds bot entrants at a level
of :data:`app.bots.BOTS`. Starting needs at least one full table of entrants; a swiss
tournament plays the ``rounds`` asked for, a round robin the rounds of its schedule
(:func:`app.tournaments.pairing.robin_schedule`, fixed at the start), and the
:class:`~app.tournaments.runner.TournamentRunner` plays them.

An arena (``duration_minutes``, players seated as they free up) runs by
:mod:`app.tournaments.arena`.

Every state change is one conditional UPDATE on the status it expects, so a double click
or two processes get one change and a 409 (``tournament_not_waiting``).
"""

from __future__ import annotations

import contextlib
import secrets
from datetime import UTC, datetime
from typing import Final

import orjson
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.bot_accounts import refuse_public_seat
from app.bots import BOTS
from app.db.models import User
from app.errors import AgoraError, Conflict, Forbidden, InvalidRequest, NotFound
from app.games.interface import InvalidOptions, JsonDict
from app.ids import new_id, new_invite_code
from app.rooms.room_options import normalize_room_options
from app.text import valid_invite_code
from app.tournaments.arena import start_wave
from app.tournaments.models import Tournament, TournamentEntrant, TournamentTable
from app.tournaments.pairing import robin_schedule
from app.tournaments.runner import TournamentRunner, rowcount

FORMATS: Final = ("arena", "swiss", "round_robin")
MAX_ENTRANTS: Final = {"arena": 64, "swiss": 64, "round_robin": 16}
MAX_ROUNDS: Final = 20
MIN_MINUTES: Final = 5
MAX_MINUTES: Final = 24 * 60


class TournamentNotFound(NotFound):
    code = "tournament_not_found"


class NotTournamentHost(Forbidden):
    code = "not_tournament_host"


class Tournaments:
    def __init__(self, runner: TournamentRunner) -> None:
        self.runner = runner
        self.rooms = runner.rooms
        self.sessions = runner.sessions

    async def create(
        self, user: User, *, game_id: str, seats: int, format: str, rounds: int | None,
        duration_minutes: int | None, options: JsonDict | None, rated: bool, private: bool,
    ) -> Tournament:  # fmt: skip
        if user.is_guest:
            raise Forbidden("only accounts can host a tournament", code="account_required")
        game = self.rooms.ctx.game(game_id)
        if format not in FORMATS:
            raise InvalidRequest(
                f"format must be one of {', '.join(FORMATS)}", code="invalid_format"
            )
        if not 2 <= seats or not game.INFO.min_seats <= seats <= game.INFO.max_seats:
            raise InvalidRequest(
                f"{game_id} tables have {max(2, game.INFO.min_seats)} to"
                f" {game.INFO.max_seats} seats",
                code="invalid_seats",
            )
        if format == "swiss" and (rounds is None or not 1 <= rounds <= MAX_ROUNDS):
            raise InvalidRequest(
                f"a swiss tournament needs rounds, 1 to {MAX_ROUNDS}", code="invalid_rounds"
            )
        if format == "arena" and (
            duration_minutes is None or not MIN_MINUTES <= duration_minutes <= MAX_MINUTES
        ):
            raise InvalidRequest(
                f"an arena needs duration_minutes, {MIN_MINUTES} to {MAX_MINUTES}",
                code="invalid_duration",
            )
        try:
            clean = normalize_room_options(game.INFO, seats, {**(options or {}), "rated": rated})
        except InvalidOptions as error:
            raise InvalidRequest(str(error), code="invalid_options") from None
        row = Tournament(
            id=new_id(), invite_code=new_invite_code(), host_id=user.id, game=game_id,
            seat_count=seats, format=format, rounds=rounds if format == "swiss" else None,
            duration_minutes=duration_minutes if format == "arena" else None,
            options=orjson.dumps(clean).decode(), rated=rated, private=private,
            status="waiting", round=0, created_at=datetime.now(UTC),
        )  # fmt: skip
        async with self.sessions() as session, session.begin():
            session.add(row)
        return row

    async def join(self, user: User, tournament_id: str, invite_code: str | None) -> None:
        try:
            async with self.sessions() as session, session.begin():
                tournament = await self.visible(session, user, tournament_id, invite_code)
                if tournament.rated and user.is_guest:
                    raise Forbidden("a rated tournament is for accounts", code="account_required")
                # A bot account enters the tournaments that invite it (a private one's
                # code), not public ones by itself: the rule of the rooms (issue 37).
                refuse_public_seat(user, private=tournament.private)
                self._require_waiting(tournament)
                mine = await session.scalar(
                    select(TournamentEntrant.id).where(
                        TournamentEntrant.tournament_id == tournament_id,
                        TournamentEntrant.user_id == user.id,
                    )
                )
                if mine is not None:
                    return  # joining twice is a no-op
                await self._room_for_one_more(session, tournament)
                session.add(
                    TournamentEntrant(
                        tournament_id=tournament_id, user_id=user.id, name=user.display_name,
                        joined_at=datetime.now(UTC),
                    )
                )  # fmt: skip
        except IntegrityError:
            return  # the same player's other request entered them meanwhile

    async def add_bot(self, user: User, tournament_id: str, level: str) -> None:
        if level not in BOTS:
            raise InvalidRequest(f"level must be one of {', '.join(BOTS)}", code="unknown_bot")
        async with self.sessions() as session, session.begin():
            tournament = await self._hosted(session, user, tournament_id)
            self._require_waiting(tournament)
            await self._room_for_one_more(session, tournament)
            taken = set(
                await session.scalars(
                    select(TournamentEntrant.name).where(
                        TournamentEntrant.tournament_id == tournament_id,
                        TournamentEntrant.bot.is_not(None),
                    )
                )
            )
            number = next(n for n in range(1, len(taken) + 2) if f"Bot {n}" not in taken)
            session.add(
                TournamentEntrant(
                    tournament_id=tournament_id, bot=level, name=f"Bot {number}",
                    joined_at=datetime.now(UTC),
                )
            )  # fmt: skip

    async def start(self, user: User, tournament_id: str) -> None:
        async with self.sessions() as session, session.begin():
            tournament = await self._hosted(session, user, tournament_id)
            self._require_waiting(tournament)
            entrants = list(
                await session.scalars(
                    select(TournamentEntrant.id)
                    .where(
                        TournamentEntrant.tournament_id == tournament_id,
                        TournamentEntrant.removed.is_(False),
                    )
                    .order_by(TournamentEntrant.id)
                )
            )
            if len(entrants) < tournament.seat_count:
                raise Conflict(
                    f"at least {tournament.seat_count} entrants are needed to start",
                    code="not_enough_entrants",
                )
            rounds = tournament.rounds
            if tournament.format == "round_robin":
                rounds = len(robin_schedule(entrants, tournament.seat_count))
            started = await session.execute(
                update(Tournament)
                .where(Tournament.id == tournament_id, Tournament.status == "waiting")
                .values(status="running", rounds=rounds, started_at=datetime.now(UTC))
            )
            if rowcount(started) != 1:
                raise Conflict("this tournament has started", code="tournament_not_waiting")
        if tournament.format == "arena":
            await start_wave(self.runner, tournament_id, 1)
        else:
            await self.runner.start_round(tournament_id, 1)

    async def remove(self, user: User, tournament_id: str, entrant_id: int) -> None:
        """The host takes an entrant out: before the start the entry goes; after, it keeps
        its points and games but is paired no more (its table in play plays on)."""
        async with self.sessions() as session, session.begin():
            tournament = await self._hosted(session, user, tournament_id)
            entrant = await session.get(TournamentEntrant, entrant_id)
            if entrant is None or entrant.tournament_id != tournament_id:
                raise NotFound("no such entrant", code="entrant_not_found")
            if tournament.status == "waiting":
                await session.delete(entrant)
            elif tournament.status in ("running", "paused"):
                entrant.removed = True
            else:
                raise Conflict(f"this tournament is {tournament.status}", code="tournament_over")

    async def leave(self, user: User, tournament_id: str) -> None:
        """An entrant withdraws: before the start the entry goes; after, as a removal (its
        points stay, it is seated no more) and it leaves the game it is at, under the
        room's rule (a bot plays the seat out, the seat forfeits: last place), so nobody
        waits on a player who has gone."""
        playing: list[str] = []
        async with self.sessions() as session, session.begin():
            tournament = await session.get(Tournament, tournament_id)
            mine = await session.scalar(
                select(TournamentEntrant).where(
                    TournamentEntrant.tournament_id == tournament_id,
                    TournamentEntrant.user_id == user.id,
                )
            )
            if tournament is None or mine is None:
                raise NotFound("you are not in this tournament", code="not_an_entrant")
            if tournament.status == "waiting":
                await session.delete(mine)
            elif tournament.status in ("running", "paused"):
                mine.removed = True
                tables = await session.scalars(
                    select(TournamentTable).where(
                        TournamentTable.tournament_id == tournament_id,
                        TournamentTable.finished.is_(False),
                        TournamentTable.room_id.is_not(None),
                    )
                )
                playing = [
                    str(table.room_id)
                    for table in tables
                    if mine.id in orjson.loads(table.entrants)
                ]
            else:
                raise Conflict(f"this tournament is {tournament.status}", code="tournament_over")
        for room_id in playing:
            with contextlib.suppress(AgoraError):  # its game ended meanwhile
                await self.runner.rooms.leave(room_id, user=user)

    async def pause(self, user: User, tournament_id: str, *, paused: bool) -> None:
        """The host holds the tournament (no new table; the games in play go on and are
        scored on resuming) or lets it go on. An arena's clock runs on meanwhile."""
        before, after = ("running", "paused") if paused else ("paused", "running")
        async with self.sessions() as session, session.begin():
            await self._hosted(session, user, tournament_id)
            changed = await session.execute(
                update(Tournament)
                .where(Tournament.id == tournament_id, Tournament.status == before)
                .values(status=after)
            )
            if rowcount(changed) != 1:
                raise Conflict(f"this tournament is not {before}", code=f"tournament_not_{before}")
        if not paused:
            await self.runner.settle(tournament_id, orphans=True)  # what waited on the pause

    async def cancel(self, user: User, tournament_id: str) -> None:
        async with self.sessions() as session, session.begin():
            await self._hosted(session, user, tournament_id)
            cancelled = await session.execute(
                update(Tournament)
                .where(
                    Tournament.id == tournament_id,
                    Tournament.status.in_(("waiting", "running", "paused")),
                )
                .values(status="cancelled", finished_at=datetime.now(UTC))
            )
            if rowcount(cancelled) != 1:
                raise Conflict("this tournament is over", code="tournament_over")
            playing: list[str] = [
                room_id
                for room_id in await session.scalars(
                    select(TournamentTable.room_id).where(
                        TournamentTable.tournament_id == tournament_id,
                        TournamentTable.finished.is_(False),
                        TournamentTable.room_id.is_not(None),
                    )
                )
                if room_id
            ]
        for room_id in playing:  # after the commit: SQLite has one connection
            live = await self.rooms.live(room_id)
            if live.status in ("waiting", "playing"):
                await self.rooms.close_room(room_id)

    # -- checks ------------------------------------------------------------------------

    async def load(self, session: AsyncSession, tournament_id: str) -> Tournament:
        row = await session.get(Tournament, tournament_id) if len(tournament_id) <= 32 else None
        if row is None:
            raise TournamentNotFound(f"no tournament {tournament_id[:40]!r}")
        return row

    async def visible(
        self, session: AsyncSession, user: User | None, tournament_id: str, code: str | None
    ) -> Tournament:
        """The tournament, if ``user`` may see it: public, or the invite code, the host,
        an entrant or an admin; others learn nothing (404)."""
        row = await self.load(session, tournament_id)
        if not row.private or may_see_private(row, user, code):
            return row
        if user is not None:
            entered = await session.scalar(
                select(TournamentEntrant.id).where(
                    TournamentEntrant.tournament_id == tournament_id,
                    TournamentEntrant.user_id == user.id,
                )
            )
            if entered is not None:
                return row
        raise TournamentNotFound(f"no tournament {tournament_id[:40]!r}")

    async def _hosted(self, session: AsyncSession, user: User, tournament_id: str) -> Tournament:
        row = await self.visible(session, user, tournament_id, None)
        if row.host_id != user.id and not user.is_admin:
            raise NotTournamentHost("only the tournament's host can do that")
        return row

    @staticmethod
    def _require_waiting(row: Tournament) -> None:
        if row.status != "waiting":
            raise Conflict(f"this tournament is {row.status}", code="tournament_not_waiting")

    @staticmethod
    async def _room_for_one_more(session: AsyncSession, row: Tournament) -> int:
        count = await session.scalar(
            select(func.count()).where(TournamentEntrant.tournament_id == row.id)
        )
        if (count or 0) >= MAX_ENTRANTS[row.format]:
            raise Conflict(f"at most {MAX_ENTRANTS[row.format]} entrants", code="tournament_full")
        return count or 0


def may_see_private(row: Tournament, user: User | None, code: str | None) -> bool:
    if user is not None and (user.id == row.host_id or user.is_admin):
        return True
    return valid_invite_code(code) and secrets.compare_digest(str(code), row.invite_code)
