"""Server-rendered pages (Jinja2): lobby, login, room, replay; and the language switch."""

from __future__ import annotations

from functools import cache
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from app.api.deps import OptionalUser, RoomsDep, SessionDep, SettingsDep
from app.api.security_headers import is_https
from app.api.strings import strings_url
from app.catalogue.bots import available_bots, default_bot
from app.catalogue.games import catalogue_entries, catalogue_entry
from app.db.models import User
from app.db.session import reader
from app.games.registry import UnknownGame, get_game, iter_games
from app.i18n import LANG_COOKIE, LANGUAGES, pick_language, translate
from app.rooms import repository
from app.rooms.room_options import room_info

router = APIRouter(include_in_schema=False)


def language_of(request: Request, user: User | None) -> str:
    cookie = request.cookies.get(LANG_COOKIE) or (user.language if user else None)
    return pick_language(cookie, request.headers.get("accept-language"))


def render(request: Request, template: str, user: User | None, **context: Any) -> HTMLResponse:
    language = language_of(request, user)
    templates = request.app.state.templates
    return templates.TemplateResponse(  # type: ignore[no-any-return]
        request,
        template,
        {
            "user": user,
            "lang": language,
            "languages": LANGUAGES,
            "t": lambda key, **values: translate(language, key, **values),
            "assets": request.app.state.assets,  # static files under the release's name
            "strings_url": strings_url(language),  # the scripts' strings (.strings)
            **context,
        },
    )


@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request, user: OptionalUser, settings: SettingsDep) -> HTMLResponse:
    games = games_list(settings.agora_test_games)
    mine: list[Any] = []
    if user is not None:
        async with reader(request.app.state.engine).connect() as conn:
            mine = await repository.rooms_of_user(conn, user.id)
    cards = catalogue_entries(include_test_games=settings.agora_test_games)
    return render(
        request, "lobby.html", user, games=games, games_json=games_json(settings.agora_test_games),
        my_rooms=mine, cards=cards, bots=available_bots(),
    )  # fmt: skip


@cache
def games_list(include_test_games: bool) -> list[dict[str, Any]]:
    """The games a room can be created for, with their options (the same every time)."""
    return [room_info(g.INFO).to_json() for g in iter_games(include_test_games=include_test_games)]


@cache
def game_info(game_id: str) -> dict[str, Any]:
    """A game's name, seats and options for the room page (the same every time)."""
    return room_info(get_game(game_id, include_test_games=True).INFO).to_json()


@cache
def game_json(game_id: str) -> Markup:
    """:func:`game_info` as Jinja's ``tojson`` writes it, encoded once."""
    return htmlsafe_json_dumps(game_info(game_id), sort_keys=True)


@cache
def games_json(include_test_games: bool) -> Markup:
    """:func:`games_list` as Jinja's ``tojson`` writes it, encoded once (0.5 ms a page)."""
    return htmlsafe_json_dumps(games_list(include_test_games), sort_keys=True)


@router.get("/my-games", response_class=HTMLResponse)
async def my_games_page(request: Request, user: OptionalUser) -> HTMLResponse:
    """The user's running games (static/js/mygames.js fetches /api/my-games)."""
    if user is None:
        return RedirectResponse("/login", status_code=303)  # type: ignore[return-value]
    return render(request, "mygames.html", user)


@router.get("/login", response_class=HTMLResponse)
async def login_page(request: Request, user: OptionalUser) -> HTMLResponse:
    return render(request, "login.html", user)


@router.get("/r/{room_id}", response_class=HTMLResponse)
async def room_page(
    request: Request, room_id: str, user: OptionalUser, rooms: RoomsDep, settings: SettingsDep,
    code: str | None = None,
) -> HTMLResponse:  # fmt: skip
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    try:
        card: dict[str, Any] | None = catalogue_entry(live.game_id)
    except UnknownGame:
        card = None  # no rules drawer for a game without rules content (test games)
    return render(
        request,
        "room.html",
        user,
        room=live.summary(),
        game=game_info(live.game_id),
        game_json=game_json(live.game_id),
        card=card,
        invite_code=code,
        seat=live.seat_of(user.id) if user else None,
        bots=available_bots(live.game_id),
        default_bot=default_bot(live.game_id),
        absence_grace=settings.absence_grace_seconds,
    )


@router.get("/r/{room_id}/replay", response_class=HTMLResponse)
async def replay_page(
    request: Request, room_id: str, user: OptionalUser, rooms: RoomsDep, code: str | None = None
) -> HTMLResponse:
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    return render(request, "replay.html", user, room=live.summary(), invite_code=code)


def same_site_path(request: Request) -> str:
    """The Referer's path if it is on this site, else "/" (no open redirect)."""
    referer = request.headers.get("referer") or ""
    parts = urlsplit(referer)
    if parts.netloc and parts.netloc != request.headers.get("host"):
        return "/"
    if parts.scheme not in ("", "http", "https"):
        return "/"
    path = parts.path or "/"
    # "//evil" or "/\\evil" would leave the site; so would control characters.
    target = f"{path}?{parts.query}" if parts.query else path
    if not target.startswith("/") or target.startswith(("//", "/\\")) or not target.isprintable():
        return "/"
    return target


@router.get("/lang/{language}")
async def switch_language(
    request: Request, language: str, session: SessionDep, user: OptionalUser
) -> Response:
    response = RedirectResponse(same_site_path(request), status_code=303)
    if language in LANGUAGES:
        response.set_cookie(
            LANG_COOKIE, language, max_age=365 * 86400, samesite="lax",
            secure=is_https(request.url.scheme, request.app.state.settings),
        )  # fmt: skip
        stored = await session.get(User, user.id) if user is not None else None
        if stored is not None:
            stored.language = language
    return response
