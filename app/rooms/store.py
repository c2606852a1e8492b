"""The hot path to the database: group commit of accepted moves.

Every accepted move becomes a :class:`PendingMove`. Writer tasks take every move
queued so far and commit them together: the room row is updated only if its version
is still the one the move was applied to (so two processes can never both accept a
move for the same version), and the move-log row is inserted only for rooms whose
update succeeded. Each move still waits for its own commit before it is published.

PostgreSQL: the batch is ONE statement over one JSON array of the moves, run in autocommit
(atomic on its own, one round trip), on raw asyncpg connections held by a few writer
tasks, so one batch is in flight while the next one forms. SQLite (one writer by
nature): one writer task; for a database file, one thread with its own sqlite3
connection runs the batch in one transaction (:mod:`.sqlite_writer`); in memory, one
UPDATE + INSERT per move on the engine's connection (:class:`SqliteWriter`).

Measured on this machine (notes/perf-anchors.md): one transaction per move caps near
2,900 commits/s even with raw asyncpg, the ORM near 400/s; batching is the way past.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any, Protocol

import orjson
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.db.errors import unavailable
from app.rooms.batch_queue import BatchQueue

log = logging.getLogger(__name__)


# A plain class with its own __init__: mypyc compiles that one, while a dataclass's
# generated __init__ stays interpreted even in a compiled module (it was 0.5 % of the
# server's CPU at R = 500, bench/ws_load.py). Nothing changes a PendingMove once made.
class PendingMove:
    __slots__ = (
        "client_move_id", "deadline_at", "move_json", "old_version", "room_id", "seat",
        "seats_version", "state_json", "status", "timers_json",
    )  # fmt: skip

    def __init__(
        self,
        room_id: str,
        old_version: int,
        seat: int,
        client_move_id: str | None,
        move_json: str,
        state_json: str,
        status: str,
        # What the room waits on at the new version (app.rooms.clock), stored with it.
        timers_json: str | None = None,
        deadline_at: float | None = None,
        # The room's seats_version the move was checked against (seats changed: refused).
        seats_version: int = 0,
    ) -> None:
        self.room_id = room_id
        self.old_version = old_version
        self.seat = seat
        self.client_move_id = client_move_id
        self.move_json = move_json
        self.state_json = state_json
        self.status = status
        self.timers_json = timers_json
        self.deadline_at = deadline_at
        self.seats_version = seats_version

    @property
    def seq(self) -> int:
        # Version 1 is the initial state; move n produces version n + 1.
        return self.old_version


# The moves arrive as one JSON array (``orjson`` makes it in C: about half the client CPU
# per move of nine typed arrays encoded by asyncpg, and no more of PostgreSQL's, measured
# with bench/pg_batch.py), unpacked once (``u``, materialised: it is read twice). A batch
# holds at most one move per room (the room's lock is held until its commit ends).
_PG_BATCH = """
WITH u AS (
    SELECT * FROM json_to_recordset($1::json) AS t(room_id varchar, old_version int,
        state text, status varchar, timers text, deadline_at float8, seat int,
        client_move_id varchar, move text, seats_version int)
), upd AS (
    UPDATE rooms SET state = u.state, version = u.old_version + 1, status = u.status,
        timers = u.timers, deadline_at = u.deadline_at, updated_at = now(),
        finished_at = CASE WHEN u.status = 'finished' THEN now() ELSE rooms.finished_at END
    FROM u WHERE rooms.id = u.room_id AND rooms.version = u.old_version
        AND rooms.seats_version = u.seats_version
    RETURNING rooms.id
)
INSERT INTO moves (room_id, seq, seat, client_move_id, move, created_at)
SELECT u.room_id, u.old_version, u.seat, u.client_move_id, u.move, now()
FROM u JOIN upd ON upd.id = u.room_id
RETURNING room_id
"""


class BatchWriter(Protocol):
    async def write(self, batch: list[PendingMove]) -> set[str]:
        """Commit what can be committed; return the ids of the rooms whose move did."""

    async def close(self) -> None: ...


class RefusedByDatabase(Exception):
    """A constraint refused the batch (e.g. a client move id seen by another process)."""


class PostgresWriter:
    """One raw asyncpg connection, checked out of the engine's pool for good."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._sa_conn: AsyncConnection | None = None
        self._raw: Any = None

    async def connection(self) -> Any:
        """The writer's asyncpg connection, opened on first use (and again once closed)."""
        if self._raw is not None and not self._raw.is_closed():
            return self._raw
        # The old one handed back first (a closed one too), and a new one kept only once
        # set up: otherwise a PostgreSQL restart left checked-out connections to the
        # garbage collector. (The close after the except block: see write.)
        await self.close()
        self._sa_conn = await self._engine.connect()
        try:
            fairy = await self._sa_conn.get_raw_connection()
            raw: Any = fairy.driver_connection
            # With array parameters PostgreSQL keeps re-planning the batch statement
            # (custom plans, ~1-3 ms each); its generic plan is as good (measured:
            # p90 3.7 ms -> 0.7 ms per batch).
            await raw.execute("SET plan_cache_mode = force_generic_plan")
        except BaseException as error:
            failed: BaseException = error
        else:
            self._raw = raw
            return raw
        await self.close()
        raise failed

    async def write(self, batch: list[PendingMove]) -> set[str]:
        import asyncpg

        raw = await self.connection()
        try:
            rows = await raw.fetch(_PG_BATCH, batch_json(batch))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise RefusedByDatabase(str(error)) from error
        except ValueError:  # a value asyncpg cannot encode (its DataError): the move's fault
            raise
        except (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError) as error:
            lost: BaseException = error
        else:
            return {row[0] for row in rows}
        # Closed outside the except block: compiled code must not suspend while it handles
        # an exception (tests/test_native.py says why; it segfaulted the soak).
        await self.close()
        raise lost

    async def close(self) -> None:
        if self._sa_conn is not None:
            # Invalidated, not returned: the session setting must not reach the pool.
            # Each step alone: an invalidate that raises (the server went away) must not
            # skip the close, or the connection is left to the garbage collector (the soak
            # logged it after PostgreSQL restarts).
            with contextlib.suppress(Exception):
                await self._sa_conn.invalidate()
            with contextlib.suppress(Exception):
                await self._sa_conn.close()
        self._sa_conn, self._raw = None, None


def batch_json(batch: list[PendingMove]) -> str:
    """The batch as the JSON array :data:`_PG_BATCH` unpacks (texts stay texts)."""
    return orjson.dumps(
        [
            {
                "room_id": m.room_id,
                "old_version": m.old_version,
                "state": m.state_json,
                "status": m.status,
                "timers": m.timers_json,
                "deadline_at": m.deadline_at,
                "seat": m.seat,
                "client_move_id": m.client_move_id,
                "move": m.move_json,
                "seats_version": m.seats_version,
            }
            for m in batch
        ]
    ).decode()


def writers_for(engine: AsyncEngine, count: int) -> list[BatchWriter]:
    if engine.dialect.name == "postgresql":
        return [PostgresWriter(engine) for _ in range(max(1, count))]
    from app.rooms.sqlite_writer import SqliteThreadWriter, SqliteWriter

    path = sqlite_file(engine)
    if path is None:  # a memory database lives in the engine's connection only
        return [SqliteWriter(engine)]

    return [SqliteThreadWriter(path)]


def sqlite_file(engine: AsyncEngine) -> str | None:
    """The engine's SQLite database file, or None for an in-memory database."""
    url = engine.url
    database = url.database or ""
    if database in ("", ":memory:") or url.query.get("mode") == "memory":
        return None
    if database.startswith("file:") or url.query.get("uri"):
        return None  # a URI filename (its own options): left to the engine's connection
    return database


class GroupCommitter:
    """Writer tasks that each commit every move queued so far in one go."""

    def __init__(self, writers: list[BatchWriter], max_batch: int = 512) -> None:
        self._writers = writers
        self._max_batch = max_batch
        self._queue: BatchQueue[tuple[PendingMove, asyncio.Future[bool]]] = BatchQueue()
        self._tasks: list[asyncio.Task[None]] = []
        self.batches = 0
        self.moves = 0
        self.commit_seconds = 0.0

    def start(self) -> None:
        if not self._tasks:
            self._tasks = [
                asyncio.create_task(self._run(writer), name=f"group-commit-{index}")
                for index, writer in enumerate(self._writers)
            ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []
        for writer in self._writers:
            await writer.close()
        if self.batches:
            log.info(
                "group commit: %d moves in %d batches, %.2f ms per batch",
                self.moves,
                self.batches,
                1000 * self.commit_seconds / self.batches,
            )

    async def submit(self, pending: PendingMove) -> bool:
        """Queue a move and wait until its batch ends; True if it committed."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.put((pending, future))
        return await future

    async def _commit(
        self, writer: BatchWriter, batch: list[PendingMove]
    ) -> tuple[set[str], dict[int, Exception]]:
        """Commit ``batch``; returns the rooms committed and the errors of faulty moves.

        One bad move (a constraint, or a value the database refuses) must not sink the
        others: a batch that fails for any reason but an unavailable database is
        retried move by move, and only the faulty move gets its error.
        """
        try:
            return await writer.write(batch), {}
        except RefusedByDatabase:
            if len(batch) == 1:
                log.warning("move for room %s refused by the database", batch[0].room_id)
                return set(), {}
        except Exception as error:
            if unavailable(error):
                raise
            if len(batch) == 1:
                log.warning("move for room %s failed: %s", batch[0].room_id, error)
                return set(), {id(batch[0]): error}
            log.warning(
                "a batch of %d moves failed (%s); retrying one by one",
                len(batch),
                type(error).__name__,
            )
        committed: set[str] = set()
        failed: dict[int, Exception] = {}
        for pending in batch:
            one, errors = await self._commit(writer, [pending])
            committed |= one
            failed |= errors
        return committed, failed

    async def _run(self, writer: BatchWriter) -> None:
        while True:
            items = await self._queue.take(self._max_batch)
            started = time.perf_counter()
            try:
                committed, failed = await self._commit(writer, [pending for pending, _ in items])
            except Exception as error:  # the database is down: refuse, don't hang
                log.exception("group commit failed")
                for _, future in items:
                    if not future.done():
                        future.set_exception(error)
                continue
            self.commit_seconds += time.perf_counter() - started
            self.batches += 1
            self.moves += len(committed)
            for pending, future in items:
                if future.done():
                    continue
                if id(pending) in failed:
                    future.set_exception(failed[id(pending)])
                else:
                    future.set_result(pending.room_id in committed)
