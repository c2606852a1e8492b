"""The migrations build exactly the tables of app.db.models, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from app.db.base import Base
from app.db.migrate import upgrade
from tests.conftest import POSTGRES_URL, need_service, port_open, reset_postgres


def compare(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": False})
    return list(compare_metadata(context, Base.metadata))


def differences(url: str) -> list[object]:
    async def run() -> list[object]:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as connection:
                return await connection.run_sync(compare)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def test_sqlite_migrations_match_the_models(tmp_path: Path) -> None:
    path = tmp_path / "agora.db"
    upgrade(f"sqlite+aiosqlite:///{path}")
    assert differences(f"sqlite+aiosqlite:///{path}") == []


@pytest.mark.postgres
def test_postgres_migrations_match_the_models() -> None:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    reset_postgres()
    upgrade(POSTGRES_URL)
    assert differences(POSTGRES_URL) == []


def moves_after_deleting_a_room(url: str) -> tuple[int, int]:
    """Moves of the deleted room and of the other room, after the delete."""
    from sqlalchemy import delete, func, select
    from sqlalchemy.ext.asyncio import async_sessionmaker

    from app.db.models import MoveRecord, Room, User

    async def run() -> tuple[int, int]:
        engine = create_async_engine(url)
        try:
            async with async_sessionmaker(engine)() as session:
                session.add(User(id="u1", display_name="Host"))
                await session.flush()
                for room_id in ("r1", "r2"):
                    session.add(
                        Room(
                            id=room_id, invite_code=f"code-{room_id}", game="race",
                            rules_version=1, options="{}", seat_count=2, private=False,
                            host_id="u1", status="playing", version=3,
                        )
                    )  # fmt: skip
                    await session.flush()
                    for seq in (1, 2):
                        session.add(MoveRecord(room_id=room_id, seq=seq, seat=0, move="{}"))
                await session.commit()
                await session.execute(delete(Room).where(Room.id == "r1"))
                await session.commit()
                counts = await session.execute(
                    select(MoveRecord.room_id, func.count()).group_by(MoveRecord.room_id)
                )
                found: dict[str, int] = dict(counts.all())
                return found.get("r1", 0), found.get("r2", 0)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def test_sqlite_deleting_a_room_deletes_its_moves(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'agora.db'}"
    upgrade(url)
    assert moves_after_deleting_a_room(url) == (0, 2)


@pytest.mark.postgres
def test_postgres_deleting_a_room_deletes_its_moves() -> None:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    reset_postgres()
    upgrade(POSTGRES_URL)
    assert moves_after_deleting_a_room(POSTGRES_URL) == (0, 2)
