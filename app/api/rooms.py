"""Rooms and games over JSON: lobby, create, join, host actions, log, verify, replay."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field

from app.accounts.bot_accounts import find_bot_account
from app.api import abuse
from app.api.abuse import LimiterDep
from app.api.deps import (
    CurrentUser,
    OptionalUser,
    ReadSessionDep,
    RoomsDep,
    SessionDep,
    SettingsDep,
)
from app.api.validation import INTEGRAL, RequestModel
from app.db.models import User
from app.games.registry import iter_games
from app.rooms.live import LiveRoom
from app.rooms.my_games import my_games
from app.rooms.room_options import room_info

router = APIRouter(prefix="/api", tags=["rooms"])


class RoomCreate(RequestModel):
    # An enum of the game ids in the schema (app.api.openapi).
    game: str = Field(max_length=32)
    seats: Annotated[int, Field(ge=1, le=12), INTEGRAL]
    options: dict[str, Any] = Field(default_factory=dict)
    private: bool = False


class JoinIn(RequestModel):
    invite_code: str | None = Field(default=None, max_length=64)


class LobbyRoom(BaseModel):
    """A room of the lobby (``GET /api/rooms``)."""

    id: str
    game: str
    status: str
    seat_count: int
    seats: list[dict[str, Any]]
    version: int


class BotIn(RequestModel):
    bot: str = Field(default="random", max_length=32)
    # A bot account's username: seated instead of a house bot.
    account: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_.-]{3,30}$")


class KickIn(RequestModel):
    seat: Annotated[int, Field(ge=0, le=11), INTEGRAL]


class OptionsIn(RequestModel):
    seats: Annotated[int, Field(ge=1, le=12), INTEGRAL] | None = None
    options: dict[str, Any] = Field(default_factory=dict)


def invite_url(request: Request, base: str, live: LiveRoom) -> str:
    root = base.rstrip("/") or str(request.base_url).rstrip("/")
    return f"{root}/r/{live.id}?code={live.invite_code}"


def room_json(request: Request, base: str, live: LiveRoom, user: User | None) -> dict[str, Any]:
    data = live.summary()
    if user is not None:
        data["your_seat"] = live.seat_of(user.id)
        if live.seat_of(user.id) is not None or user.is_admin:
            data["invite_code"] = live.invite_code
            data["invite_url"] = invite_url(request, base, live)
        data["host"] = live.host_id == user.id
        data["can_reclaim"] = any(seat.away_player == user.id for seat in live.seats)
    return data


@router.get("/games")
async def list_games(settings: SettingsDep) -> list[dict[str, Any]]:
    """Each game: id, name, seat range, option schema."""
    return [
        room_info(game.INFO).to_json()
        for game in iter_games(include_test_games=settings.agora_test_games)
    ]


@router.get("/rooms", response_model=list[LobbyRoom])
async def lobby(
    rooms: RoomsDep,
    offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> Response:
    """Public rooms waiting for players or being played, most recently active first
    (``offset``/``limit`` page through them). Served from memory (:mod:`app.rooms.lobby`)."""
    return Response(await rooms.lobby.page(offset, limit), media_type="application/json")


@router.post("/rooms", status_code=201)
async def create_room(
    body: RoomCreate, request: Request, user: CurrentUser, rooms: RoomsDep, settings: SettingsDep,
    limiter: LimiterDep,
) -> dict[str, Any]:  # fmt: skip
    """Create a room; the caller is host and takes seat 0 (``rooms_per_user`` per window)."""
    await abuse.room_created(limiter, settings, user.id)
    live = await rooms.create_room(
        user=user, game_id=body.game, seats=body.seats, options=body.options, private=body.private
    )
    return room_json(request, settings.public_base_url, live, user)


@router.get("/rooms/{room_id}")
async def room_summary(
    room_id: str, request: Request, user: OptionalUser, rooms: RoomsDep, settings: SettingsDep,
    code: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    return room_json(request, settings.public_base_url, live, user)


@router.post("/rooms/{room_id}/join")
async def join_room(
    room_id: str, body: JoinIn, request: Request, user: CurrentUser, rooms: RoomsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Take a free seat (a private room needs its invite code)."""
    live = await rooms.join(room_id, user=user, invite_code=body.invite_code)
    return room_json(request, settings.public_base_url, live, user)


@router.post("/rooms/{room_id}/leave")
async def leave_room(
    room_id: str, request: Request, user: CurrentUser, rooms: RoomsDep, settings: SettingsDep
) -> dict[str, Any]:
    live = await rooms.leave(room_id, user=user)
    return room_json(request, settings.public_base_url, live, user)


@router.get("/my-games")
async def list_my_games(user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    """The caller's running games, "your turn" first, with the time left and server_time."""
    games = await my_games(session, user.id)
    return {
        "games": games,
        "your_turn": sum(1 for game in games if game["your_turn"]),
        "server_time": round(time.time(), 3),
    }


class SeatIn(RequestModel):
    seat: Annotated[int, Field(ge=0, le=16), INTEGRAL]


@router.post("/rooms/{room_id}/hand-to-bot")
async def hand_to_bot(
    room_id: str, body: SeatIn, request: Request, user: CurrentUser, rooms: RoomsDep,
    settings: SettingsDep, code: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """A live game's player away on their turn past the grace period: a bot plays for them."""
    rooms.require_watch(await rooms.live(room_id), user, code)  # outsiders learn nothing
    live = await rooms.hand_to_bot(room_id, user=user, position=body.seat)
    return room_json(request, settings.public_base_url, live, user)


@router.post("/rooms/{room_id}/reclaim")
async def reclaim_seat(
    room_id: str, request: Request, user: CurrentUser, rooms: RoomsDep, settings: SettingsDep,
    code: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Take back the seat a bot took when your clock ran out (``on_timeout`` = ``bot``)."""
    rooms.require_watch(await rooms.live(room_id), user, code)  # outsiders learn nothing
    live = await rooms.reclaim(room_id, user=user)
    return room_json(request, settings.public_base_url, live, user)


@router.post("/rooms/{room_id}/bots")
async def add_bot(
    room_id: str, body: BotIn, request: Request, user: CurrentUser, rooms: RoomsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Host only: fill the next free seat with a house bot (``bot``), or with a bot
    account by its name (``account``: a program plays it, told by its event stream)."""
    account = None
    if body.account is not None:
        # Read and let go before the seat change (SQLite has a single connection).
        async with request.app.state.sessions() as session:
            account = await find_bot_account(session, body.account)
    live = await rooms.add_bot(room_id, user=user, bot=body.bot, account=account)
    return room_json(request, settings.public_base_url, live, user)


@router.post("/rooms/{room_id}/kick")
async def kick(
    room_id: str, body: KickIn, request: Request, user: CurrentUser, rooms: RoomsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Host only, before the start: free a seat."""
    live = await rooms.kick(room_id, user=user, position=body.seat)
    return room_json(request, settings.public_base_url, live, user)


@router.post("/rooms/{room_id}/options")
async def set_options(
    room_id: str, body: OptionsIn, request: Request, user: CurrentUser, rooms: RoomsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Host only, before the start: change the seat count or options."""
    live = await rooms.set_options(room_id, user=user, seats=body.seats, options=body.options)
    return room_json(request, settings.public_base_url, live, user)


@router.post("/rooms/{room_id}/start")
async def start_room(
    room_id: str, request: Request, user: CurrentUser, rooms: RoomsDep, settings: SettingsDep
) -> dict[str, Any]:
    """Host only: every seat filled, the game starts; sha256 of the seed is published."""
    live = await rooms.start_game(room_id, user=user)
    return room_json(request, settings.public_base_url, live, user)


@router.get("/rooms/{room_id}/log")
async def room_log(
    room_id: str,
    user: OptionalUser,
    rooms: RoomsDep,
    reader: ReadSessionDep,
    code: str | None = None,
) -> dict[str, Any]:
    """The move log as the caller may see it (hidden parts redacted); a finished game's
    on the read replica when it has it (app.rooms.history)."""
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    viewer = live.seat_of(user.id) if user else None
    return {
        "room": room_id,
        "version": live.version,
        "moves": await rooms.move_log(room_id, viewer=viewer, reader=reader),
    }


@router.get("/rooms/{room_id}/chat")
async def room_chat(
    room_id: str, user: OptionalUser, rooms: RoomsDep, code: str | None = None
) -> list[dict[str, Any]]:
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    return await rooms.chat_history(room_id)


@router.get("/rooms/{room_id}/verify")
async def verify_room(
    room_id: str,
    user: OptionalUser,
    rooms: RoomsDep,
    reader: ReadSessionDep,
    code: str | None = None,
) -> dict[str, Any]:
    """Finished games: the revealed seed, its hash, and a replay check of the move log."""
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    return await rooms.verify(room_id, reader=reader)


@router.get("/rooms/{room_id}/replay")
async def replay_room(
    room_id: str,
    user: OptionalUser,
    rooms: RoomsDep,
    reader: ReadSessionDep,
    code: str | None = None,
) -> dict[str, Any]:
    """Finished games: the spectator's view after every move, for stepping through."""
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    return await rooms.replay(room_id, reader=reader)


@router.get("/rooms/{room_id}/review")
async def review_room(
    room_id: str, user: OptionalUser, rooms: RoomsDep, code: str | None = None
) -> dict[str, Any]:
    """Finished games: per move of a player, the hard bot's preferred move and the points
    the played move lost by its estimate (``status: pending`` with progress at first)."""
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    seat = live.seat_of(user.id) if user else None
    return await rooms.review(room_id, seat=seat, admin=bool(user and user.is_admin))
