"""Challenges (app.social.challenges): ask a named player to a game; they accept or decline.

``POST /api/challenges`` ``{"to": "<username>", "game", "options"}`` → ``201 {"id",
"status": "open", ...}``; ``GET /api/challenges/{id}`` → ``{"status", "room_id" (once
accepted), ...}``; ``POST /api/challenges/{id}/accept`` (the one challenged) makes and
starts the room; ``POST /api/challenges/{id}/decline`` (either side: declined or
cancelled); ``GET /api/challenges``: the open ones sent to and by you.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import Field

from app.api.deps import CurrentUser, RoomsDep
from app.api.validation import RequestModel
from app.db.models import aware
from app.social.challenges import Challenges
from app.social.events import EventStream

router = APIRouter(prefix="/api/challenges", tags=["challenges"])

SEEN: dict[int | str, dict[str, Any]] = {
    401: {"description": "Not signed in"},
    404: {"description": "No such challenge (or not yours)"},
}
ANSWER = {
    **SEEN,
    403: {"description": "Only the player challenged may accept"},
    409: {"description": "Already answered or expired"},
}


class ChallengeIn(RequestModel):
    to: str = Field(min_length=1, max_length=40)
    game: str = Field(min_length=1, max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)


@router.post(
    "",
    status_code=201,
    responses={
        401: {"description": "Not signed in"},
        403: {"description": "Guests cannot challenge"},
        404: {"description": "No such player"},
        422: {"description": "Unknown game, bad options, yourself, or too many open"},
    },
)
async def create_challenge(body: ChallengeIn, user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    return await Challenges(rooms).create(user, to=body.to, game_id=body.game, options=body.options)


@router.get("", responses={401: {"description": "Not signed in"}})
async def my_challenges(user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    return await Challenges(rooms).mine(user)


@router.get("/{challenge_id}", responses=SEEN)
async def get_challenge(challenge_id: str, user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    return await Challenges(rooms).get(user, challenge_id)


@router.post("/{challenge_id}/accept", responses=ANSWER)
async def accept_challenge(challenge_id: str, user: CurrentUser, rooms: RoomsDep) -> dict[str, Any]:
    return await Challenges(rooms).accept(user, challenge_id)


@router.post("/{challenge_id}/decline", responses=ANSWER)
async def decline_challenge(
    challenge_id: str, user: CurrentUser, rooms: RoomsDep
) -> dict[str, Any]:
    return await Challenges(rooms).decline(user, challenge_id)


stream = APIRouter(prefix="/api/stream", tags=["challenges"])


@stream.get(
    "/events",
    responses={
        200: {"content": {"application/x-ndjson": {}}, "description": "One JSON event a line"},
        401: {"description": "Not signed in, or a bad token"},
    },
)
async def events(
    request: Request,
    user: CurrentUser,
    rooms: RoomsDep,
    since: Annotated[datetime | None, Query(description="Also the game ends since then")] = None,
) -> StreamingResponse:
    """The account's events, one JSON object a line (app.social.events): open challenges
    and running games at once, then challenges, game starts and game ends as they come."""
    feed = EventStream(Challenges(rooms), user, None if since is None else aware(since))
    return StreamingResponse(feed.lines(request.is_disconnected), media_type="application/x-ndjson")
