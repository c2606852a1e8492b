"""Operators' commands: ``python -m app.cli COMMAND`` (docs/operations.md).

* ``create-admin USERNAME [--password P]``: creates the account if it does not exist
  (asking for the password on the terminal when --password is not given), or promotes
  an existing account to admin.
* ``backup PATH``: an online, consistent copy of the embedded SQLite store (the server
  may be running) to the new file PATH (:mod:`app.db.sqlite_backup`).
* ``restore PATH``: replaces the SQLite store with a backup, migrated to this code's
  schema; refused while any process (the server) has the store open.
* ``verify``: replays every game of the database and compares it with the stored state
  (:mod:`app.rooms.verify_all`); exit 1 on any mismatch.
* ``migrate``: brings the database's schema to this code's (as the server does at start).

Every command works on the database of ``DATABASE_URL``. On PostgreSQL, backup and
restore refuse and point to the runbook: PostgreSQL is backed up with its own tools
(``pg_dump``, continuous archiving), which a wrapper here would only hide (their
version must match the server's, they take libpq's URLs and credentials, and the
production option, point-in-time recovery, is not a command at all). ``verify`` and
``migrate`` work on both. Exit status: 0 done, 1 refused or failed (a message on stderr).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys
from pathlib import Path

from sqlalchemy import select

from app.accounts.service import register
from app.config import get_settings
from app.db.migrate import head, is_known, revision_of, upgrade, upgrade_async
from app.db.models import User
from app.db.session import create_engine, create_sessionmaker
from app.db.sqlite_backup import BackupError, Summary, backup, restore, sqlite_path
from app.rooms.verify_all import Report, verify_all

RUNBOOK = "docs/operations.md"
POSTGRES_REFUSAL = (
    "DATABASE_URL is PostgreSQL: back it up and restore it with PostgreSQL's own tools "
    "(pg_dump for a consistent snapshot of the live database, pg_restore; continuous "
    f"archiving for point-in-time recovery). The runbook: {RUNBOOK}, 'PostgreSQL'."
)


class Refused(Exception):
    """A command that cannot run on this database, with the operator's message."""


async def create_admin(database_url: str, username: str, password: str | None) -> User:
    await upgrade_async(database_url)
    settings = get_settings().model_copy(update={"database_url": database_url})
    engine = create_engine(settings)
    try:
        sessions = create_sessionmaker(engine)
        async with sessions() as session, session.begin():
            user = await session.scalar(select(User).where(User.username == username))
            if user is None:
                if not password:
                    raise SystemExit("a new admin account needs a password")
                user = await register(session, username=username, password=password, admin=True)
            user.is_admin = True
            return user
    finally:
        await engine.dispose()


async def verify_database(database_url: str) -> Report:
    if not database_url.startswith("postgresql") and not sqlite_path(database_url).is_file():
        raise Refused(f"there is no database at {sqlite_path(database_url)}")
    engine = create_engine(get_settings().model_copy(update={"database_url": database_url}))
    try:
        # The rows are read with this code's tables: the schema must be this code's.
        revision = await revision_of(engine)
        if revision is None:
            raise Refused("the database has no Agora schema (never migrated, or not Agora's)")
        if not is_known(revision):
            raise Refused(f"the database is at schema {revision}, newer than this Agora's")
        if revision != head():
            raise Refused(
                f"the database is at schema {revision}, older than this Agora's ({head()}): "
                "run `python -m app.cli migrate` first"
            )
        return await verify_all(engine)
    finally:
        await engine.dispose()


def _describe(summary: Summary) -> str:
    return (
        f"schema {summary.revision}, {summary.rooms} rooms, {summary.moves} moves, "
        f"{summary.size:,} bytes"
    )


def run_backup(database_url: str, path: Path) -> int:
    if database_url.startswith("postgresql"):
        raise Refused(POSTGRES_REFUSAL)
    summary = backup(database_url, path)
    print(f"backed up to {summary.path} ({_describe(summary)})")
    return 0


def run_restore(database_url: str, path: Path) -> int:
    if database_url.startswith("postgresql"):
        raise Refused(POSTGRES_REFUSAL)
    done = restore(path, database_url)
    print(f"restored {done.backup.path} into {done.store} ({_describe(done.backup)})")
    if done.migrated_from is not None:
        print(f"migrated from schema {done.migrated_from} to {head()}")
    if done.saved is not None:
        print(f"the replaced store is saved as {done.saved}")
    print("check it: python -m app.cli verify")
    return 0


def run_verify(database_url: str) -> int:
    report = asyncio.run(verify_database(database_url))
    for check in report.failures:
        print(f"MISMATCH {check.room_id} ({check.game}, {check.status}): {check.problem}")
    for check in report.skipped:
        print(f"skipped {check.room_id} ({check.game}): played with other rules")
    failed = len(report.failures)
    print(
        f"{len(report.checked) - failed} of {len(report.checked)} games verified by replay "
        f"({report.moves} moves); {report.not_started} rooms not started, "
        f"{len(report.skipped)} skipped, {failed} mismatched"
    )
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.cli")
    commands = parser.add_subparsers(dest="command", required=True)
    admin = commands.add_parser("create-admin", help="create or promote an admin account")
    admin.add_argument("username")
    admin.add_argument("--password", help="for a new account (asked for when omitted)")
    saving = commands.add_parser("backup", help="copy the live SQLite store to a new file")
    saving.add_argument("path", type=Path)
    loading = commands.add_parser("restore", help="replace the SQLite store with a backup")
    loading.add_argument("path", type=Path)
    commands.add_parser("verify", help="replay every game and compare with the stored state")
    commands.add_parser("migrate", help="bring the database's schema to this code's")
    args = parser.parse_args(argv)
    database_url = get_settings().database_url
    try:
        if args.command == "backup":
            return run_backup(database_url, args.path)
        if args.command == "restore":
            return run_restore(database_url, args.path)
        if args.command == "verify":
            return run_verify(database_url)
    except (BackupError, Refused) as error:
        print(f"{args.command}: {error}", file=sys.stderr)
        return 1
    if args.command == "migrate":
        upgrade(database_url)
        print(f"schema at {head()}")
        return 0
    password = args.password
    if password is None and sys.stdin.isatty():
        password = getpass.getpass("password (new account only; empty to promote): ") or None
    user = asyncio.run(create_admin(database_url, args.username, password))
    print(f"{user.username} is an admin")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
