"""axe-core over every page a player, a host and an admin reach, in French, English and
German, on a desktop (1280 × 800) and a phone (``layout.PHONE``): no serious or critical
violation anywhere (issue 39).

The pages (app/api/pages.py, game_pages.py, account.py, profiles.py, tournaments.py,
admin.py), in groups that pytest-xdist spreads, a board's own violations apart:

``visitor``, signed out: the landing page (and the phone menu open), login, ``/games/<g>``
for every game of ``GET /api/catalogue``, and the 404 page (``/games/<unknown>``).

``player``, a registered player, with another who challenged them and sat at a rated game
with them: the lobby with their room, the notification bell's panel open, the account page
(settings, notification switches, an API token), my games with the challenge in, the
tournaments list and a tournament its host sees, the finished room (result panel, fairness
details open) and its replay, their profile (ratings, games table, recent games) and the
other's, the leaderboards (the index and one with both players on it).

``host``, an admin (``app.cli.create_admin``): the dashboard on each tab and a room's
inspector; the room of each of the four games waiting for players, as its host, with the
rules drawer open.

``<game>``, a guest: the room in play against bots (``POST /api/play/bots``) on the
player's turn, and the tutorial (``/games/<game>/tutorial``) when the catalogue lists one.

One chromium per worker, one browser context per case; a failure names the page, the
language, the viewport and the rules broken.
The rated game is the race test game, played out by its turn deadline (no moves to make).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from app.cli import create_admin
from tests.conftest import need_service
from tests.e2e.audit import axe_violations
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, CspTolerantBrowser
from tests.e2e.layout import DESKTOP, PHONE

# One chromium for the module's cases on a worker (a launch costs about a second of CPU,
# more than most cases' own pages); each case still has a context of its own.
pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="module")]

GAMES = ("akropolis", "agorapolis", "akrotiri", "attika")
SITE = ("visitor", "player", "host")
LANGUAGES = ("fr", "en", "de")
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
LOCALES = {"fr": "fr-FR", "en": "en-GB", "de": "de-DE"}
PASSWORD = "axe matrix password"

# Violations inside a game's board (static/js/boards/, static/css/<game>.css) are fixed by
# that board's owners; until then that game's cases fail as expected, naming the rule.
# Lift an entry once the board is fixed (strict: a fixed board fails here until then).
BOARD_VIOLATIONS: dict[str, str] = {
    # e.g. "attika": "label-content-name-mismatch on the stack buttons (button.at-stack)",
}

# Pages whose module marks body[data-ready] once it has drawn (static/js/app.js).
READY = """() => document.readyState === 'complete'
  && (!['lobby', 'login', 'room', 'replay', 'admin', 'game', 'tutorial', 'mygames', 'account',
        'profile', 'tournament', 'tournaments'].includes(document.body.dataset.page)
      || document.body.dataset.ready === 'true')"""
# The player's turn, and theirs alone: no bot is about to change the board.
MY_TURN = """() => {
  const socket = window.agoraRoom && window.agoraRoom.socket;
  return Boolean(socket && socket.room && socket.room.status === 'playing' && socket.view
    && socket.view.to_act.length === 1 && document.querySelector('#turn.mine')
    && document.querySelector('#board').childElementCount > 0);
}"""
# One frame after the last message: the board has drawn what it was sent.
DRAWN = "() => new Promise((done) => requestAnimationFrame(() => done(true)))"
FINISHED = """async (url) => (await (await fetch(url)).json()).status === 'finished'"""


def cases() -> list[Any]:
    params = []
    for language in LANGUAGES:
        for viewport in VIEWPORTS:
            for group in (*SITE, *GAMES):
                rule = BOARD_VIOLATIONS.get(group)
                marks = [pytest.mark.xfail(strict=True, reason=rule)] if rule else []
                params.append(
                    pytest.param(
                        language, viewport, group, marks=marks, id=f"{language}-{viewport}-{group}"
                    )
                )
    return params


class Audit:
    """One person's browser context in one language and viewport; collects violations."""

    def __init__(self, context: Any, page: Any, url: str, language: str, viewport: str) -> None:
        self.context, self.page, self.url = context, page, url
        self.language, self.viewport = language, viewport
        self.found: list[str] = []

    async def check(self, where: str) -> None:
        for violation in await axe_violations(self.page):
            self.found.append(
                f"{where} [{self.language}, {self.viewport}]: {violation['id']}"
                f" ({violation['impact']}: {violation['help']}) at {violation['nodes']}"
            )

    async def visit(self, path: str, where: str, wait_for: str | None = None) -> None:
        await self.page.goto(self.url + path)
        await self.page.wait_for_function(READY)
        if wait_for:
            await self.page.wait_for_selector(wait_for, state="attached")
        await self.check(where)

    async def post(self, path: str, data: dict[str, Any]) -> dict[str, Any]:
        return await post(self.context, self.url + path, data)

    def assert_clean(self) -> None:
        assert self.found == [], "axe-core:\n" + "\n".join(self.found)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def chromium() -> AsyncIterator[Any]:
    need_service("Debian chromium", shutil.which(CHROMIUM) is not None or Path(CHROMIUM).exists())
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield CspTolerantBrowser(browser)
        await browser.close()


async def open_audit(browser: Any, server: Any, language: str, viewport: str) -> Audit:
    context = await browser.new_context(locale=LOCALES[language], viewport=VIEWPORTS[viewport])
    await context.add_cookies([{"name": "agora_lang", "value": language, "url": server.url}])
    page = await context.new_page()
    return Audit(context, page, server.url, language, viewport)


@pytest.mark.parametrize(("language", "viewport", "group"), cases())
async def test_no_serious_violation(
    chromium: Any, web_server: Any, language: str, viewport: str, group: str
) -> None:
    audit = await open_audit(chromium, web_server, language, viewport)
    try:
        if group == "visitor":
            await visitor_pages(audit)
        elif group == "player":
            await player_pages(audit, chromium, web_server)
        elif group == "host":
            await host_pages(audit, web_server)
        else:
            await game_pages(audit, group)
    finally:
        await audit.context.close()  # the browser serves the worker's next cases
    audit.assert_clean()


async def post(context: Any, url: str, data: dict[str, Any]) -> dict[str, Any]:
    response = await context.request.post(url, data=data)
    assert response.ok, f"{url}: {response.status} {await response.text()}"
    answer: dict[str, Any] = await response.json()
    return answer


async def catalogue(audit: Audit) -> list[dict[str, Any]]:
    response = await audit.context.request.get(audit.url + "/api/catalogue")
    entries: list[dict[str, Any]] = await response.json()
    return entries


async def game_pages(audit: Audit, game: str) -> None:
    """A guest's room in play against bots, and the game's tutorial if it has one."""
    await audit.post("/api/guests", {"name": "Lina"})
    room = await audit.post("/api/play/bots", {"game": game})
    # The board as the player meets it on their turn with their moves offered (the server
    # sends them with the state, or answers "legal_moves"): the same board every run.
    offered: set[int] = set()
    arrived = asyncio.Event()

    def on_frame(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "legal_moves" or message.get("legal_moves"):
            offered.add(message["version"])
            arrived.set()

    audit.page.on("websocket", lambda socket: socket.on("framereceived", on_frame))
    await audit.page.goto(f"{audit.url}/r/{room['id']}")
    await audit.page.wait_for_function(MY_TURN)
    version = await audit.page.evaluate("window.agoraRoom.socket.version")
    while version not in offered:
        arrived.clear()
        await asyncio.wait_for(arrived.wait(), timeout=30)
    await audit.page.wait_for_function(DRAWN)
    await audit.check(f"{game} room in play")
    if any(entry["id"] == game and entry["tutorial"] for entry in await catalogue(audit)):
        await audit.visit(f"/games/{game}/tutorial", f"{game} tutorial", "#step-count:not(:empty)")


async def visitor_pages(audit: Audit) -> None:
    await audit.visit("/", "landing")
    if audit.viewport == "phone":
        await audit.page.click("#menu-button")
        await audit.check("landing, phone menu open")
    await audit.visit("/login", "login")
    for entry in await catalogue(audit):
        path = f"/games/{entry['id']}"
        await audit.visit(path, path, "body[data-diagrams]")
    await audit.visit("/games/no-such-game", "404 page")


async def sign_in_admin(audit: Audit, server: Any) -> str:
    name = f"ada_{secrets.token_hex(3)}"
    await create_admin(server.settings.database_url, name, PASSWORD)
    await audit.post("/api/login", {"username": name, "password": PASSWORD})
    return name


async def player_pages(audit: Audit, browser: Any, server: Any) -> None:
    page = audit.page
    me, other = f"lina_{secrets.token_hex(3)}", f"niko_{secrets.token_hex(3)}"
    await audit.post("/api/accounts", {"username": me, "password": PASSWORD})
    # In the lobby's "mine"; private, so that no other test's "join a table" finds it.
    await audit.post("/api/rooms", {"game": "akrotiri", "seats": 2, "private": True})
    options = {"target": 3, "turn_ms": 100, "rated": True}
    race = (await audit.post("/api/rooms", {"game": "race", "seats": 2, "options": options}))["id"]
    setup = {"game": "race", "seats": 2, "format": "swiss"}
    tournament = (await audit.post("/api/tournaments", setup))["id"]
    await audit.post("/api/tokens", {"name": "scores bot", "scopes": ["read"]})
    context = await browser.new_context()
    await post(context, f"{server.url}/api/accounts", {"username": other, "password": PASSWORD})
    await post(context, f"{server.url}/api/challenges", {"to": me, "game": "akrotiri"})
    await post(context, f"{server.url}/api/rooms/{race}/join", {})
    await context.close()
    await audit.post(f"/api/rooms/{race}/start", {})

    await audit.visit("/", "lobby")
    await page.click("[data-testid=bell]")
    await page.wait_for_selector("[data-testid=bell-panel]:visible")
    await audit.check("notification bell open")
    await audit.visit("/account", "account")
    await audit.visit("/my-games", "my games", "[data-testid=challenge-in]")
    await audit.visit("/tournaments", "tournaments")
    await audit.visit(f"/tournaments/{tournament}", "a tournament, its host")
    await page.wait_for_function(FINISHED, arg=f"/api/rooms/{race}", polling=100)
    await audit.visit(f"/r/{race}", "finished room", "#result:not([hidden])")
    await page.click(".fair summary")
    await audit.check("finished room, fairness open")
    await audit.visit(f"/r/{race}/replay", "replay", "#step:not(:empty)")
    await audit.visit(f"/u/{me}", "own profile", "[data-testid=stats]")
    await audit.visit(f"/u/{other}", "another player's profile")
    await audit.visit("/leaderboard", "leaderboard")
    await audit.visit("/leaderboard/race", "race leaderboard", "[data-testid=row-2]")


async def host_pages(audit: Audit, server: Any) -> None:
    page = audit.page
    await sign_in_admin(audit, server)
    waiting = {
        # Private: a public table waiting here would be the one "join a table" finds in
        # the other tests on this worker's server (test_front's lobby test).
        game: (await audit.post("/api/rooms", {"game": game, "seats": 2, "private": True}))["id"]
        for game in GAMES
    }
    await audit.visit("/admin", "admin overview", "#stat-sockets:not(:has-text('–'))")
    for tab in ("rooms", "users", "reports", "audit"):
        await page.click(f"[data-tab={tab}]")
        await page.wait_for_selector(f"[data-panel={tab}]:visible")
        await audit.check(f"admin {tab}")
    await page.click("[data-tab=rooms]")
    await page.click("#room-filter button[type=submit]")
    await page.click("#room-rows tr[data-room] button >> nth=0")
    await page.wait_for_selector("#inspector:not([hidden])")
    await audit.check("admin room inspector")
    for game, room in waiting.items():
        await audit.visit(f"/r/{room}", f"{game} room waiting", "#lobby-panel:not([hidden])")
        await page.click("#rules-button")
        await page.wait_for_selector("#rules-body > *")
        await audit.check(f"{game} rules drawer")
        await page.keyboard.press("Escape")
