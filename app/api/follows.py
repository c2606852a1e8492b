"""Follows and blocks (app.social.follows, app.social.blocks).

``POST``/``DELETE /api/users/{name}/follow`` → ``200 {"name", "following"}``;
``GET /api/me/following`` → ``[{"name", "display_name", "online", "room_id", "bot"}...]``;
``POST``/``DELETE /api/users/{name}/block`` → ``200 {"name", "blocked"}``;
``GET /api/me/blocked`` → ``[{"name", "display_name", "bot"}...]``. Each change is
idempotent: the same answer however many times it is sent.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from app.api.deps import CurrentUser
from app.social.blocks import Blocks
from app.social.follows import Follows

router = APIRouter(prefix="/api", tags=["follows"])

SIGNED_IN: dict[int | str, dict[str, Any]] = {
    401: {"description": "Not signed in"},
    403: {"description": "Guests cannot follow or block (account_required)"},
}
CHANGE: dict[int | str, dict[str, Any]] = {
    **SIGNED_IN,
    422: {"description": "Yourself (self_follow, self_block), or too many"},
    404: {"description": "No such account (user_not_found)"},
}
FOLLOW = {**CHANGE, 403: {"description": "A guest, or a block either way (blocked)"}}


def follows(request: Request) -> Follows:
    return Follows(request.app.state.sessions, request.app.state.rooms.hub)


def blocks(request: Request) -> Blocks:
    return Blocks(request.app.state.sessions)


@router.post("/users/{name}/follow", responses=FOLLOW)
async def follow(name: str, request: Request, user: CurrentUser) -> dict[str, Any]:
    return await follows(request).follow(user, name)


@router.delete("/users/{name}/follow", responses=CHANGE)
async def unfollow(name: str, request: Request, user: CurrentUser) -> dict[str, Any]:
    return await follows(request).unfollow(user, name)


@router.get("/me/following", responses=SIGNED_IN)
async def following(request: Request, user: CurrentUser) -> list[dict[str, Any]]:
    """Who you follow, online first; ``room_id``: their table, if you may open it."""
    return await follows(request).following(user)


@router.post("/users/{name}/block", responses=CHANGE)
async def block(name: str, request: Request, user: CurrentUser) -> dict[str, Any]:
    """Block a player: no challenge either way, no seat in your private rooms; the
    follows between you are removed and your open challenges cancelled."""
    return await blocks(request).block(user, name)


@router.delete("/users/{name}/block", responses=CHANGE)
async def unblock(name: str, request: Request, user: CurrentUser) -> dict[str, Any]:
    return await blocks(request).unblock(user, name)


@router.get("/me/blocked", responses=SIGNED_IN)
async def blocked(request: Request, user: CurrentUser) -> list[dict[str, Any]]:
    return await blocks(request).blocked(user)
