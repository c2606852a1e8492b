"""Profiles and leaderboards: JSON (``/api/users/{name}``, ``/api/leaderboard/{game}``) and
their pages (``/u/{name}``, ``/leaderboard/{game}``).

All four read on the read replica when there is one (``ReadSessionDep``,
``ProfileReadSessionDep``), except a player's own profile and for a reader who has just
written (docs/read-replica.md)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from sqlalchemy.ext.asyncio import AsyncSession

from app.api.deps import OptionalUser, ProfileReadSessionDep, ReadSessionDep, SettingsDep
from app.api.pages import render
from app.catalogue.games import catalogue_entries
from app.db.models import User
from app.errors import InvalidRequest, NotFound
from app.games.registry import UnknownGame, get_game, iter_games
from app.ratings import queries
from app.ratings.chart import history_chart
from app.social.follows import relation

api = APIRouter(prefix="/api", tags=["profiles"])
pages = APIRouter(include_in_schema=False)


def sees_private(viewer: User | None, user: User) -> bool:
    """A player's private games are listed only to that player and to admins."""
    return viewer is not None and (viewer.id == user.id or viewer.is_admin)


async def _profile(session: AsyncSession, name: str, viewer: User | None, *, accounts: bool) -> Any:
    user = await queries.find_user(session, name)
    if (
        user is None
        or (accounts and user.is_guest)
        or (user.banned and not sees_private(viewer, user))
    ):
        raise NotFound(f"no player {name}", code="user_not_found")
    return user, await queries.profile(session, user, include_private=sees_private(viewer, user))


def _game(game: str, settings: SettingsDep) -> str:
    try:
        get_game(game, include_test_games=settings.agora_test_games)
    except UnknownGame:
        raise InvalidRequest(f"unknown game {game!r}", code="unknown_game") from None
    return game


@api.get("/users/{name}")
async def user_profile(
    name: str, session: ProfileReadSessionDep, viewer: OptionalUser
) -> dict[str, Any]:
    """An account's ratings (with history), statistics per game and recent games; for a
    signed-in caller, whether they follow and block this account."""
    user, data = await _profile(session, name, viewer, accounts=True)
    if viewer is not None:
        data.update(await relation(session, viewer, user))
    return data  # type: ignore[no-any-return]


@api.get("/leaderboard/{game}")
async def leaderboard(
    game: str,
    session: ReadSessionDep,
    settings: SettingsDep,
    page: int = Query(1, ge=1, le=10_000),
    per_page: int | None = Query(None, ge=1, le=100),
    bots: bool = Query(False, description="The bot accounts' board instead of the people's"),
) -> dict[str, Any]:
    """Top players by conservative rating (mu - 3 sigma), with a minimum of rated games."""
    return await queries.leaderboard(
        session,
        _game(game, settings),
        page=page,
        per_page=per_page or settings.leaderboard_page_size,
        min_games=settings.leaderboard_min_games,
        bots=bots,
    )


@pages.get("/u/{name}", response_class=HTMLResponse)
async def profile_page(
    request: Request,
    name: str,
    session: ProfileReadSessionDep,
    viewer: OptionalUser,
    settings: SettingsDep,
) -> HTMLResponse:
    user, data = await _profile(session, name, viewer, accounts=False)
    for rating in data["ratings"]:
        rating["chart"] = history_chart(rating["history"])
    own = viewer is not None and viewer.id == user.id
    # An account may challenge another account from its profile (app.social.challenges).
    can_challenge = bool(viewer and not viewer.is_guest and not own and user.username)
    # Follow and block buttons (app.social.follows, static/js/follows.js), for accounts.
    between = await relation(session, viewer, user) if viewer and can_challenge else None
    return render(
        request,
        "profile.html",
        viewer,
        profile=data,
        own=own,
        relation=between,
        challenge_games=(
            catalogue_entries(include_test_games=settings.agora_test_games) if can_challenge else []
        ),
    )


@pages.get("/leaderboard", response_class=HTMLResponse)
async def leaderboard_index(settings: SettingsDep) -> RedirectResponse:
    first = next(iter_games(include_test_games=settings.agora_test_games))
    return RedirectResponse(f"/leaderboard/{first.INFO.id}", status_code=303)


@pages.get("/leaderboard/{game}", response_class=HTMLResponse)
async def leaderboard_page(
    request: Request,
    game: str,
    session: ReadSessionDep,
    settings: SettingsDep,
    viewer: OptionalUser,
    page: int = Query(1, ge=1, le=10_000),
    bots: bool = Query(False),
) -> HTMLResponse:
    board = await queries.leaderboard(
        session,
        _game(game, settings),
        page=page,
        per_page=settings.leaderboard_page_size,
        min_games=settings.leaderboard_min_games,
        bots=bots,
    )
    games = [
        {"id": g.INFO.id, "name": g.INFO.name}
        for g in iter_games(include_test_games=settings.agora_test_games)
        if g.INFO.max_seats > 1
    ]
    return render(request, "leaderboard.html", viewer, board=board, games=games)
