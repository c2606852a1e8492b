"""Run Alembic migrations from code (the embedded mode migrates on start)."""

from __future__ import annotations

import asyncio

from alembic import command
from alembic.config import Config

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
