"""The group commit's writer for a SQLite file: one thread, one connection (issue 15).

:class:`SqliteWriter` ran each move's UPDATE and INSERT through
aiosqlite and SQLAlchemy: every ``await conn.execute`` is a hop to aiosqlite's thread
and back, two per move plus BEGIN and COMMIT, and the ORM's statement handling on top.
:class:`SqliteThreadWriter` owns ONE plain :mod:`sqlite3` connection to the same file
(the same pragmas: WAL, synchronous=NORMAL, foreign keys, busy_timeout), used only by
ONE dedicated thread (a single-worker executor). ``write(batch)`` makes one hop to that
thread, which runs the whole batch:

* ``BEGIN IMMEDIATE`` (the write lock up front: the transaction never has to upgrade a
  read snapshot another connection made stale);
* per move the version-guarded UPDATE (per row, since each row's rowcount says whether
  that room's move committed; the prepared statement is cached by :mod:`sqlite3`);
* the move-log INSERTs of the moves whose UPDATE succeeded, in one ``executemany``;
* COMMIT; ROLLBACK on any error.

Semantics are those of the old writer: the ids of the committed rooms are returned; a
constraint error (:class:`sqlite3.IntegrityError`) becomes
:class:`~app.rooms.store.RefusedByDatabase`, so the committer retries move by move; an
unavailable database (:class:`sqlite3.OperationalError`: "database is locked", disk
I/O, disk full) propagates, :func:`app.db.errors.unavailable` says so, and the moves are
answered 503.

The engine's own connection (room creation, seating, chat, finishing moves…) goes on
writing to the same file: WAL lets readers read while one connection writes, and
busy_timeout makes the two writers take turns. The wait for the lock happens on the
writer thread, never on the event loop: the engine's transaction holding the lock needs
the loop to finish (measured: the same writer run inline on the loop deadlocked the
bench at once). The writer never waits on the loop while it holds the lock, and every
path takes a room's lock before opening a transaction, so no cycle forms through it.

An in-memory database (``:memory:``) is private to its connection, so it keeps the
old writer (:func:`~app.rooms.store.writers_for`), which lives here rather than in the
compiled :mod:`app.rooms.store`: its ``async with`` suspends in the transaction's exit
while an error is handled, which compiled code must not do (tests/test_native.py).

Measured (``bench/ws_load.py --spawn sqlite --rooms 100``, race, server pinned to one
core of a 2-core machine shared with other jobs, load 1.8-4.7, runs alternated): the
old writer 1,881-2,013 moves/s (p99 87-324 ms), this one 3,618-4,104 moves/s (p99
57-67 ms). A batch (~25 moves) costs ~1 ms of the thread's CPU, ~5 ms from hand-over
to result (the loop is busy). One statement per batch over a JSON parameter
(``UPDATE … FROM json_each``) measured slower (1.7 ms CPU per batch: json_extract),
a shorter GIL switch interval changed nothing.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from app.db.session import SQLITE_PRAGMAS
from app.rooms.store import PendingMove, RefusedByDatabase

# Numbered parameters: ?2 (the old version) and ?3 (the status) are used twice.
_UPDATE = (
    "UPDATE rooms SET state = ?1, version = ?2 + 1, status = ?3, timers = ?4, "
    "deadline_at = ?5, updated_at = CURRENT_TIMESTAMP, "
    "finished_at = CASE WHEN ?3 = 'finished' THEN CURRENT_TIMESTAMP ELSE finished_at END "
    "WHERE id = ?6 AND version = ?2 AND seats_version = ?7"
)
_INSERT = (
    "INSERT INTO moves (room_id, seq, seat, client_move_id, move, created_at) "
    "VALUES (?, ?, ?, ?, ?, CURRENT_TIMESTAMP)"
)


class SqliteThreadWriter:
    """A :class:`~app.rooms.store.BatchWriter` on its own thread and sqlite3 connection."""

    def __init__(self, path: str, *, busy_timeout: float = 30.0) -> None:
        self._path = path
        self._busy_timeout = busy_timeout
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-writer")
        self._conn: sqlite3.Connection | None = None  # touched only on the writer thread
        self._closed = False

    async def write(self, batch: list[PendingMove]) -> set[str]:
        if self._closed:
            raise RuntimeError("the SQLite writer is closed")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self._write, batch)

    async def close(self) -> None:
        """Close the connection after the batches already handed over, then the thread."""
        if self._closed:
            return
        self._closed = True
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._executor, self._close_connection)
        finally:
            self._executor.shutdown(wait=False)

    # ------------------------------------------------------------ on the writer thread
    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            # isolation_level=None: no implicit BEGIN; the writer says BEGIN IMMEDIATE.
            conn = sqlite3.connect(self._path, timeout=self._busy_timeout, isolation_level=None)
            try:
                for pragma in SQLITE_PRAGMAS:
                    conn.execute(pragma)
                conn.execute(f"PRAGMA busy_timeout={int(self._busy_timeout * 1000)}")
            except BaseException:
                conn.close()
                raise
            self._conn = conn
        return self._conn

    def _write(self, batch: Sequence[PendingMove]) -> set[str]:
        conn = self._connection()
        committed: set[str] = set()
        rows: list[tuple[str, int, int, str | None, str]] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
            for m in batch:
                cursor = conn.execute(
                    _UPDATE,
                    (
                        m.state_json,
                        m.old_version,
                        m.status,
                        m.timers_json,
                        m.deadline_at,
                        m.room_id,
                        m.seats_version,
                    ),
                )
                if cursor.rowcount == 1:
                    committed.add(m.room_id)
                    rows.append((m.room_id, m.seq, m.seat, m.client_move_id, m.move_json))
            if rows:
                conn.executemany(_INSERT, rows)
            conn.execute("COMMIT")
        except sqlite3.IntegrityError as error:
            self._rollback(conn)
            raise RefusedByDatabase(str(error)) from error
        except BaseException:
            self._rollback(conn)
            raise
        return committed

    def _rollback(self, conn: sqlite3.Connection) -> None:
        if not conn.in_transaction:
            return
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            # The connection is in an unknown state: the next batch opens a new one.
            self._close_connection()

    def _close_connection(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()


_UPDATE_ONE = text(
    "UPDATE rooms SET state = :state, version = :old_version + 1, status = :status, "
    "timers = :timers, deadline_at = :deadline_at, updated_at = CURRENT_TIMESTAMP, "
    "finished_at = CASE WHEN :status = 'finished' THEN CURRENT_TIMESTAMP ELSE finished_at END "
    "WHERE id = :room_id AND version = :old_version AND seats_version = :seats_version"
)
_INSERT_ONE = text(
    "INSERT INTO moves (room_id, seq, seat, client_move_id, move, created_at) "
    "VALUES (:room_id, :seq, :seat, :client_move_id, :move, CURRENT_TIMESTAMP)"
)


class SqliteWriter:
    """Per-move statements in one transaction on the engine's single connection."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def write(self, batch: list[PendingMove]) -> set[str]:
        committed: set[str] = set()
        try:
            async with self._engine.begin() as conn:
                for m in batch:
                    result = await conn.execute(
                        _UPDATE_ONE,
                        {
                            "state": m.state_json,
                            "old_version": m.old_version,
                            "status": m.status,
                            "room_id": m.room_id,
                            "timers": m.timers_json,
                            "deadline_at": m.deadline_at,
                            "seats_version": m.seats_version,
                        },
                    )
                    if result.rowcount != 1:  # type: ignore[attr-defined]
                        continue
                    await conn.execute(
                        _INSERT_ONE,
                        {
                            "room_id": m.room_id,
                            "seq": m.seq,
                            "seat": m.seat,
                            "client_move_id": m.client_move_id,
                            "move": m.move_json,
                        },
                    )
                    committed.add(m.room_id)
        except IntegrityError as error:
            raise RefusedByDatabase(str(error)) from error
        return committed

    async def close(self) -> None:
        return None
