"""Where the abuse limits apply (the counting itself is app.limits): one helper per action.

Keys: ``guest:addr:<ip>``, ``register:addr:<ip>``, ``login:account:<username>``,
``login:addr:<ip>``, ``rooms:user:<id>``, ``chat:user:<id>``. The client address is the
connection's, or the one a trusted proxy forwarded (app.api.security_headers).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from app.config import Settings
from app.limits import Limiter


def client_address(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client else "unknown"


async def get_limiter(request: Request) -> Limiter:
    return request.app.state.limiter  # type: ignore[no-any-return]


LimiterDep = Annotated[Limiter, Depends(get_limiter)]


async def guest_created(limiter: Limiter, settings: Settings, request: Request) -> None:
    await limiter.hit(
        f"guest:addr:{client_address(request)}",
        limit=settings.guests_per_address,
        window=settings.guests_window_seconds,
        what="guest sessions from this address",
    )


async def registration(limiter: Limiter, settings: Settings, request: Request) -> None:
    await limiter.hit(
        f"register:addr:{client_address(request)}",
        limit=settings.registrations_per_address,
        window=settings.registrations_window_seconds,
        what="registrations from this address",
    )


def login_keys(request: Request, username: str) -> tuple[str, str]:
    return f"login:account:{username.lower()}", f"login:addr:{client_address(request)}"


async def before_login(limiter: Limiter, request: Request, username: str) -> None:
    await limiter.check_lock(*login_keys(request, username), what="failed logins")


async def login_failed(
    limiter: Limiter, settings: Settings, request: Request, username: str
) -> None:
    account, address = login_keys(request, username)
    for key, free in (
        (account, settings.login_free_failures_account),
        (address, settings.login_free_failures_address),
    ):
        await limiter.failure(
            key,
            free=free,
            window=settings.login_failure_window_seconds,
            base=settings.login_backoff_seconds,
            cap=settings.login_backoff_max_seconds,
        )


async def login_succeeded(limiter: Limiter, request: Request, username: str) -> None:
    await limiter.success(login_keys(request, username)[0])


async def room_created(limiter: Limiter, settings: Settings, user_id: str) -> None:
    await limiter.hit(
        f"rooms:user:{user_id}",
        limit=settings.rooms_per_user,
        window=settings.rooms_window_seconds,
        what="new rooms",
    )


async def chat_line(limiter: Limiter, settings: Settings, user_id: str) -> None:
    await limiter.hit(
        f"chat:user:{user_id}",
        limit=settings.chat_per_user,
        window=settings.chat_window_seconds,
        what="chat messages",
    )


async def token_move(limiter: Limiter, settings: Settings, token_id: str) -> None:
    """A program's moves on the room socket, per API token (app.accounts.tokens)."""
    await limiter.hit(
        f"token:moves:{token_id}",
        limit=settings.token_moves_per_window,
        window=settings.token_window_seconds,
        what="moves with this token",
    )
