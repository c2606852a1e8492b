"""Tournaments over JSON (app.tournaments) and the tournament page.

``POST /api/tournaments`` ``{"game", "seats", "format": "arena"|"swiss"|"round_robin",
"rounds" (swiss), "duration_minutes" (arena), "options", "rated", "private"}`` → ``201
{"id", "url", ...}``; ``POST /api/tournaments/{id}/join`` ``{"invite_code"?}``;
``POST /api/tournaments/{id}/bots`` ``{"level"}``, ``.../start``, ``.../cancel``,
``.../remove`` ``{"entrant"}`` (host or admin), ``.../leave`` (an entrant withdraws);
``GET /api/tournaments/{id}`` →
``{"status", "standings": [{"name", "points", "games", "rank"}...], "tables":
[{"room_id", ...}...], ...}``; ``GET /api/tournaments``: public ones open or running.
The page ``/tournaments/{id}`` polls the same JSON; ``/tournaments`` lists them and has
the form to create one.

One router for the JSON and the page (one line in app.main), whose lifespan runs the
:class:`~app.tournaments.runner.TournamentRunner` of this process beside the rooms.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import HTMLResponse
from pydantic import Field, JsonValue

from app.api.deps import CurrentUser, OptionalUser, SettingsDep
from app.api.pages import games_list, render
from app.api.validation import INTEGRAL, RequestModel
from app.bots import BOTS
from app.tournaments.runner import TournamentRunner
from app.tournaments.service import MAX_MINUTES, MAX_ROUNDS, MIN_MINUTES, Tournaments
from app.tournaments.standings import Standings


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    runner = TournamentRunner(app.state.rooms)
    app.state.tournaments = Tournaments(runner)
    runner.start()
    try:
        yield
    finally:
        await runner.stop()


router = APIRouter(tags=["tournaments"], lifespan=lifespan)


async def get_tournaments(request: Request) -> Tournaments:
    return request.app.state.tournaments  # type: ignore[no-any-return]


TournamentsDep = Annotated[Tournaments, Depends(get_tournaments)]

SEEN: dict[int | str, dict[str, Any]] = {
    404: {"description": "No such tournament (or private, without its code)"},
}
HOST: dict[int | str, dict[str, Any]] = {
    **SEEN,
    401: {"description": "Not signed in"},
    403: {"description": "Only the tournament's host (or an admin)"},
    409: {"description": "Not possible at this stage of the tournament"},
}


class TournamentCreate(RequestModel):
    """The game, seats and options are narrowed per game in the schema
    (app.api.openapi_games); ``rounds`` counts for swiss only, ``duration_minutes`` for an
    arena only (each has a default, so no format needs a field the others refuse)."""

    game: str = Field(min_length=1, max_length=32)
    seats: Annotated[int, Field(ge=2, le=12), INTEGRAL]
    format: Literal["arena", "swiss", "round_robin"]
    rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS, description="swiss"), INTEGRAL] = 3
    duration_minutes: Annotated[
        int, Field(ge=MIN_MINUTES, le=MAX_MINUTES, description="arena"), INTEGRAL
    ] = 60
    options: dict[str, Any] = Field(default_factory=dict)
    rated: bool = False
    private: bool = False


BOT_LEVELS: list[JsonValue] = [*sorted(BOTS)]  # the schema's enum for a bot entrant


class TournamentJoin(RequestModel):
    invite_code: str | None = Field(default=None, max_length=64)


class TournamentBot(RequestModel):
    level: str = Field(default="easy", max_length=32, json_schema_extra={"enum": BOT_LEVELS})


class TournamentRemove(RequestModel):
    entrant: Annotated[int, Field(ge=1, le=2**31 - 1), INTEGRAL]


def root_of(request: Request, base: str) -> str:
    return base.rstrip("/") or str(request.base_url).rstrip("/")


async def answer(
    tournaments: TournamentsDep, request: Request, settings: SettingsDep, user: Any,
    tournament_id: str, code: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    root = root_of(request, settings.public_base_url)
    return await Standings(tournaments).get(user, tournament_id, code, root)


@router.post(
    "/api/tournaments",
    status_code=201,
    responses={
        401: {"description": "Not signed in"},
        403: {"description": "Guests cannot host"},
        422: {"description": "Unknown game or format, bad seats, rounds, duration or options"},
    },
)
async def create_tournament(
    body: TournamentCreate, request: Request, user: CurrentUser, tournaments: TournamentsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Create a tournament; the caller hosts it (and may join it as a player too)."""
    row = await tournaments.create(
        user, game_id=body.game, seats=body.seats, format=body.format, rounds=body.rounds,
        duration_minutes=body.duration_minutes, options=body.options, rated=body.rated,
        private=body.private,
    )  # fmt: skip
    return await answer(tournaments, request, settings, user, row.id)


@router.get("/api/tournaments")
async def list_tournaments(
    request: Request, tournaments: TournamentsDep, settings: SettingsDep
) -> list[dict[str, Any]]:
    """Public tournaments waiting for entrants or running, newest first."""
    return await Standings(tournaments).listing(root_of(request, settings.public_base_url))


@router.get("/api/tournaments/{tournament_id}", responses=SEEN)
async def get_tournament(
    tournament_id: str, request: Request, user: OptionalUser, tournaments: TournamentsDep,
    settings: SettingsDep, code: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Settings, status, standings, tables (with their rooms) and byes."""
    return await answer(tournaments, request, settings, user, tournament_id, code)


@router.post(
    "/api/tournaments/{tournament_id}/join",
    responses={
        **SEEN,
        401: {"description": "Not signed in"},
        403: {"description": "A guest in a rated tournament"},
        409: {"description": "Started already, or full"},
    },
)
async def join_tournament(
    tournament_id: str, body: TournamentJoin, request: Request, user: CurrentUser,
    tournaments: TournamentsDep, settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Enter a waiting tournament (a private one needs its invite code)."""
    await tournaments.join(user, tournament_id, body.invite_code)
    return await answer(tournaments, request, settings, user, tournament_id, body.invite_code)


@router.post(
    "/api/tournaments/{tournament_id}/bots",
    responses={**HOST, 422: {"description": "Unknown bot level"}},
)
async def add_tournament_bot(
    tournament_id: str, body: TournamentBot, request: Request, user: CurrentUser,
    tournaments: TournamentsDep, settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Host only, before the start: enter a bot of that level."""
    await tournaments.add_bot(user, tournament_id, body.level)
    return await answer(tournaments, request, settings, user, tournament_id)


@router.post("/api/tournaments/{tournament_id}/start", responses=HOST)
async def start_tournament(
    tournament_id: str, request: Request, user: CurrentUser, tournaments: TournamentsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Host only: pair the first round and start its games."""
    await tournaments.start(user, tournament_id)
    return await answer(tournaments, request, settings, user, tournament_id)


@router.post("/api/tournaments/{tournament_id}/remove", responses=HOST)
async def remove_entrant(
    tournament_id: str, body: TournamentRemove, request: Request, user: CurrentUser,
    tournaments: TournamentsDep, settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Host only: take an entrant out (paired no more; points kept once started)."""
    await tournaments.remove(user, tournament_id, body.entrant)
    return await answer(tournaments, request, settings, user, tournament_id)


@router.post("/api/tournaments/{tournament_id}/pause", responses=HOST)
async def pause_tournament(
    tournament_id: str, request: Request, user: CurrentUser, tournaments: TournamentsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Host only: hold the tournament (no new table; the games in play go on)."""
    await tournaments.pause(user, tournament_id, paused=True)
    return await answer(tournaments, request, settings, user, tournament_id)


@router.post("/api/tournaments/{tournament_id}/resume", responses=HOST)
async def resume_tournament(
    tournament_id: str, request: Request, user: CurrentUser, tournaments: TournamentsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Host only: let a held tournament go on."""
    await tournaments.pause(user, tournament_id, paused=False)
    return await answer(tournaments, request, settings, user, tournament_id)


@router.post(
    "/api/tournaments/{tournament_id}/leave",
    responses={**SEEN, 401: {"description": "Not signed in"}, 409: {"description": "Over"}},
)
async def leave_tournament(
    tournament_id: str, request: Request, user: CurrentUser, tournaments: TournamentsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """An entrant withdraws (seated no more; points kept once started)."""
    await tournaments.leave(user, tournament_id)
    return await answer(tournaments, request, settings, user, tournament_id)


@router.post("/api/tournaments/{tournament_id}/cancel", responses=HOST)
async def cancel_tournament(
    tournament_id: str, request: Request, user: CurrentUser, tournaments: TournamentsDep,
    settings: SettingsDep,
) -> dict[str, Any]:  # fmt: skip
    """Host only: stop the tournament; its games in play are closed."""
    await tournaments.cancel(user, tournament_id)
    return await answer(tournaments, request, settings, user, tournament_id)


@router.get("/tournaments", response_class=HTMLResponse, include_in_schema=False)
async def tournaments_page(
    request: Request, user: OptionalUser, tournaments: TournamentsDep, settings: SettingsDep
) -> HTMLResponse:
    """The open and running tournaments, and the form to create one."""
    listed = await Standings(tournaments).listing(root_of(request, settings.public_base_url))
    games = games_list(settings.agora_test_games)
    return render(request, "tournaments.html", user, listed=listed, games=games)


@router.get("/tournaments/{tournament_id}", response_class=HTMLResponse, include_in_schema=False)
async def tournament_page(
    tournament_id: str, request: Request, user: OptionalUser, tournaments: TournamentsDep,
    settings: SettingsDep, code: str | None = None,
) -> HTMLResponse:  # fmt: skip
    data = await answer(tournaments, request, settings, user, tournament_id, code)
    return render(request, "tournament.html", user, tournament=data, code=code, levels=list(BOTS))
