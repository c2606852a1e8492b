"""Read-only queries: a player's profile (ratings, history, statistics, recent games) and
the leaderboard of a game. Plain SQL that runs the same on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import GameResult, Rating, RatingChange, Room, User
from app.games.registry import UnknownGame, get_game
from app.i18n import LANGUAGES

RECENT_GAMES = 20
HISTORY_POINTS = 200


def game_name(game_id: str) -> dict[str, str]:
    try:
        return dict(get_game(game_id).INFO.name)
    except UnknownGame:
        return dict.fromkeys(LANGUAGES, game_id)


def shown(value: float) -> float:
    """Ratings are shown with one decimal."""
    return round(value, 1)


async def find_user(session: AsyncSession, name: str) -> User | None:
    """An account by username, or any user (guests too) by id."""
    user = await session.scalar(select(User).where(User.username == name))
    return user if user is not None else await session.get(User, name)


async def ratings_of(session: AsyncSession, user_id: str) -> list[dict[str, Any]]:
    rows = await session.scalars(
        select(Rating).where(Rating.user_id == user_id, Rating.games > 0).order_by(Rating.game)
    )
    out = []
    for rating in rows:
        history = await rating_history(session, user_id, rating.game)
        out.append(
            {
                "game": rating.game,
                "game_name": game_name(rating.game),
                "rating": shown(rating.ordinal),
                "mu": round(rating.mu, 3),
                "sigma": round(rating.sigma, 3),
                "games": rating.games,
                "wins": rating.wins,
                "history": history,
            }
        )
    return out


async def rating_history(
    session: AsyncSession, user_id: str, game: str, limit: int = HISTORY_POINTS
) -> list[dict[str, Any]]:
    """The rating after each rated game, oldest first, preceded by the one before the first."""
    rows = list(
        await session.scalars(
            select(RatingChange)
            .where(RatingChange.user_id == user_id, RatingChange.game == game)
            .order_by(RatingChange.id.desc())
            .limit(limit)
        )
    )[::-1]
    if not rows:
        return []
    points: list[dict[str, Any]] = [
        {"at": None, "rating": shown(rows[0].ordinal_before), "room": None}
    ]
    points += [
        {"at": row.created_at.isoformat(), "rating": shown(row.ordinal_after), "room": row.room_id}
        for row in rows
    ]
    return points


async def statistics(session: AsyncSession, user_id: str) -> list[dict[str, Any]]:
    """Games played and won, and the average score, per game (forfeits count as played)."""
    rows = await session.execute(
        select(
            GameResult.game,
            func.count(GameResult.id),
            func.sum(case((GameResult.won.is_(True), 1), else_=0)),
            func.avg(GameResult.score),
        )
        .where(GameResult.user_id == user_id)
        .group_by(GameResult.game)
        .order_by(GameResult.game)
    )
    return [
        {
            "game": game,
            "game_name": game_name(game),
            "played": int(played),
            "won": int(won or 0),
            "average_score": None if average is None else round(float(average), 1),
        }
        for game, played, won, average in rows.all()
    ]


async def recent_games(
    session: AsyncSession, user_id: str, *, include_private: bool, limit: int = RECENT_GAMES
) -> list[dict[str, Any]]:
    """The last finished games, newest first, with the rating change of rated ones."""
    statement = (
        select(GameResult, Room.private, RatingChange.ordinal_before, RatingChange.ordinal_after)
        .join(Room, Room.id == GameResult.room_id)
        .outerjoin(
            RatingChange,
            and_(RatingChange.room_id == GameResult.room_id, RatingChange.user_id == user_id),
        )
        .where(GameResult.user_id == user_id)
        .order_by(GameResult.finished_at.desc(), GameResult.id.desc())
        .limit(limit)
    )
    if not include_private:
        statement = statement.where(Room.private.is_(False))
    rows = await session.execute(statement)
    out = []
    for result, private, before, after in rows.all():
        out.append(
            {
                "room": result.room_id,
                "game": result.game,
                "game_name": game_name(result.game),
                "players": result.players,
                "place": result.place,
                "score": result.score,
                "won": result.won,
                "rated": result.rated,
                "forfeit": result.forfeit,
                "private": private,
                "finished_at": result.finished_at.isoformat(),
                "rating_change": None if after is None else shown(after - before),
                "rating_after": None if after is None else shown(after),
                "replay_url": f"/r/{result.room_id}/replay",
            }
        )
    return out


async def profile(session: AsyncSession, user: User, *, include_private: bool) -> dict[str, Any]:
    return {
        "user": {
            "id": user.id,
            "name": user.display_name,
            "username": user.username,
            "guest": user.is_guest,
            "bot": bool(user.is_bot),
            "since": user.created_at.isoformat(),
        },
        "bot": bool(user.is_bot),
        "ratings": await ratings_of(session, user.id),
        "games": await statistics(session, user.id),
        "recent": await recent_games(session, user.id, include_private=include_private),
    }


async def leaderboard(
    session: AsyncSession, game: str, *, page: int, per_page: int, min_games: int,
    bots: bool = False,
) -> dict[str, Any]:  # fmt: skip
    """Top players of a game by conservative rating, with at least ``min_games`` rated games.
    People and bot accounts are ranked apart (``bots``); their games against each other
    count for both, as on Lichess."""
    where = and_(
        Rating.game == game,
        Rating.games >= min_games,
        or_(User.banned.is_(False), User.banned.is_(None)),
        User.is_bot.is_(bots),
    )
    total = await session.scalar(
        select(func.count()).select_from(Rating).join(User, User.id == Rating.user_id).where(where)
    )
    rows = await session.execute(
        select(Rating, User)
        .join(User, User.id == Rating.user_id)
        .where(where)
        .order_by(Rating.ordinal.desc(), Rating.games.desc(), Rating.user_id)
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    players = []
    for index, (rating, user) in enumerate(rows.all()):
        players.append(
            {
                "rank": (page - 1) * per_page + index + 1,
                "name": user.display_name,
                "username": user.username,
                "rating": shown(rating.ordinal),
                "mu": round(rating.mu, 3),
                "sigma": round(rating.sigma, 3),
                "games": rating.games,
                "wins": rating.wins,
            }
        )
    total = int(total or 0)
    return {
        "game": game,
        "game_name": game_name(game),
        "page": page,
        "per_page": per_page,
        "pages": max(1, -(-total // per_page)),
        "total": total,
        "min_games": min_games,
        "bots": bots,
        "players": players,
    }
