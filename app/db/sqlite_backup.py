"""Online backup and restore of the embedded SQLite store (``python -m app.cli backup`` and
``restore``; docs/operations.md).

**Backup** runs while the server serves and writes. It uses SQLite's online backup API
(:meth:`sqlite3.Connection.backup`) in ONE step (``pages=-1``): the whole copy runs in a
single read transaction of the source, so it is the database as of one commit, every
move batch (room UPDATE and move-log INSERTs, one transaction) in it or out of it. In WAL
mode a reader never blocks the writers, so moves go on being committed during the copy;
they are simply not in it. (Copied in several steps, a write by another connection would
restart the copy, which under a steady stream of moves might never finish.) Chosen over
``VACUUM INTO``, which is as consistent: the backup API copies pages as they are, where
``VACUUM INTO`` rebuilds every table and index (more CPU and I/O on the machine that
serves, for a smaller file nobody needs). The copy goes to a temporary file next to PATH
that is checked (``PRAGMA integrity_check``, the schema revision), switched from WAL to
a rollback journal (one self-contained file), synced to disk and only then renamed to
PATH: PATH is never a partial backup.

**Restore** replaces the store with a backup. The backup is checked first, and refused
when it is not an SQLite file, not an Agora database, damaged, or of a schema newer than
this code's (restore it with the Agora version that wrote it). It is copied to a staging
file next to the store and migrated to this code's schema there, so the store is only
ever replaced by a complete, current database. Then the store is taken with an
exclusive lock (``locking_mode=EXCLUSIVE``): every connection of a running server holds
the database open, so the lock is refused while any process uses the store, and restore
refuses with "stop the server". A server's memory (its cached rooms, their versions)
would contradict a store replaced under it, hence no ``--force``. Under the lock the
current store is saved beside it (``<store>.pre-restore-<time>``, when it holds
anything) and the staged database is copied in with the backup API, through the
locked connection: the old WAL is never replayed over the restored pages.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from app.db.migrate import head, is_known, upgrade

#: a backup must hold these tables (and the schema revision) to be an Agora database
AGORA_TABLES = frozenset({"alembic_version", "users", "rooms", "seats", "moves"})
#: seconds restore waits for the store's lock before saying it is in use (a server
#: holds it for as long as it runs; a reader's query finishes well within this)
LOCK_WAIT_SECONDS = 1.0


class BackupError(Exception):
    """A refusal or failure, with the message for the operator."""


@dataclass(frozen=True)
class Summary:
    """What a database file holds."""

    path: Path
    revision: str
    rooms: int
    moves: int
    size: int


@dataclass(frozen=True)
class Restored:
    backup: Summary
    store: Path
    migrated_from: str | None  # the backup's revision, when it was older than head
    saved: Path | None  # the store as it was before, when it held anything


def sqlite_path(database_url: str) -> Path:
    """The store's file, or :class:`BackupError` for a URL that is not an SQLite file."""
    try:
        url = make_url(database_url)
    except ArgumentError as error:
        raise BackupError(f"DATABASE_URL is not a database URL: {error}") from None
    if url.get_backend_name() != "sqlite":
        raise BackupError(f"DATABASE_URL is a {url.get_backend_name()} database, not SQLite")
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:") or url.query:
        raise BackupError("DATABASE_URL is not an SQLite database file (memory, or a URI)")
    return Path(database)


def backup(database_url: str, target: Path) -> Summary:
    """Copy the live store to ``target`` (a new file) as one consistent snapshot."""
    store = sqlite_path(database_url)
    if not store.is_file():
        raise BackupError(f"there is no database at {store}")
    if target.exists():
        raise BackupError(f"{target} exists: back up to a new file")
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        # mode=rw: never create an empty store where there was none.
        with closing(_connect(f"{store.resolve().as_uri()}?mode=rw", uri=True)) as source:
            revision = _revision(source, store)
            with _temporary(target) as partial:
                with closing(_connect(partial)) as copy:
                    source.backup(copy, pages=-1)  # one step, one read transaction: a snapshot
                    copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
                    _check_integrity(copy, target)
                _sync(partial)
                os.replace(partial, target)
    except sqlite3.Error as error:  # not a database, disk full, I/O error
        raise BackupError(f"backup of {store} failed: {error}") from None
    _sync(target.parent)
    summary = inspect(target)
    assert summary.revision == revision
    return summary


def inspect(path: Path) -> Summary:
    """What the database file at ``path`` holds; refused when it is not one Agora can use."""
    if not path.is_file():
        raise BackupError(f"there is no file at {path}")
    try:
        with closing(_connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            revision = _revision(conn, path)
            _check_integrity(conn, path)
            rooms = conn.execute("SELECT count(*) FROM rooms").fetchone()[0]
            moves = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
    except sqlite3.DatabaseError as error:  # "file is not a database", unreadable pages
        raise BackupError(f"{path} is not an Agora database ({error})") from None
    return Summary(path, revision, rooms, moves, path.stat().st_size)


def restore(source: Path, database_url: str) -> Restored:
    """Replace the store with the backup at ``source``, migrated to this code's schema.

    Refused (:class:`BackupError`, nothing changed) when the backup is not usable or
    when any process, a running server first of all, has the store open.
    """
    store = sqlite_path(database_url)
    summary = inspect(source)
    store.parent.mkdir(parents=True, exist_ok=True)
    try:
        with _temporary(store, ".restoring") as staging:
            with closing(_connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)) as conn:
                with closing(_connect(staging)) as copy:
                    conn.backup(copy, pages=-1)
            migrated_from = None
            if summary.revision != head():
                upgrade(f"sqlite+aiosqlite:///{staging}")
                migrated_from = summary.revision
            with closing(_connect(staging)) as staged, _exclusive(store) as locked:
                _check_integrity(staged, source)
                saved = _save_current(locked, store)
                # One step, in the locked connection's transaction: all of it or none.
                staged.backup(locked, pages=-1)
                locked.execute("PRAGMA journal_mode=WAL")  # as the server sets it
    except sqlite3.Error as error:  # disk full, I/O error
        raise BackupError(f"restore into {store} failed: {error}") from None
    return Restored(summary, store, migrated_from, saved)


# ------------------------------------------------------------------------------ helpers
def _connect(database: str | Path, *, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(database, uri=uri, timeout=30, isolation_level=None)
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


def _revision(conn: sqlite3.Connection, path: Path) -> str:
    """The schema revision of an Agora database this code can read."""
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    missing = AGORA_TABLES - tables
    if missing:
        raise BackupError(f"{path} is not an Agora database (no {', '.join(sorted(missing))})")
    row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    if row is None:
        raise BackupError(f"{path} is not an Agora database (no schema revision)")
    revision = str(row[0])
    if not is_known(revision):
        raise BackupError(
            f"{path} has schema {revision}, newer than this Agora's ({head()}): "
            "restore it with the Agora version that wrote it"
        )
    return revision


def _check_integrity(conn: sqlite3.Connection, path: Path) -> None:
    problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
    if problems != ["ok"]:
        raise BackupError(f"{path} is damaged: {'; '.join(problems[:5])}")


@contextmanager
def _temporary(beside: Path, suffix: str = ".partial") -> Iterator[Path]:
    """A new file's path next to ``beside`` (same file system: renames are atomic),
    removed afterwards unless it was renamed away."""
    # mkstemp's file is its owner's only (0600), which a backup keeps: it holds password
    # hashes. Empty, it is an empty database to sqlite3.
    handle, name = tempfile.mkstemp(dir=beside.parent, prefix=f".{beside.name}.", suffix=suffix)
    os.close(handle)
    path = Path(name)
    try:
        yield path
    finally:
        for leftover in (path, Path(f"{path}-journal"), Path(f"{path}-wal"), Path(f"{path}-shm")):
            with suppress(FileNotFoundError):
                leftover.unlink()


@contextmanager
def _exclusive(store: Path) -> Iterator[sqlite3.Connection]:
    """A connection holding the store's exclusive lock until it closes: refused while any
    other connection (a server's pool, its move writer) has the database open."""
    conn = sqlite3.connect(store, timeout=LOCK_WAIT_SECONDS, isolation_level=None)
    try:
        conn.execute("PRAGMA locking_mode=EXCLUSIVE")  # the lock outlives the transaction
        try:
            conn.execute("BEGIN EXCLUSIVE")
            conn.execute("COMMIT")
        except sqlite3.OperationalError as error:  # "database is locked"
            raise BackupError(
                f"{store} is in use by another process ({error}): stop the Agora server "
                "(every process using this database) and run restore again"
            ) from None
        yield conn
    finally:
        conn.close()


def _save_current(locked: sqlite3.Connection, store: Path) -> Path | None:
    """Copy the store about to be replaced beside it, if it holds anything."""
    if not locked.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    saved = store.with_name(f"{store.name}.pre-restore-{stamp}")
    with closing(_connect(saved)) as copy:
        locked.backup(copy, pages=-1)
        copy.execute("PRAGMA journal_mode=DELETE")
    return saved


def _sync(path: Path) -> None:
    """Flush a file (or a directory's entries: the rename) to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
