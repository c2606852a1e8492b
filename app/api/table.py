"""What players ask the table: take back a move (safe undo) and play again (rematch)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.deps import CurrentUser, OptionalUser, RoomsDep

router = APIRouter(prefix="/api/rooms", tags=["rooms"])


@router.get("/{room_id}/requests")
async def room_requests(
    room_id: str, user: OptionalUser, rooms: RoomsDep, code: str | None = None
) -> dict[str, Any]:
    """The latest undo and rematch requests (``null`` when there is none)."""
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    return await rooms.requests(room_id)


@router.post("/{room_id}/undo")
async def undo(room_id: str, user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    """Take back your last move: at once in a casual room; a request to the others if rated."""
    await _require_member(rooms, room_id, user)
    return await rooms.request_undo(room_id, user=user)


@router.post("/{room_id}/undo/accept")
async def accept_undo(room_id: str, user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    await _require_member(rooms, room_id, user)
    return await rooms.answer_undo(room_id, user=user, accept=True)


@router.post("/{room_id}/undo/decline")
async def decline_undo(room_id: str, user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    """Refuse the undo another player asked for (its asker: withdraw it)."""
    await _require_member(rooms, room_id, user)
    return await rooms.answer_undo(room_id, user=user, accept=False)


@router.post("/{room_id}/rematch")
async def rematch(room_id: str, user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    """Propose the same table again (or accept the open proposal)."""
    await _require_member(rooms, room_id, user)
    return await rooms.propose_rematch(room_id, user=user)


@router.post("/{room_id}/rematch/accept")
async def accept_rematch(room_id: str, user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    await _require_member(rooms, room_id, user)
    return await rooms.answer_rematch(room_id, user=user, accept=True)


@router.post("/{room_id}/rematch/decline")
async def decline_rematch(room_id: str, user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    await _require_member(rooms, room_id, user)
    return await rooms.answer_rematch(room_id, user=user, accept=False)


async def _require_member(rooms: RoomsDep, room_id: str, user: CurrentUser) -> None:
    """Outsiders of a private room learn nothing (404); of a public one, ``not_a_member``."""
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, None)
