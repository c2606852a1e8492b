"""Every page works under the Content-Security-Policy: no violation, no console error.

Lobby, login, a room (waiting and playing), a finished game's replay, each game's page,
rules and tutorial, the leaderboards, a profile and the admin dashboard are opened in
Chromium; a ``securitypolicyviolation`` listener (installed before any page script)
and the console are watched. The page script must also have run (``data-ready`` or a
known element), so a blocked script cannot pass silently.
"""

from __future__ import annotations

import secrets
from typing import Any

import httpx

from app.cli import create_admin
from tests.conftest import Player, play_race_to_the_end
from tests.e2e.audit import axe_violations
from tests.e2e.conftest import shot_path

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`);
});
"""


async def finished_race(server: Any, api: httpx.AsyncClient) -> str:
    room = (await api.post("/api/rooms", json={"game": "race", "seats": 2,
                                               "options": {"target": 5}})).json()  # fmt: skip
    await api.post(f"/api/rooms/{room['id']}/bots", json={"bot": "random"})
    assert (await api.post(f"/api/rooms/{room['id']}/start")).status_code == 200
    player = Player(server, "csp")
    player.http.cookies.update(api.cookies)
    sock = await player.socket(room["id"])
    await sock.receive_until("snapshot")
    await play_race_to_the_end({0: sock})
    await player.close()
    return str(room["id"])


async def test_no_page_breaks_under_the_csp(browser: Any, web_server: Any) -> None:
    suffix = secrets.token_hex(3)
    admin_name = f"csp_{suffix}"
    await create_admin(web_server.settings.database_url, admin_name, "admin password 1")
    context = await browser.new_context(locale="en-GB", bypass_csp=False)
    await context.add_init_script(RECORD_VIOLATIONS)
    page = await context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: console.append(f"page error: {error}"))
    await page.goto(web_server.url + "/login")
    await page.fill("#login-form input[name=username]", admin_name)
    await page.fill("#login-form input[name=password]", "admin password 1")
    await page.click("#login-form button[type=submit]")
    await page.wait_for_selector("[data-testid=me]", state="attached")
    cookies = {c["name"]: c["value"] for c in await context.cookies()}
    async with httpx.AsyncClient(base_url=web_server.url, cookies=cookies) as api:
        waiting = (await api.post("/api/rooms", json={"game": "akropolis", "seats": 2})).json()
        played = (await api.post("/api/play/bots", json={"game": "akropolis"})).json()
        finished = await finished_race(web_server, api)
    pages = {
        "lobby": ("/", "#create-button"),
        "login": ("/login", "#login-form"),
        "room": (f"/r/{waiting['id']}", "#bot-button"),
        "playing": (f"/r/{played['id']}", "#main"),
        "finished": (f"/r/{finished}", "#main"),
        "replay": (f"/r/{finished}/replay", "#main"),
        "profile": (f"/u/{admin_name}", "#main"),
        "leaderboard": ("/leaderboard", "#main"),
        "admin": ("/admin", "#stat-sockets:not(:has-text('–'))"),
        "account": ("/account", "body[data-ready=true] #logout-all"),
    }
    for game in ("akropolis", "agorapolis", "attika", "akrotiri"):
        pages[f"{game}-page"] = (f"/games/{game}", "#main")
        pages[f"{game}-rules"] = (f"/games/{game}/rules", ".rules")
    pages["akropolis-tutorial"] = ("/games/akropolis/tutorial", "#main")
    for name, (path, ready) in pages.items():
        response = await page.goto(web_server.url + path)
        assert response is not None and response.status == 200, (name, response)
        assert "frame-ancestors 'none'" in (await response.all_headers())["content-security-policy"]
        await page.wait_for_selector(ready, state="attached", timeout=15_000)
        await page.wait_for_load_state("networkidle")
        violations = await page.evaluate("window.__cspViolations")
        assert violations == [], (name, violations)
        assert console == [], (name, console)
    await page.goto(web_server.url + "/")
    await page.screenshot(path=shot_path("csp-lobby"), full_page=True)
    # axe-core is injected through the DevTools protocol, which the policy does not bind.
    assert isinstance(await axe_violations(page), list)
    await context.close()
