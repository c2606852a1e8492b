"""Admin commands: `python -m app.cli create-admin USERNAME [--password P]`.

Creates the account if it does not exist (asking for the password on the terminal
when --password is not given), or promotes an existing account to admin.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys

from sqlalchemy import select

from app.accounts.service import register
from app.config import get_settings
from app.db.migrate import upgrade_async
from app.db.models import User
from app.db.session import create_engine, create_sessionmaker


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.cli")
    commands = parser.add_subparsers(dest="command", required=True)
    admin = commands.add_parser("create-admin", help="create or promote an admin account")
    admin.add_argument("username")
    admin.add_argument("--password", help="for a new account (asked for when omitted)")
    args = parser.parse_args(argv)
    password = args.password
    if password is None and sys.stdin.isatty():
        password = getpass.getpass("password (new account only; empty to promote): ") or None
    user = asyncio.run(create_admin(get_settings().database_url, args.username, password))
    print(f"{user.username} is an admin")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
