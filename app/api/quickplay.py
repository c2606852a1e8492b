"""The front door's JSON: the game catalogue, the bot kinds, one-click play, tutorials."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import Field

from app import tutorials
from app.api import abuse
from app.api.abuse import LimiterDep
from app.api.deps import CurrentUser, RoomsDep, SettingsDep
from app.api.rooms import room_json
from app.api.validation import INTEGRAL, RequestModel
from app.catalogue.bots import available_bots, default_bot
from app.catalogue.games import catalogue_entries, catalogue_entry
from app.errors import InvalidRequest, NotFound
from app.games.registry import UnknownGame
from app.rooms.matchmaking import join_a_table, play_against_bots

router = APIRouter(prefix="/api", tags=["play"])


class PlayBotsIn(RequestModel):
    game: str = Field(max_length=32)
    seats: Annotated[int, Field(ge=1, le=12), INTEGRAL] | None = None
    bot: str | None = Field(default=None, max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)


class JoinTableIn(RequestModel):
    game: str = Field(max_length=32)


def listed_game(game_id: str) -> dict[str, Any]:
    try:
        return catalogue_entry(game_id)
    except UnknownGame:
        raise InvalidRequest(f"unknown game {game_id!r}", code="unknown_game") from None


@router.get("/catalogue")
async def catalogue(settings: SettingsDep) -> list[dict[str, Any]]:
    """Each listed game: ``GET /api/games`` fields plus minutes, complexity, pitch,
    ``play_now_seats``, ``table_seats``, ``tutorial`` and the bots that play it."""
    entries = catalogue_entries(include_test_games=settings.agora_test_games)
    return [{**entry, "bots": available_bots(entry["id"])} for entry in entries]


@router.get("/bots")
async def bots(game: str | None = None) -> list[dict[str, Any]]:
    """The bot kinds the server offers (easiest first), optionally only those for ``game``."""
    return available_bots(game)


@router.post("/play/bots", status_code=201)
async def play_bots(
    body: PlayBotsIn, request: Request, user: CurrentUser, rooms: RoomsDep, settings: SettingsDep,
    limiter: LimiterDep,
) -> dict[str, Any]:  # fmt: skip
    """Create a private room, fill the other seats with bots and start: one click to play."""
    await abuse.room_created(limiter, settings, user.id)
    entry = listed_game(body.game)
    bot = body.bot or default_bot(body.game)
    if bot not in {kind["id"] for kind in available_bots(body.game)}:
        raise InvalidRequest(f"unknown bot {bot!r}", code="unknown_bot")
    seats = body.seats or entry["play_now_seats"]
    live = await play_against_bots(
        rooms, user=user, game_id=body.game, seats=seats, bot=bot, options=body.options
    )
    return room_json(request, settings.public_base_url, live, user)


@router.post("/play/join")
async def join_table(
    body: JoinTableIn, request: Request, user: CurrentUser, rooms: RoomsDep, settings: SettingsDep
) -> dict[str, Any]:
    """A seat at the fullest public table of the game waiting for players, or a new one."""
    entry = listed_game(body.game)
    live = await join_a_table(rooms, user=user, game_id=body.game, seats=entry["table_seats"])
    return room_json(request, settings.public_base_url, live, user)


@router.get("/tutorials/{game_id}")
async def tutorial(game_id: str) -> dict[str, Any]:
    """The scripted first game of ``game_id`` (views before and after each guided move)."""
    script = tutorials.script(game_id)
    if script is None:
        raise NotFound(f"no tutorial for {game_id!r}")
    return script
