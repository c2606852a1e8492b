"""A finished game's rows, written in the transaction that finishes it.

Every seated player (the account that held the seat at the start, even if a bot took it
over) gets a :class:`~app.db.models.GameResult`; in a rated room every one of them also
gets a new :class:`~app.db.models.Rating` and a :class:`~app.db.models.RatingChange`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import Select, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import GameResult, Rating, RatingChange, Room, Seat, User
from app.ratings.skill import DEFAULT_MU, DEFAULT_SIGMA, Standing, ordinal, places, rate


class Scalars(Protocol):
    """Where the start's one query runs (the seat command's transaction)."""

    async def scalars(self, statement: Select[Any]) -> Iterable[Any]: ...


async def rated_at_start(
    session: AsyncSession | Scalars, room: Room, seats: Sequence[Seat], asked: bool
) -> bool:
    """Whether a starting game counts for ratings.

    The host asked for it (``asked``), two or more seats, and every seat an account: a
    bot or a guest seat makes the room casual. Solo (Akropolis against the Illustrious
    Architect) is never rated: a rating measures players against each other, and a
    scripted opponent of fixed strength would only add farmable points (Lichess and
    Board Game Arena leave games against the computer unrated too). Solo games still
    count in a player's history and statistics.
    """
    if not asked or room.seat_count < 2 or len(seats) != room.seat_count:
        return False
    if any(seat.bot or seat.user_id is None for seat in seats):
        return False
    ids = [seat.user_id for seat in seats]
    guests = await session.scalars(select(User.is_guest).where(User.id.in_(ids)))
    flags = list(guests)
    return len(flags) == len(ids) and not any(flags)


def player_of(seat: Seat) -> str | None:
    """The account a seat's result belongs to (its starter; None for a bot seat)."""
    return seat.player_id or seat.user_id


def _standing(
    room: Room, seats: Sequence[Seat], result: dict[str, Any]
) -> tuple[dict[int, str | None], set[int], dict[int, int]]:
    """Each seated player's account by position, the positions that forfeited, and
    every position's place."""
    players = {seat.position: player_of(seat) for seat in seats if player_of(seat)}
    forfeits = {seat.position for seat in seats if seat.forfeit}
    place_of = places(result.get("ranking") or [], range(room.seat_count), forfeits)
    return players, forfeits, place_of


def result_rows(
    room: Room, seats: Sequence[Seat], result: dict[str, Any], finished_at: datetime
) -> list[dict[str, Any]]:
    """The :class:`~app.db.models.GameResult` columns of every seated player."""
    players, forfeits, place_of = _standing(room, seats, result)
    scores = result.get("scores") or []
    rows = []
    for position, user_id in players.items():
        score = scores[position] if position < len(scores) else None
        rows.append(
            {
                "room_id": room.id,
                "position": position,
                "user_id": user_id,
                "game": room.game,
                "players": room.seat_count,
                "place": place_of[position],
                "score": float(score) if isinstance(score, int | float) else None,
                "won": place_of[position] == 1 and position not in forfeits,
                "rated": room.rated,
                "forfeit": position in forfeits,
                "finished_at": finished_at,
            }
        )
    return rows


async def record_finish(
    session: AsyncSession,
    *,
    room: Room,
    seats: Sequence[Seat],
    result: dict[str, Any],
    finished_at: datetime | None = None,
) -> list[RatingChange]:
    """Write results (and rating updates if the room is rated); returns the rating changes."""
    finished_at = finished_at or datetime.now(UTC)
    session.add_all([GameResult(**row) for row in result_rows(room, seats, result, finished_at)])
    players, forfeits, place_of = _standing(room, seats, result)
    if not room.rated or len(players) < 2:
        return []
    by_user = {user_id: position for position, user_id in players.items() if user_id}
    current = await lock_ratings(session, room.game, sorted(by_user))
    standings = [
        Standing(user_id, current[user_id].mu, current[user_id].sigma, place_of[position])
        for user_id, position in by_user.items()
    ]
    changes = []
    for user_id, (mu, sigma) in rate(standings).items():
        rating = current[user_id]
        position = by_user[user_id]
        change = RatingChange(
            user_id=user_id,
            game=room.game,
            room_id=room.id,
            place=place_of[position],
            mu_before=rating.mu,
            sigma_before=rating.sigma,
            mu_after=mu,
            sigma_after=sigma,
            ordinal_before=rating.ordinal,
            ordinal_after=ordinal(mu, sigma),
            created_at=finished_at,
        )
        session.add(change)
        changes.append(change)
        rating.mu, rating.sigma, rating.ordinal = mu, sigma, ordinal(mu, sigma)
        rating.games += 1
        rating.wins += int(place_of[position] == 1 and position not in forfeits)
        rating.updated_at = finished_at
    await session.flush()
    return changes


async def lock_ratings(session: AsyncSession, game: str, user_ids: list[str]) -> dict[str, Rating]:
    """The players' rating rows, created at the defaults if missing, locked for update.

    Rows are created with INSERT … ON CONFLICT DO NOTHING and locked in user-id order, so
    two games finishing at once for the same player serialise instead of losing an update.
    """
    if not user_ids:
        return {}
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    now = datetime.now(UTC)
    await session.execute(
        insert(Rating)
        .values(
            [
                {
                    "user_id": user_id,
                    "game": game,
                    "mu": DEFAULT_MU,
                    "sigma": DEFAULT_SIGMA,
                    "ordinal": ordinal(DEFAULT_MU, DEFAULT_SIGMA),
                    "games": 0,
                    "wins": 0,
                    "updated_at": now,
                }
                for user_id in user_ids
            ]
        )
        .on_conflict_do_nothing()
    )
    statement = (
        select(Rating)
        .where(Rating.game == game, Rating.user_id.in_(user_ids))
        .order_by(Rating.user_id)
        .execution_options(populate_existing=True)
    )
    if dialect == "postgresql":
        statement = statement.with_for_update()
    rows = await session.scalars(statement)
    return {row.user_id: row for row in rows}
