"""``python -m app.cli backup`` and ``restore`` on SQLite: what restore refuses (and leaves
untouched), the migration of an older backup (which ``verify`` refuses to read before it),
and the PostgreSQL refusals of the CLI.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import pytest
from alembic import command

from app.cli import main
from app.config import get_settings
from app.db.migrate import alembic_config, head
from app.db.sqlite_backup import backup, inspect


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
