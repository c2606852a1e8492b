"""Results and rating rows of finished games, and the profile and leaderboard queries,
on SQLite and PostgreSQL (the database of the suite's ``server`` fixture)."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from typing import Any, cast

import pytest
from sqlalchemy import Table, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import GameResult, Rating, RatingChange, Room, Seat, User
from app.db.session import create_engine
from app.ratings import queries
from app.ratings.record import rated_at_start, record_finish
from tests.conftest import RunningServer


@pytest.fixture
async def sessions(server: RunningServer) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = create_engine(server.settings)
    yield async_sessionmaker(engine, expire_on_commit=False)
    await engine.dispose()


def tag() -> str:
    return secrets.token_hex(4)


async def make_users(session: AsyncSession, count: int, *, guest: bool = False) -> list[User]:
    users = []
    for index in range(count):
        name = f"p{index}_{tag()}"
        user = User(id=tag() + tag(), username=None if guest else name, display_name=name,
                    is_guest=guest)  # fmt: skip
        session.add(user)
        users.append(user)
    await session.flush()
    return users


async def finished_room(
    session: AsyncSession,
    game: str,
    players: list[User | None],
    *,
    rated: bool = True,
    forfeit: set[int] = frozenset(),  # type: ignore[assignment]
) -> tuple[Room, list[Seat]]:
    """A room whose seats hold ``players`` (None: a bot) as if the game just ended."""
    host = next(p for p in players if p is not None)
    room = Room(id=tag() + tag(), invite_code=tag() + tag(), game=game, seat_count=len(players),
                host_id=host.id, status="finished", rated=rated)  # fmt: skip
    session.add(room)
    await session.flush()
    seats = []
    for position, player in enumerate(players):
        left = position in forfeit
        seat = Seat(room_id=room.id, position=position, name=f"s{position}",
                    user_id=None if (player is None or left) else player.id,
                    player_id=None if player is None else player.id,
                    bot="random" if (player is None or left) else None, forfeit=left)  # fmt: skip
        session.add(seat)
        seats.append(seat)
    await session.flush()
    return room, seats


async def finish(
    session: AsyncSession, room: Room, seats: list[Seat], ranking: list[list[int]], scores: Any
) -> list[RatingChange]:
    return await record_finish(
        session, room=room, seats=seats, result={"ranking": ranking, "scores": scores}
    )


async def rating(session: AsyncSession, user: User, game: str) -> Rating | None:
    return await session.get(Rating, (user.id, game), populate_existing=True)


async def rated(session: AsyncSession, user: User, game: str) -> Rating:
    """The player's rating, which must exist."""
    found = await rating(session, user, game)
    assert found is not None
    return found


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
async def test_a_rated_finish_rates_every_player_in_order(
    sessions: async_sessionmaker[AsyncSession], count: int
) -> None:
    async with sessions() as session, session.begin():
        users = await make_users(session, count)
        room, seats = await finished_room(session, "agorapolis", list(users))
        ranking = [[seat] for seat in range(count)]
        changes = await finish(session, room, seats, ranking, list(range(count, 0, -1)))
        assert len(changes) == count
        ratings = [await rating(session, user, "agorapolis") for user in users]
        assert all(r is not None and r.games == 1 for r in ratings)
        ordinals = [r.ordinal for r in ratings if r]
        assert ordinals == sorted(ordinals, reverse=True)
        assert [r.wins for r in ratings if r] == [1] + [0] * (count - 1)
        results = (
            await session.scalars(select(GameResult).where(GameResult.room_id == room.id))
        ).all()
        assert sorted(r.place for r in results) == list(range(1, count + 1))
        assert all(r.rated for r in results)


async def test_ties_share_a_place_and_move_alike(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with sessions() as session, session.begin():
        users = await make_users(session, 4)
        room, seats = await finished_room(session, "akropolis", list(users))
        await finish(session, room, seats, [[2], [0, 3], [1]], [50, 30, 70, 50])
        got = {i: await rated(session, users[i], "akropolis") for i in range(4)}
        assert got[0].mu == pytest.approx(got[3].mu) and got[0].sigma == pytest.approx(got[3].sigma)
        assert got[2].ordinal > got[0].ordinal > got[1].ordinal
        places = dict((await session.execute(
            select(GameResult.position, GameResult.place).where(GameResult.room_id == room.id)
        )).all())  # fmt: skip
        assert places == {2: 1, 0: 2, 3: 2, 1: 3}


async def test_a_leaver_ranks_last_and_the_bot_in_its_seat_is_not_rated(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with sessions() as session, session.begin():
        users = await make_users(session, 3)
        room, seats = await finished_room(session, "agorapolis", list(users), forfeit={0})
        # The bot playing seat 0 after its player left won on the board.
        changes = await finish(session, room, seats, [[0], [1], [2]], [20, 15, 10])
        assert {c.user_id for c in changes} == {u.id for u in users}
        leaver = await rating(session, users[0], "agorapolis")
        assert leaver is not None and leaver.wins == 0
        assert leaver.ordinal < (await rated(session, users[2], "agorapolis")).ordinal
        mine = await session.scalar(select(GameResult).where(
            GameResult.room_id == room.id, GameResult.user_id == users[0].id))  # fmt: skip
        assert mine is not None and mine.forfeit and mine.place == 3 and not mine.won


async def test_casual_games_and_bot_seats_leave_ratings_alone(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with sessions() as session, session.begin():
        users = await make_users(session, 2)
        room, seats = await finished_room(session, "agorapolis", [users[0], None, users[1]],
                                          rated=False)  # fmt: skip
        assert await finish(session, room, seats, [[1], [0], [2]], [3, 9, 1]) == []
        assert await rating(session, users[0], "agorapolis") is None
        results = (
            await session.scalars(select(GameResult).where(GameResult.room_id == room.id))
        ).all()
        assert {r.position: (r.place, r.rated) for r in results} == {0: (2, False), 2: (3, False)}


async def test_who_makes_a_room_rated(sessions: async_sessionmaker[AsyncSession]) -> None:
    async with sessions() as session, session.begin():
        accounts = await make_users(session, 2)
        guest = (await make_users(session, 1, guest=True))[0]
        room, seats = await finished_room(session, "agorapolis", list(accounts))
        assert await rated_at_start(session, room, seats, True)
        assert not await rated_at_start(session, room, seats, False)
        with_guest, guest_seats = await finished_room(session, "agorapolis", [accounts[0], guest])
        assert not await rated_at_start(session, with_guest, guest_seats, True)
        with_bot, bot_seats = await finished_room(session, "agorapolis", [accounts[0], None])
        assert not await rated_at_start(session, with_bot, bot_seats, True)
        solo, solo_seats = await finished_room(session, "akropolis", [accounts[0]])
        assert not await rated_at_start(session, solo, solo_seats, True)


async def test_profile_history_and_leaderboard_queries(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    game = "race"  # a ladder of its own, so other tests' players do not interfere
    async with sessions() as session, session.begin():
        await session.execute(cast(Table, Rating.__table__).delete().where(Rating.game == game))
        champion, second, newcomer = await make_users(session, 3)
        for index in range(3):
            room, seats = await finished_room(session, game, [champion, second])
            await finish(session, room, seats, [[0], [1]], [index + 10, index])
        room, seats = await finished_room(session, game, [newcomer, champion])
        await finish(session, room, seats, [[1], [0]], [0, 1])
        private, private_seats = await finished_room(session, game, [champion, second], rated=False)
        private.private = True
        await finish(session, private, private_seats, [[0, 1]], [5, 5])

        data = await queries.profile(session, champion, include_private=False)
        (race_rating,) = data["ratings"]
        assert race_rating["games"] == 4 and race_rating["wins"] == 4
        history = race_rating["history"]
        assert len(history) == 5 and history[0]["rating"] == 0.0
        assert [p["rating"] for p in history] == sorted(p["rating"] for p in history)
        assert data["games"] == [{"game": game, "game_name": queries.game_name(game),
                                  "played": 5, "won": 5, "average_score": 7.8}]  # fmt: skip
        assert len(data["recent"]) == 4 and data["recent"][0]["rating_change"] > 0
        assert all(not game["private"] for game in data["recent"])
        mine = await queries.profile(session, champion, include_private=True)
        assert len(mine["recent"]) == 5 and mine["recent"][0]["rated"] is False

        board = await queries.leaderboard(session, game, page=1, per_page=1, min_games=3)
        assert board["total"] == 2 and board["pages"] == 2  # the newcomer has 1 game
        assert [p["username"] for p in board["players"]] == [champion.username]
        page2 = await queries.leaderboard(session, game, page=2, per_page=1, min_games=3)
        assert [(p["rank"], p["username"]) for p in page2["players"]] == [(2, second.username)]
        second.banned = True
        await session.flush()
        board = await queries.leaderboard(session, game, page=1, per_page=10, min_games=1)
        assert second.username not in [p["username"] for p in board["players"]]
        assert newcomer.username in [p["username"] for p in board["players"]]
