"""Notifications (app.social.notifications): what is waiting on you, and which kinds.

``GET /api/me/notifications`` → ``{"items": [{"id", "kind", "url", "at", ...}],
"settings": {...}}``: what is true now (your turn, a challenge to you, a tournament
round you play, a followed player at a table), only the kinds switched on; guests get
``your_turn`` only. ``GET /api/me/notification-settings`` → the four switches;
``PUT`` the same with all four (accounts only).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.deps import CurrentUser, RoomsDep
from app.api.validation import RequestModel
from app.social.notifications import Notifications

router = APIRouter(prefix="/api/me", tags=["notifications"])

SIGNED_IN: dict[int | str, dict[str, Any]] = {401: {"description": "Not signed in"}}


class NotificationSettingsIn(RequestModel):
    """Each kind of notification on (true) or off (false)."""

    your_turn: bool
    challenge: bool
    tournament_round: bool
    friend_online: bool


@router.get("/notifications", responses=SIGNED_IN)
async def notifications(user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    """What is waiting on you now, newest first, and your settings."""
    return await Notifications(rooms).pending(user)


@router.get("/notification-settings", responses=SIGNED_IN)
async def notification_settings(user: CurrentUser, rooms: RoomsDep) -> dict[str, bool]:
    return await Notifications(rooms).settings(user)


@router.put(
    "/notification-settings",
    responses={
        **SIGNED_IN,
        403: {"description": "Guests cannot save settings (account_required)"},
        422: {"description": "Not the four booleans"},
    },
)
async def save_notification_settings(
    body: NotificationSettingsIn, user: CurrentUser, rooms: RoomsDep
) -> dict[str, bool]:
    return await Notifications(rooms).save_settings(user, body.model_dump())
