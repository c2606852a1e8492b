"""An arena in chromium: six people (five desktops in English, a phone in French) and two
bots.

Each person is sent to a table the moment they are free ("Your table is ready"), plays
the race there through the board and comes back (the first wave seats people with
people: closest scores); standings move on every page without a reload; Bob leaves
mid-arena and is seated no more, his points kept; the others play on until twenty games
are counted; the arena's clock moved past its end, the games in play end it, and every
page shows the winner. axe-core and the phone layout are checked on the way.
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


async def keep_playing(page: Any, url: str, until: Any) -> int:
    """Play every table the arena gives this page until ``until()``; the games played."""
    games = 0
    while not await until():
        if await page.locator("[data-testid=your-table]").is_visible():
            await play_my_table(page, url)
            games += 1
        else:
            await page.wait_for_timeout(300)
    return games


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
    api = url.replace("/tournaments", "/api/tournaments")

    # Six people: Bob on a phone in French, the others on desktops in English.
    people: dict[str, Any] = {}
    for name in ("Alice", "Bob", "Cleo", "Dan", "Eve", "Finn"):
        phone = name == "Bob"
        page = watch(
            await new_page(
                browser, web_server, locale="fr-FR" if phone else "en-GB",
                viewport=PHONE if phone else None,
            )
        )  # fmt: skip
        await register(page, web_server, name)
        await page.goto(url)
        await page.wait_for_selector("body[data-ready=true]")
        await page.click("[data-testid=join-tournament]")
        await page.wait_for_selector("#tournament-joined:not([hidden])")
        people[name] = page
    bob = people["Bob"]
    for _ in range(2):
        assert (await host.request.post(f"{api}/bots", data={"level": "random"})).ok
    started = await host.request.post(f"{api}/start")
    assert started.ok, await started.text()
    assert len((await started.json())["tables"]) == 4  # eight entrants, four tables

    # The closest scores sit together: the people meet people first. Bob plays one game,
    # looks at the page on his phone, and leaves; the others play on.
    await asyncio.gather(*(play_my_table(page, url) for page in people.values()))
    await assert_layout(bob, "an arena on a phone, between games")
    await assert_clean(bob, "an arena on a phone")
    await screenshot(bob, "arena-phone-running")
    bob.once("dialog", lambda dialog: dialog.accept())
    await bob.click("[data-testid=leave-tournament]")
    await bob.wait_for_selector("[data-testid=leave-tournament]", state="hidden")

    async def games_played(minimum: int) -> bool:
        seen = await (await host.request.get(api)).json()
        return sum(row["games"] for row in seen["standings"]) >= minimum

    async def finished() -> bool:
        return (await (await host.request.get(api)).json())["status"] == "finished"

    async def end_after(games: int) -> None:
        """Once ``games`` are counted, the clock moves past the arena's end: no new table
        is made; the games in play end it (everyone keeps playing until then, so no
        table waits on a player who stopped)."""
        while not await games_played(games):
            await asyncio.sleep(0.5)
        # The standings on Bob's page follow without a reload (it polls): the busiest
        # player's count of games, as the server counts it now, shows there too.
        rows = (await (await host.request.get(api)).json())["standings"]
        busiest = max(rows, key=lambda row: row["games"])
        assert busiest["games"] >= 3  # twenty games among eight entrants
        await bob.wait_for_function(
            """([name, games]) => [...document.querySelectorAll('#standings tr')].some(
                 row => row.textContent.includes(name)
                   && Number(row.children[3]?.textContent) >= games)""",
            arg=[busiest["name"], busiest["games"]],
            timeout=30_000,
        )
        engine = create_async_engine(web_server.settings.database_url)
        try:
            async with engine.begin() as conn:
                await conn.execute(
                    text("UPDATE tournaments SET started_at = :moved WHERE id = :id"),
                    {"moved": datetime.now(UTC) - timedelta(minutes=6), "id": tournament["id"]},
                )
        finally:
            await engine.dispose()

    others = [page for name, page in people.items() if name != "Bob"]
    await asyncio.gather(end_after(20), *(keep_playing(page, url, finished) for page in others))
    assert await bob.locator("[data-testid=your-table]").is_hidden()
    # Bob sat at most at two tables: the one he played, and the one he may have been
    # seated at on his way back (leaving handed it to a bot: his seat forfeits).
    seen = await (await bob.request.get(api)).json()
    mine = seen["you"]["entrant"]
    assert seen["you"]["left"] is True
    assert 1 <= sum(mine in {e["id"] for e in t["entrants"]} for t in seen["tables"]) <= 2
    for page in people.values():
        await page.goto(url)
        await page.wait_for_selector("[data-testid=tournament-winners]:not([hidden])")
    final = await (await host.request.get(api)).json()
    assert all(table["room_status"] == "finished" for table in final["tables"])
    assert sum(row["games"] for row in final["standings"]) == 2 * len(final["tables"])
    await assert_layout(bob, "a finished arena on a phone")
    await screenshot(bob, "arena-phone-finished")
    for page in (host, *people.values()):
        assert page.errors == []
