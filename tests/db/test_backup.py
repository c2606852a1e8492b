"""Backup and restore on real databases while games are played (docs/operations.md).

Both databases: games of the four games are played over a server's sockets; once every
table has moved, the backup runs while they go on playing (online); it is restored into
a new database (on SQLite, first refused over the store of the server still running),
every game there is verified by replay (``python -m app.cli verify``),
and each room's restored log holds every move acknowledged before the backup began, as
a prefix of the live log (one consistent snapshot). The commands are the blocks of
docs/operations.md marked ``runbook:``, run as written. Then what ``restore`` refuses,
the migration of an older backup, and the PostgreSQL refusals of the CLI.
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import closing
from pathlib import Path

import httpx
import pytest
from alembic import command

from app.cli import main
from app.config import ROOT, get_settings
from app.db.migrate import alembic_config, head
from app.db.sqlite_backup import backup, inspect
from tests.conftest import POSTGRES_URL, base_settings, need_service, port_open, start_server
from tests.db.tables import Table, close_tables, logs, open_tables, play
from tests.rooms.procs import fresh_postgres

RUNBOOK = ROOT / "docs" / "operations.md"
_BLOCK = re.compile(r"<!-- runbook: (?P<name>[\w-]+) -->\n```sh\n(?P<body>.*?)```", re.S)
#: moves each table has made (or its game ended) before the backup starts; an Akropolis
#: game (~36 moves) has ended by then as well
WARM_MOVES = 20


def runbook(name: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run the runbook's block ``name`` with bash, ``python`` being this interpreter."""
    blocks = {found["name"]: found["body"] for found in _BLOCK.finditer(RUNBOOK.read_text())}
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    values = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", blocks[name]],
        cwd=ROOT,
        env={**values, "PATH": path, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"runbook {name} failed:\n{done.stdout}\n{done.stderr}"
    return done


async def backup_while_playing(
    tables: list[Table], take_backup: Callable[[], Awaitable[object]]
) -> tuple[dict[str, int], set[str]]:
    """Every table plays; once each has moved and a game has ended, ``take_backup`` runs
    while they play on. The moves acknowledged per room when the backup began, and the
    rooms whose game had ended by then."""
    stop = asyncio.Event()
    tasks = [asyncio.create_task(play(t, seed, until=stop)) for seed, t in enumerate(tables)]
    try:
        deadline = time.monotonic() + 30
        while not (
            all(t.finished or t.acknowledged >= WARM_MOVES for t in tables)
            and any(t.finished for t in tables)
        ):
            failed = [task for task in tasks if task.done() and task.exception()]
            if failed:
                await failed[0]
            assert time.monotonic() < deadline, [t.acknowledged for t in tables]
            await asyncio.sleep(0.02)
        before = {table.room_id: table.acknowledged for table in tables}
        ended = {table.room_id for table in tables if table.finished}
        await take_backup()
        after = {table.room_id: table.acknowledged for table in tables}
        stop.set()
        await asyncio.gather(*tasks)
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
    # Online: the server went on accepting moves while the backup ran.
    assert sum(after.values()) > sum(before.values())
    return before, ended


async def check_restored(
    live_url: str, restored_url: str, tables: list[Table], before: dict[str, int]
) -> None:
    """Each restored log: every move acknowledged before the backup, a prefix of the live one."""
    live, restored = await logs(live_url), await logs(restored_url)
    assert set(restored) == set(live) == {table.room_id for table in tables}
    for table in tables:
        kept = restored[table.room_id]
        assert len(kept) >= before[table.room_id], table.game
        assert kept == live[table.room_id][: len(kept)], table.game


def verified_line(output: str, games: int) -> None:
    assert f"{games} of {games} games verified by replay" in output, output
    assert "0 mismatched" in output and "MISMATCH" not in output, output


async def test_sqlite_backup_of_a_busy_store_restores_every_game(tmp_path: Path) -> None:
    live_url = f"sqlite+aiosqlite:///{tmp_path / 'live' / 'agora.db'}"
    restored_url = f"sqlite+aiosqlite:///{tmp_path / 'restored' / 'agora.db'}"
    saved = tmp_path / "backups" / "agora-1.db"
    server = start_server(base_settings(database_url=live_url))
    try:
        tables = await open_tables(server, per_game=2)
        try:
            before, ended = await backup_while_playing(
                tables,
                lambda: asyncio.to_thread(
                    runbook, "sqlite-backup", DATABASE_URL=live_url, BACKUP=str(saved)
                ),
            )
        finally:
            await close_tables(tables)
        # A running server's store cannot be restored over: refused, nothing changed.
        refused = subprocess.run(
            [sys.executable, "-m", "app.cli", "restore", str(saved)],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": live_url},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert refused.returncode == 1 and "stop the Agora server" in refused.stderr
        async with httpx.AsyncClient(base_url=server.url) as client:
            assert (await client.get("/readyz")).status_code == 200
    finally:
        server.stop()
    assert saved.stat().st_mode & 0o077 == 0  # password hashes: the owner's only
    assert not list(saved.parent.glob(".*"))  # no partial file left
    done = runbook("sqlite-restore", DATABASE_URL=restored_url, BACKUP=str(saved))
    verified_line(done.stdout, len(tables))
    await check_restored(live_url, restored_url, tables, before)

    # The restored store serves: the games that had ended before the backup verify over
    # HTTP too (History.verify).
    again = start_server(base_settings(database_url=restored_url))
    try:
        async with httpx.AsyncClient(base_url=again.url) as client:
            for room_id in ended:
                answer = (await client.get(f"/api/rooms/{room_id}/verify")).json()
                assert answer["verified"] and answer["seed_matches_hash"], answer
    finally:
        again.stop()


@pytest.mark.postgres
async def test_postgres_runbook_dumps_a_busy_database_and_restores_every_game(
    tmp_path: Path,
) -> None:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    live_url = await fresh_postgres("backup_src")
    restored_url = live_url.replace("_backup_src", "_backup_dst")
    await drop_database(restored_url)  # left by an interrupted run: the runbook creates it
    server_url, _, live_name = live_url.replace("+asyncpg", "").rpartition("/")
    variables = {
        "PGSERVER": server_url,
        "LIVE": live_name,
        "NEW": restored_url.rpartition("/")[2],
        "BACKUP": str(tmp_path / "agora.dump"),
    }
    try:
        # A small pool: the machine's PostgreSQL serves other test runs too.
        small = {"db_pool_size": 4, "db_pool_overflow": 4, "commit_writers": 2}
        server = start_server(base_settings(database_url=live_url, **small))
        try:
            tables = await open_tables(server, per_game=2)
            try:
                before, _ = await backup_while_playing(
                    tables, lambda: asyncio.to_thread(runbook, "pg-dump", **variables)
                )
            finally:
                await close_tables(tables)
        finally:
            server.stop()
        done = runbook("pg-restore", **variables)
        verified_line(done.stdout, len(tables))
        await check_restored(live_url, restored_url, tables, before)
    finally:
        await drop_database(live_url)
        await drop_database(restored_url)


async def drop_database(url: str) -> None:
    import asyncpg

    name = url.rpartition("/")[2]
    conn = await asyncpg.connect(POSTGRES_URL.replace("+asyncpg", ""))
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


# ------------------------------------------------------------------ refusals, migration
@pytest.fixture
def database_url(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Point ``app.cli.main`` (its settings) at a database."""

    def use(url: str) -> None:
        monkeypatch.setenv("DATABASE_URL", url)
        get_settings.cache_clear()

    yield use
    get_settings.cache_clear()


def migrated_store(path: Path, revision: str = "head") -> str:
    url = f"sqlite+aiosqlite:///{path}"
    command.upgrade(alembic_config(url), revision)
    return url


def test_restore_refuses_what_is_not_an_agora_database_of_this_schema(
    tmp_path: Path, database_url: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "agora.db"
    database_url(migrated_store(store))
    before = store.read_bytes()
    text_file = tmp_path / "notes.txt"
    text_file.write_text("not a database\n" * 100)
    other = tmp_path / "other.db"
    with closing(sqlite3.connect(other)) as conn:
        conn.execute("CREATE TABLE rooms (id TEXT)")
    newer = tmp_path / "newer.db"
    backup(f"sqlite+aiosqlite:///{store}", newer)
    with closing(sqlite3.connect(newer, isolation_level=None)) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    cases = {
        tmp_path / "missing.db": "there is no file",
        text_file: "is not an Agora database (file is not a database)",
        other: "is not an Agora database (no alembic_version, moves, seats, users)",
        newer: "has schema 9999_from_the_future, newer than this Agora's",
    }
    for path, reason in cases.items():
        assert main(["restore", str(path)]) == 1
        error = capsys.readouterr().err
        assert error.startswith("restore: ") and reason in error, error
    assert store.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["agora.db", "notes.txt", "other.db", "newer.db"]
    )  # no staging file left


def test_an_older_backup_is_migrated_and_the_replaced_store_kept(
    tmp_path: Path, database_url: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    old = migrated_store(tmp_path / "old.db", "0006_reviews")
    saved = tmp_path / "old-backup.db"
    backup(old, saved)
    assert inspect(saved).revision == "0006_reviews"
    database_url(old)  # verify reads with this code's tables: it asks for a migration
    assert main(["verify"]) == 1
    assert "older than this Agora's" in capsys.readouterr().err
    assert main(["migrate"]) == 0 and main(["verify"]) == 0
    store = tmp_path / "store" / "agora.db"
    database_url(migrated_store(store))
    with closing(sqlite3.connect(store)) as conn:
        conn.execute("CREATE TABLE replaced (x)")
    assert main(["restore", str(saved)]) == 0
    out = capsys.readouterr().out
    assert f"migrated from schema 0006_reviews to {head()}" in out
    assert inspect(store).revision == head()
    (kept,) = store.parent.glob("agora.db.pre-restore-*")
    assert f"saved as {kept}" in out
    tables = "SELECT count(*) FROM sqlite_master WHERE name = 'replaced'"
    with closing(sqlite3.connect(kept)) as conn:
        assert conn.execute(tables).fetchone() == (1,)
    with closing(sqlite3.connect(store)) as conn:
        assert conn.execute(tables).fetchone() == (0,)
    assert main(["verify"]) == 0
    assert "0 of 0 games verified" in capsys.readouterr().out


def test_backup_refuses_an_existing_file_and_a_missing_store(
    tmp_path: Path, database_url: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    database_url(migrated_store(tmp_path / "agora.db"))
    taken = tmp_path / "taken.db"
    taken.write_text("keep me")
    assert main(["backup", str(taken)]) == 1
    assert "exists: back up to a new file" in capsys.readouterr().err
    assert taken.read_text() == "keep me"
    database_url(f"sqlite+aiosqlite:///{tmp_path / 'nowhere' / 'agora.db'}")
    assert main(["backup", str(tmp_path / "b.db")]) == 1
    assert main(["verify"]) == 1
    assert capsys.readouterr().err.count("there is no database at") == 2
    assert not (tmp_path / "nowhere").exists()


def test_on_postgresql_backup_and_restore_point_to_the_runbook(
    database_url: Callable[[str], None], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database_url("postgresql+asyncpg://agora@db.invalid:5432/agora")  # never connected to
    for name in ("backup", "restore"):
        assert main([name, str(tmp_path / "x")]) == 1
        error = capsys.readouterr().err
        assert "pg_dump" in error and "docs/operations.md" in error, error
