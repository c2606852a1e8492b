"""Personal API tokens: a program plays as its account with ``Authorization: Bearer …``.

Design (issue 37, after GitHub's and Lichess's personal tokens):

- A token is ``agora_`` + 32 random bytes (URL-safe base64), shown once at creation.
  Only its SHA-256 is stored: the secret has 256 bits, so a plain hash cannot be
  reversed or guessed, and a lookup is one indexed read (a slow password hash per API
  call would cost more CPU than the call).
- Scopes: ``read`` (GET anything the account may see), ``play`` (read, and every action
  of a player: rooms, seats, moves, chat, the table's requests), ``bot`` (turn the account
  into a bot account). A token never manages the account (tokens, password, sessions,
  deletion) and never carries an admin's rights: those need a signed-in session.
- A request with an ``Authorization`` header is judged by the token alone: a wrong,
  revoked or expired token gets 401 even when the request also carries a valid session
  cookie, and a token's rights never grow to the session's.
- Guests cannot make tokens (a guest account is one browser's; it has no password to
  get back to it).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta
from typing import Final

from sqlalchemy import bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.db.models import ApiToken, User, aware
from app.errors import Forbidden, InvalidRequest, NotFound
from app.ids import new_id

SCOPES: Final = ("read", "play", "bot")
PREFIX: Final = "agora_"
MAX_TOKENS: Final = 20  # per account: enough for every bot and script a person runs
# last_used_at is written at most this often: a token used on every move must not turn
# every read into a write.
TOUCH_EVERY: Final = timedelta(minutes=10)


def new_secret() -> str:
    return PREFIX + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normalise_scopes(scopes: list[str]) -> str:
    unknown = sorted(set(scopes) - set(SCOPES))
    if unknown:
        raise InvalidRequest(f"unknown scopes {unknown}; known: {list(SCOPES)}", code="bad_scope")
    if not scopes:
        raise InvalidRequest("a token needs at least one scope", code="bad_scope")
    return " ".join(scope for scope in SCOPES if scope in scopes)


async def create(
    session: AsyncSession, user: User, *, name: str, scopes: list[str], days: int | None
) -> tuple[ApiToken, str]:
    """A new token for ``user`` and its secret (the only time the secret exists)."""
    if user.is_guest:
        raise Forbidden("only accounts can make API tokens", code="account_required")
    active = await session.scalars(
        select(ApiToken.id).where(ApiToken.user_id == user.id, ApiToken.revoked_at.is_(None))
    )
    if len(active.all()) >= MAX_TOKENS:
        raise InvalidRequest(f"at most {MAX_TOKENS} tokens an account", code="too_many_tokens")
    secret = new_secret()
    now = datetime.now(UTC)
    row = ApiToken(
        id=new_id(), user_id=user.id, name=name.strip(), scopes=normalise_scopes(scopes),
        token_hash=token_hash(secret), created_at=now,
        expires_at=now + timedelta(days=days) if days else None,
    )  # fmt: skip
    session.add(row)
    await session.flush()
    return row, secret


async def owned(session: AsyncSession, user: User) -> list[ApiToken]:
    found = await session.scalars(
        select(ApiToken)
        .where(ApiToken.user_id == user.id, ApiToken.revoked_at.is_(None))
        .order_by(ApiToken.created_at)
    )
    return list(found)


async def revoke(session: AsyncSession, user: User, token_id: str) -> None:
    row = await session.get(ApiToken, token_id)
    if row is None or row.user_id != user.id or row.revoked_at is not None:
        raise NotFound(f"no token {token_id}", code="token_not_found")
    row.revoked_at = datetime.now(UTC)


def public(row: ApiToken) -> dict[str, object]:
    return {
        "id": row.id,
        "name": row.name,
        "scopes": row.scopes.split(),
        "created_at": row.created_at.isoformat(),
        "expires_at": row.expires_at.isoformat() if row.expires_at else None,
        "last_used_at": row.last_used_at.isoformat() if row.last_used_at else None,
    }


_BY_HASH = select(
    ApiToken.__table__.c.id, ApiToken.__table__.c.user_id, ApiToken.__table__.c.scopes,
    ApiToken.__table__.c.expires_at, ApiToken.__table__.c.last_used_at,
).where(
    ApiToken.__table__.c.token_hash == bindparam("hash"),
    ApiToken.__table__.c.revoked_at.is_(None),
)  # fmt: skip
_TOUCH = (
    update(ApiToken)
    .where(ApiToken.id == bindparam("token_id"))
    .values(last_used_at=bindparam("now"))
)


async def lookup(conn: AsyncConnection, token: str) -> tuple[str, str, frozenset[str]] | None:
    """The token's id, its user's id and its scopes, or None (unknown, revoked, expired)."""
    if not token.startswith(PREFIX) or len(token) > 200:
        return None
    row = (await conn.execute(_BY_HASH, {"hash": token_hash(token)})).first()
    if row is None:
        return None
    now = datetime.now(UTC)
    if row.expires_at is not None and aware(row.expires_at) <= now:
        return None
    if row.last_used_at is None or aware(row.last_used_at) < now - TOUCH_EVERY:
        await conn.execute(_TOUCH, {"token_id": row.id, "now": now})
        await conn.commit()
    return row.id, row.user_id, frozenset(row.scopes.split())


def required_scope(method: str, path: str) -> str | None:
    """The scope a token needs for a request; None: tokens may not make it at all."""
    if path.startswith(("/api/tokens", "/api/admin", "/admin", "/api/logout", "/api/login")):
        return None
    if path == "/api/account/bot":
        return "bot"
    if path.startswith("/api/account"):
        return "read" if method in ("GET", "HEAD") and path == "/api/account/export" else None
    return "read" if method in ("GET", "HEAD", "OPTIONS") else "play"


def allows(scopes: frozenset[str], needed: str) -> bool:
    # play includes read: a program that plays must see its games.
    return needed in scopes or (needed == "read" and "play" in scopes)
