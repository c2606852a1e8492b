"""``detached``: what ``Model(**values)`` builds, without the per-column events."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import object_session

from app.db.base import Base
from app.db.models import Room, Seat, User, detached

ROW = {
    "id": "u1", "username": None, "display_name": "Ada", "password_hash": None,
    "is_guest": True, "is_admin": False, "banned": False, "language": None,
    "created_at": datetime(2026, 11, 28, tzinfo=UTC), "session_version": 0,
    "deleted_at": None,
}  # fmt: skip


def test_it_holds_what_the_constructor_holds() -> None:
    fast, slow = detached(User, ROW), User(**ROW)
    assert {name: getattr(fast, name) for name in ROW} == {
        name: getattr(slow, name) for name in ROW
    }
    assert type(fast) is User and object_session(fast) is None


def test_an_attribute_left_out_reads_none_and_attributes_can_change() -> None:
    seat = detached(Seat, {"position": 0, "user_id": "u1", "name": "Ada"})
    assert seat.id is None and seat.bot is None
    seat.bot = "medium"
    assert seat.bot == "medium"


def test_a_name_that_is_not_a_column_is_refused() -> None:
    with pytest.raises(TypeError, match="seats"):
        detached(Room, {"id": "r1", "seats": []})


async def test_added_to_a_session_it_is_inserted_like_a_new_object() -> None:
    engine = create_async_engine("sqlite+aiosqlite:///:memory:")
    try:
        async with engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)
        async with async_sessionmaker(engine)() as session:
            session.add(detached(User, ROW))
            await session.commit()
        async with AsyncSession(engine) as session:
            stored = (await session.execute(select(User))).scalar_one()
        assert (stored.id, stored.display_name, stored.is_guest) == ("u1", "Ada", True)
    finally:
        await engine.dispose()
