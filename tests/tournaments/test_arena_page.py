"""An arena in chromium: two people (a desktop in English, a phone in French) and two bots.

Each person is sent to a table the moment they are free ("Your table is ready"), plays
the race there through the board and comes back (the first wave seats the two together);
the standings on both pages move without a reload; Bob leaves mid-arena and is seated no
more, his points kept; the arena's clock moved past its end, it finishes on both pages.
axe-core and the phone layout are checked on the way.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.e2e.audit import assert_clean, watch
from tests.e2e.conftest import browser, web_server
from tests.e2e.layout import PHONE, assert_layout, screenshot
from tests.e2e.pages import new_page
from tests.e2e.test_ratings import register

pytestmark = pytest.mark.browser
__all__ = ["browser", "web_server"]  # the e2e fixtures, used here


async def play_my_table(page: Any, tournament_url: str) -> None:
    """Follow "Your table is ready", play the race to its end, come back."""
    await page.goto(tournament_url)
    await page.wait_for_selector("[data-testid=your-table]:visible", timeout=30_000)
    await page.click("[data-testid=your-table]")
    await page.wait_for_selector("#board")
    for _ in range(60):
        if await page.locator("#result:not([hidden]) [data-testid=winner]").count():
            break
        button = page.locator("button.move").first
        if await button.count() and await button.is_enabled():
            await button.click()
        await page.wait_for_timeout(100)
    await page.wait_for_selector("#result:not([hidden]) [data-testid=winner]")
    await page.goto(tournament_url)
    await page.wait_for_selector("body[data-ready=true]")


async def test_an_arena_seats_people_as_they_free_up(browser: Any, web_server: Any) -> None:
    host = watch(await new_page(browser, web_server))
    await register(host, web_server, "Host")
    made = await host.request.post(
        f"{web_server.url}/api/tournaments",
        data={"game": "race", "seats": 2, "format": "arena", "duration_minutes": 5,
              "options": {"target": 3}},
    )  # fmt: skip
    assert made.ok, await made.text()
    tournament = await made.json()
    url = f"{web_server.url}/tournaments/{tournament['id']}"

    alice = watch(await new_page(browser, web_server))
    bob = watch(await new_page(browser, web_server, locale="fr-FR", viewport=PHONE))
    names = {"Alice": await register(alice, web_server, "Alice")}
    names["Bob"] = await register(bob, web_server, "Bob")
    for page in (alice, bob):
        await page.goto(url)
        await page.wait_for_selector("body[data-ready=true]")
        await page.click("[data-testid=join-tournament]")
        await page.wait_for_selector("#tournament-joined:not([hidden])")
    for _ in range(2):
        added = await host.request.post(f"{url.replace('/tournaments', '/api/tournaments')}/bots",
                                        data={"level": "random"})  # fmt: skip
        assert added.ok
    started = await host.request.post(f"{url.replace('/tournaments', '/api/tournaments')}/start")
    assert started.ok, await started.text()

    # The closest scores sit together: the two people first (then the two bots).
    await asyncio.gather(play_my_table(alice, url), play_my_table(bob, url))
    await assert_layout(bob, "an arena on a phone, between games")
    await assert_clean(bob, "an arena on a phone")
    await screenshot(bob, "arena-phone-running")
    # Bob leaves: his points stay, he is seated no more.
    bob.once("dialog", lambda dialog: dialog.accept())
    await bob.click("[data-testid=leave-tournament]")
    await bob.wait_for_selector("[data-testid=leave-tournament]", state="hidden")

    await play_my_table(alice, url)  # seated again as soon as she was free: with a bot
    # Alice's second game shows on Bob's page without a reload (it polls).
    await bob.wait_for_function(
        """name => [...document.querySelectorAll('#standings tr')].some(row =>
             row.textContent.includes(name) && Number(row.children[3]?.textContent) >= 2)""",
        arg=names["Alice"],
        timeout=30_000,
    )
    assert await bob.locator("[data-testid=your-table]").is_hidden()
    # Bob sat at most at two tables: the one he played, and the one he may have been
    # seated at on his way back (leaving handed it to a bot: his seat forfeits).
    api = url.replace("/tournaments", "/api/tournaments")
    seen = await (await bob.request.get(api)).json()
    mine = seen["you"]["entrant"]
    assert seen["you"]["left"] is True
    assert 1 <= sum(mine in {e["id"] for e in t["entrants"]} for t in seen["tables"]) <= 2

    # The clock moves past the arena's end: no new table; it ends with the games in play.
    engine = create_async_engine(web_server.settings.database_url)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text("UPDATE tournaments SET started_at = :moved WHERE id = :id"),
                {"moved": datetime.now(UTC) - timedelta(minutes=6), "id": tournament["id"]},
            )
    finally:
        await engine.dispose()
    for _ in range(30):  # a table made just before the end is played out
        if await alice.locator("[data-testid=tournament-winners]:not([hidden])").count():
            break
        if await alice.locator("[data-testid=your-table]").is_visible():
            await play_my_table(alice, url)
        await alice.wait_for_timeout(500)
    for page in (alice, bob):
        await page.wait_for_selector(
            "[data-testid=tournament-winners]:not([hidden])", timeout=60_000
        )
    await assert_layout(bob, "a finished arena on a phone")
    await screenshot(bob, "arena-phone-finished")
    for page in (host, alice, bob):
        assert page.errors == []
