"""Operators' commands: ``python -m app.cli COMMAND`` (docs/operations.md).

* ``create-admin USERNAME [--password P]``: creates the account if it does not exist
  (asking for the password on the terminal when --password is not given), or promotes
  an existing account to admin.
* ``backup PATH``: an online, consistent copy of the embedded SQLite store (the server
  may be running) to the new file PATH (:mod:`app.db.sqlite_backup`).
* ``restore PATH``: replaces the SQLite store with a backup, migrated to this code's
  schema; refused while any process (the server) has the store open.

Every command works on the database of ``DATABASE_URL``. On PostgreSQL, backup and
restore refuse and point to the runbook: PostgreSQL is backed up with its own tools
(``pg_dump``, continuous archiving), which a wrapper here would only hide (their
version must match the server's, they take libpq's URLs and credentials, and the
production option, point-in-time recovery, is not a command at all). Exit status: 0
done, 1 refused or failed (a message on stderr).
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
from app.db.migrate import head, upgrade_async
from app.db.models import User
from app.db.session import create_engine, create_sessionmaker
from app.db.sqlite_backup import BackupError, Summary, backup, restore

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
    return 0


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
    args = parser.parse_args(argv)
    database_url = get_settings().database_url
    try:
        if args.command == "backup":
            return run_backup(database_url, args.path)
        if args.command == "restore":
            return run_restore(database_url, args.path)
    except (BackupError, Refused) as error:
        print(f"{args.command}: {error}", file=sys.stderr)
        return 1
    password = args.password
    if password is None and sys.stdin.isatty():
        password = getpass.getpass("password (new account only; empty to promote): ") or None
    user = asyncio.run(create_admin(database_url, args.username, password))
    print(f"{user.username} is an admin")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
