"""The SQLite file writer of the group commit (app.rooms.sqlite_writer, issue 15).

A move commits only on the version it was applied to; a constraint refusal rolls the
whole batch back (the committer then retries move by move); concurrent batches and the
engine's own writes take turns on the file; close ends the connection and the thread.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from app.db.errors import unavailable
from app.db.migrate import upgrade_async
from app.db.models import Room, User
from app.db.session import create_engine, create_sessionmaker
from app.rooms.sqlite_writer import SqliteThreadWriter, SqliteWriter
from app.rooms.store import GroupCommitter, PendingMove, RefusedByDatabase, writers_for
from tests.conftest import base_settings


@dataclass
class Database:
    path: Path
    engine: AsyncEngine

    async def versions(self) -> dict[str, int]:
        async with self.engine.connect() as conn:
            return dict((await conn.execute(text("SELECT id, version FROM rooms"))).all())

    async def logged(self) -> list[tuple[str, int, str | None]]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                text("SELECT room_id, seq, client_move_id FROM moves ORDER BY room_id, seq")
            )
            return [tuple(row) for row in rows.all()]  # type: ignore[misc]


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    path = tmp_path / "agora.db"
    settings = base_settings(database_url=f"sqlite+aiosqlite:///{path}")
    await upgrade_async(settings.database_url)
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session, session.begin():
        session.add(User(id="host", display_name="Host"))
        await session.flush()
        for number in range(8):
            session.add(
                Room(
                    id=f"r{number}", invite_code=f"c{number}", game="race", seat_count=2,
                    host_id="host", status="playing", state="{}", version=1,
                )
            )  # fmt: skip
    yield Database(path, engine)
    await engine.dispose()


def move(
    room: str, version: int, move_id: str | None = None, status: str = "playing"
) -> PendingMove:
    return PendingMove(
        room_id=room, old_version=version, seat=0, client_move_id=move_id,
        move_json='{"add": 1}', state_json=f'{{"v": {version + 1}}}', status=status,
        timers_json='{"bot_at": 1.5}', deadline_at=1.5,
    )  # fmt: skip


def test_writers_for_a_file_and_for_memory(tmp_path: Path) -> None:
    on_file = create_engine(base_settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'a.db'}"))
    in_memory = create_async_engine("sqlite+aiosqlite:///:memory:")
    assert [type(w) for w in writers_for(on_file, 4)] == [SqliteThreadWriter]
    assert [type(w) for w in writers_for(in_memory, 4)] == [SqliteWriter]


async def test_commits_only_on_the_version_applied_to(db: Database) -> None:
    writer = SqliteThreadWriter(str(db.path))
    try:
        committed = await writer.write(
            [move("r0", 1, "a"), move("r1", 7, "b"), move("r2", 1), move("nope", 1)]
        )
        assert committed == {"r0", "r2"}
        versions = await db.versions()
        assert versions["r0"] == versions["r2"] == 2 and versions["r1"] == 1
        assert await db.logged() == [("r0", 1, "a"), ("r2", 1, None)]
        # The same versions again: stale now, nothing commits.
        assert await writer.write([move("r0", 1, "c"), move("r2", 1)]) == set()
        assert await writer.write([move("r0", 2, "c", status="finished")]) == {"r0"}
        async with db.engine.connect() as conn:
            row = (
                await conn.execute(
                    text("SELECT state, status, timers, deadline_at, finished_at FROM rooms "
                         "WHERE id = 'r0'")
                )
            ).one()  # fmt: skip
        assert row[:4] == ('{"v": 3}', "finished", '{"bot_at": 1.5}', 1.5) and row[4]
    finally:
        await writer.close()


async def test_a_constraint_refuses_the_whole_batch(db: Database) -> None:
    writer = SqliteThreadWriter(str(db.path))
    try:
        assert await writer.write([move("r0", 1, "dup")]) == {"r0"}
        # "dup" is taken in r0: the batch rolls back, r1's move with it.
        with pytest.raises(RefusedByDatabase):
            await writer.write([move("r1", 1, "x"), move("r0", 2, "dup")])
        assert (await db.versions())["r1"] == 1
        assert await db.logged() == [("r0", 1, "dup")]
        # The connection is usable afterwards.
        assert await writer.write([move("r1", 1, "x")]) == {"r1"}
    finally:
        await writer.close()


async def test_the_committer_retries_a_refused_batch_move_by_move(db: Database) -> None:
    writer = SqliteThreadWriter(str(db.path))
    assert await writer.write([move("r0", 1, "dup")]) == {"r0"}
    committer = GroupCommitter([writer])
    committer.start()
    try:
        results = await asyncio.gather(
            committer.submit(move("r1", 1, "a")),
            committer.submit(move("r0", 2, "dup")),
            committer.submit(move("r2", 1, "b")),
        )
    finally:
        await committer.stop()
    assert results == [True, False, True]
    assert await db.logged() == [("r0", 1, "dup"), ("r1", 1, "a"), ("r2", 1, "b")]


async def test_concurrent_batches_and_engine_writes_take_turns(db: Database) -> None:
    writer = SqliteThreadWriter(str(db.path))
    rooms = [f"r{n}" for n in range(8)]

    async def play(room: str) -> int:
        committed = 0
        for version in range(1, 31):
            if room in await writer.write([move(room, version, f"{room}-{version}")]):
                committed += 1
        return committed

    async def engine_writes() -> None:
        # The engine's own connection writes meanwhile (chat, seating…): both get turns.
        for number in range(30):
            async with db.engine.begin() as conn:
                await conn.execute(
                    text("UPDATE users SET display_name = :name WHERE id = 'host'"),
                    {"name": f"Host {number}"},
                )
            await asyncio.sleep(0)

    try:
        counts, _ = await asyncio.gather(
            asyncio.gather(*(play(room) for room in rooms)), engine_writes()
        )
    finally:
        await writer.close()
    assert counts == [30] * 8
    assert set((await db.versions()).values()) == {31}
    assert len(await db.logged()) == 240


async def test_a_locked_database_is_unavailable_and_rolls_back(db: Database) -> None:
    writer = SqliteThreadWriter(str(db.path), busy_timeout=0.1)
    blocker = sqlite3.connect(db.path, isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(sqlite3.OperationalError) as caught:
            await writer.write([move("r0", 1)])
        assert unavailable(caught.value)
        # Through the committer: every move of the batch gets the error (a 503), none
        # is retried alone as if it were faulty.
        committer = GroupCommitter([writer])
        committer.start()
        results = await asyncio.gather(
            committer.submit(move("r0", 1)),
            committer.submit(move("r1", 1)),
            return_exceptions=True,
        )
        assert [type(result) for result in results] == [sqlite3.OperationalError] * 2
        assert committer.batches == 0
        blocker.execute("ROLLBACK")
        assert await committer.submit(move("r0", 1)) is True
        await committer.stop()  # closes the writer
        assert (await db.versions())["r0"] == 2
    finally:
        blocker.close()
        await writer.close()


async def test_close_ends_the_connection_and_the_thread(db: Database) -> None:
    writer = SqliteThreadWriter(str(db.path))
    assert await writer.write([move("r0", 1)]) == {"r0"}
    threads = set(writer._executor._threads)
    assert len(threads) == 1
    await writer.close()
    await writer.close()  # twice is fine
    assert writer._conn is None
    for thread in threads:
        await asyncio.to_thread(thread.join, 5)
        assert not thread.is_alive()
    with pytest.raises(RuntimeError):
        await writer.write([move("r1", 1)])
    # Nothing holds the file: another connection takes the write lock at once.
    other = sqlite3.connect(db.path, timeout=0, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")
    finally:
        other.close()
