"""Alembic environment: metadata from app.db, URL from Settings (or the -x url= override)."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from app.config import get_settings
from app.db import models  # noqa: F401  (registers the tables)
from app.db.base import Base
from app.db.session import create_engine
from app.social import notification_models  # noqa: F401  (and these)
from app.tournaments import models as tournament_models  # noqa: F401  (and these)

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    return config.attributes.get("database_url") or get_settings().database_url


def run_migrations_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


MIGRATION_LOCK = 7_400_417  # any constant: replicas starting together migrate one at a time


def _run(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_migrations_online() -> None:
    settings = get_settings().model_copy(update={"database_url": _url()})
    engine = create_engine(settings)
    async with engine.connect() as connection:
        await connection.run_sync(_run)
        await connection.commit()
    await engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    asyncio.run(run_migrations_online())
