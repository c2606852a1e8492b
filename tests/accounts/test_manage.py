"""Password work happens before the request's session touches the database (SQLite has
one connection: a session holding it through a slow hash would stall every request)."""

from __future__ import annotations

from typing import Any

import pytest

from app.accounts import manage
from app.db.models import User
from app.errors import NotAuthenticated


class RecordingSession:
    def __init__(self, log: list[str], stored: User) -> None:
        self.log, self.stored = log, stored

    async def get(self, _model: Any, _key: str) -> User:
        self.log.append("database")
        return self.stored

    async def flush(self) -> None:
        self.log.append("flush")


@pytest.fixture
def log(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []

    async def verify(_hash: str | None, password: str) -> bool:
        calls.append("verify")
        return password == "right password"

    async def hash_(password: str) -> str:
        calls.append("hash")
        return f"hash of {password}"

    monkeypatch.setattr(manage, "verify_async", verify)
    monkeypatch.setattr(manage, "hash_async", hash_)
    return calls


def account(password_hash: str = "old hash") -> User:
    return User(id="u1", display_name="Ana", password_hash=password_hash, session_version=0)


async def test_a_password_change_hashes_before_the_session_is_used(log: list[str]) -> None:
    stored = account()
    session = RecordingSession(log, stored)
    changed = await manage.change_password(
        session,  # type: ignore[arg-type]
        account(),
        current="right password",
        new="a new password",
    )
    assert log[:3] == ["verify", "hash", "database"]
    assert changed.password_hash == "hash of a new password"
    assert changed.session_version == 1


async def test_a_password_changed_meanwhile_is_refused(log: list[str]) -> None:
    session = RecordingSession(log, account("another hash"))
    with pytest.raises(NotAuthenticated):
        await manage.change_password(
            session,  # type: ignore[arg-type]
            account(),
            current="right password",
            new="a new password",
        )


async def test_a_wrong_password_never_reaches_the_database(log: list[str]) -> None:
    session = RecordingSession(log, account())
    with pytest.raises(NotAuthenticated):
        await manage.change_password(
            session,  # type: ignore[arg-type]
            account(),
            current="wrong",
            new="a new password",
        )
    with pytest.raises(NotAuthenticated):
        await manage.delete_account(session, account(), password="wrong")  # type: ignore[arg-type]
    assert "database" not in log
