"""Users read recently are kept (app.accounts.user_cache): a change through any session
is seen at once, in this process and, relayed, in the others; only a change made
outside every session waits for the TTL."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, text

from app.accounts import user_cache
from app.db.models import User
from app.db.session import create_engine, create_sessionmaker
from tests.conftest import Player, RunningServer


async def me(player: Player) -> Any:
    return (await player.http.get("/api/me")).json()["user"]


async def test_a_change_outside_sessions_waits_and_one_through_a_session_is_seen_at_once(
    server: RunningServer,
) -> None:
    ana = await Player(server, "Ana").as_guest()
    engine = create_engine(server.settings)
    try:
        user_id = (await me(ana))["id"]
        database = user_cache.database_of(engine)
        assert user_cache.get(database, user_id) is not None  # read once, kept
        async with engine.begin() as conn:  # an operator's SQL: no session saw it
            await conn.execute(
                text("UPDATE users SET display_name = 'Behind' WHERE id = :id"), {"id": user_id}
            )
        assert (await me(ana))["name"] == "Ana"  # kept until the TTL
        sessions = create_sessionmaker(engine)  # another engine, as the CLI has
        async with sessions() as session, session.begin():
            user = await session.scalar(select(User).where(User.id == user_id))
            assert user is not None
            user.display_name = "Renamed"
        assert user_cache.get(database, user_id) is None
        assert (await me(ana))["name"] == "Renamed"
    finally:
        await engine.dispose()
        await ana.close()


def test_a_read_that_raced_with_a_change_is_not_kept() -> None:
    read_at = user_cache.generation()
    user_cache.forget("db", ["someone else"])  # a commit while the read was in flight
    user_cache.put("db", "u1", {"id": "u1"}, read_at)
    assert user_cache.get("db", "u1") is None
    user_cache.put("db", "u1", {"id": "u1"}, user_cache.generation())
    assert user_cache.get("db", "u1") == {"id": "u1"}
    assert user_cache.get("other db", "u1") is None
    user_cache.forget("db", ["u1"])
    assert user_cache.get("db", "u1") is None


async def test_listeners_hear_committed_changes_only(server: RunningServer) -> None:
    engine = create_engine(server.settings)
    ana = await Player(server, "Ana").as_guest()
    heard: list[tuple[str, list[str]]] = []
    stop = user_cache.on_forget(lambda database, ids: heard.append((database, ids)))
    try:
        user_id = (await me(ana))["id"]
        sessions = create_sessionmaker(engine)
        async with sessions() as session:
            async with session.begin():
                user = await session.scalar(select(User).where(User.id == user_id))
                assert user is not None
                user.display_name = "Rolled back"
                await session.flush()
                await session.rollback()
            async with session.begin():
                user = await session.scalar(select(User).where(User.id == user_id))
                assert user is not None
                user.display_name = "Kept"
        database = user_cache.database_of(engine)
        assert [entry for entry in heard if entry[0] == database] == [(database, [user_id])]
    finally:
        stop()
        await engine.dispose()
        await ana.close()


async def test_a_new_guest_is_kept_as_the_database_holds_it(server: RunningServer) -> None:
    """A guest is created with one INSERT and kept at once (its next request reads no
    row): what is kept is the row the database holds."""
    ana = await Player(server, "Ana").as_guest()
    engine = create_engine(server.settings)
    try:
        user_id = (await me(ana))["id"]
        kept = user_cache.get(user_cache.database_of(engine), user_id)
        assert kept is not None
        async with engine.connect() as conn:
            stored = dict(
                (await conn.execute(select(User.__table__).where(User.id == user_id)))
                .mappings()
                .one()
            )
        assert set(kept) == set(stored)
        for column in stored.keys() - {"created_at"}:
            assert kept[column] == stored[column], column
        difference = kept["created_at"].replace(tzinfo=None) - stored["created_at"].replace(
            tzinfo=None
        )
        assert abs(difference.total_seconds()) < 1
    finally:
        await engine.dispose()
        await ana.close()
