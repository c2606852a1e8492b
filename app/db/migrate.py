"""Run Alembic migrations from code (the embedded mode migrates on start), and tell a
database's schema revision from the ones this code knows (backup and restore)."""

from __future__ import annotations

import asyncio
from functools import cache

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy.ext.asyncio import AsyncEngine

from app.config import ROOT


def alembic_config(database_url: str) -> Config:
    config = Config(toml_file=str(ROOT / "pyproject.toml"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["database_url"] = database_url
    return config


def upgrade(database_url: str) -> None:
    command.upgrade(alembic_config(database_url), "head")


async def upgrade_async(database_url: str) -> None:
    # env.py runs its own event loop, so it must run outside ours.
    await asyncio.to_thread(upgrade, database_url)


@cache
def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config(""))


def head() -> str:
    """The newest schema revision of this code (the history is one line)."""
    revision = _scripts().get_current_head()
    assert revision is not None, "no migrations"
    return revision


def is_known(revision: str) -> bool:
    """Whether ``revision`` is one of this code's migrations (else a newer code wrote it)."""
    try:
        return _scripts().get_revision(revision) is not None
    except CommandError:  # alembic's ResolutionError for an unknown revision
        return False


async def revision_of(engine: AsyncEngine) -> str | None:
    """The schema revision the database is at (None: not migrated at all)."""
    async with engine.connect() as conn:
        return await conn.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision()
        )
