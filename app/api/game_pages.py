"""Game pages (``/games/{id}``: rules, diagrams, tutorial), the rules drawer fragment,
the favicon and the web app manifest."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from app.api.deps import OptionalUser
from app.api.pages import language_of, render
from app.catalogue.bots import available_bots
from app.catalogue.games import catalogue_entry, rules_template
from app.config import ROOT
from app.db.models import User
from app.games.registry import UnknownGame
from app.i18n import translate

router = APIRouter(include_in_schema=False)

STATIC = ROOT / "static"


def listed_or_none(game_id: str) -> dict[str, Any] | None:
    """The catalogue entry, or None for a game that is not (yet) registered and described."""
    try:
        return catalogue_entry(game_id)
    except UnknownGame:
        return None


def not_found(request: Request, user: User | None) -> HTMLResponse:
    response = render(request, "error.html", user, message_key="error.not_found")
    response.status_code = 404
    return response


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def game_page(request: Request, game_id: str, user: OptionalUser) -> HTMLResponse:
    entry = listed_or_none(game_id)
    if entry is None:
        return not_found(request, user)
    language = language_of(request, user)
    return render(
        request,
        "game.html",
        user,
        game=entry,
        bots=available_bots(game_id),
        rules=rules_template(game_id, language),
    )


@router.get("/games/{game_id}/rules", response_class=HTMLResponse)
async def rules_fragment(request: Request, game_id: str, user: OptionalUser) -> HTMLResponse:
    """The rules alone, for the drawer next to the board."""
    entry = listed_or_none(game_id)
    if entry is None:
        return not_found(request, user)
    language = language_of(request, user)
    return render(
        request, "rules_fragment.html", user, game=entry, rules=rules_template(game_id, language)
    )


@router.get("/games/{game_id}/tutorial", response_class=HTMLResponse)
async def tutorial_page(request: Request, game_id: str, user: OptionalUser) -> HTMLResponse:
    entry = listed_or_none(game_id)
    if entry is None or not entry["tutorial"]:
        return not_found(request, user)
    return render(request, "tutorial.html", user, game=entry)


@router.get("/og/{game_id}.png")
async def og_image(game_id: str) -> FileResponse:
    """The link-preview picture of a game (the site's own when the game has none yet)."""
    images = STATIC / "img" / "og"
    path = images / f"{game_id}.png"
    if not game_id.isidentifier() or not path.is_file():
        path = images / "agora.png"
    return FileResponse(path, media_type="image/png")


@router.get("/favicon.ico")
async def favicon() -> FileResponse:
    return FileResponse(STATIC / "img" / "favicon.ico", media_type="image/x-icon")


@router.get("/manifest.webmanifest")
async def manifest(request: Request, user: OptionalUser) -> Response:
    """Installable on a phone home screen, named in the visitor's language."""
    language = language_of(request, user)
    data = {
        "name": translate(language, "manifest.name"),
        "short_name": "Agora",
        "description": translate(language, "site.tagline"),
        "lang": language,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f3ea",
        "theme_color": "#1d5f8a",
        "icons": [
            {"src": "/static/img/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "/static/img/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": "/static/img/icon-maskable-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": "/static/img/favicon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JSONResponse(data, media_type="application/manifest+json")
