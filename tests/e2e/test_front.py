"""The front door in a real browser: one click to a game against bots, rules pages in
French then English, the rules drawer in a game, the Akropolis tutorial, the lobby on a
phone, and every page clean (no console error or failed request, axe-core without
serious or critical violations)."""

from __future__ import annotations

import re
import secrets
from typing import Any

from playwright.async_api import TimeoutError as PlaywrightTimeout

from app.cli import create_admin
from tests.e2e.audit import assert_clean, watch
from tests.e2e.conftest import shot_path
from tests.e2e.pages import become_guest, new_page

PHONE = {"width": 390, "height": 844}


async def clicks_counted(page: Any) -> list[str]:
    """Count the visitor's clicks (each pointer click on the page, whatever it hits)."""
    clicks: list[str] = []
    await page.expose_function("agoraClick", lambda target: clicks.append(target))
    await page.add_init_script(
        "document.addEventListener('click',"
        " (e) => window.agoraClick(e.target.outerHTML.slice(0, 80)), true)"
    )
    return clicks


async def test_first_visit_reaches_a_running_game_against_bots_in_three_clicks(
    browser: Any, web_server: Any
) -> None:
    page = watch(await new_page(browser, web_server))
    clicks = await clicks_counted(page)
    await page.goto(web_server.url + "/")  # the landing page, as a first-time visitor
    await page.wait_for_selector(".game-card[data-game=akropolis] .art svg .ak-hex")
    await page.wait_for_selector("body[data-ready]")
    await assert_clean(page, "landing")
    await page.screenshot(path=shot_path("front-landing"), full_page=True)

    await page.click("[data-testid=play-bots-akropolis]")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    await page.wait_for_function(
        "window.agoraRoom && window.agoraRoom.socket.room"
        " && window.agoraRoom.socket.room.status === 'playing'"
    )
    await page.wait_for_selector(".ak-root [data-testid=city]")
    await page.wait_for_selector("#turn:has-text('Your turn')")
    assert len(clicks) <= 3, clicks
    assert len(clicks) == 1, clicks  # in fact one click: Play now against bots
    seats = await page.evaluate("window.agoraRoom.socket.room.seats.map((s) => s.kind)")
    assert seats == ["player", "bot"]
    await assert_clean(page, "akropolis room")

    # The rules drawer opens next to the board, with the game page's content and diagrams.
    await page.click("#rules-button")
    await page.wait_for_selector("[data-testid=rules-drawer] #ak-summary")
    await page.wait_for_selector("#rules-body figure[data-diagram=akropolis-scoring] svg")
    assert await page.is_visible(".ak-root")
    assert "How to play in two minutes" in await page.inner_text("#rules-body")
    await assert_clean(page, "rules drawer")
    await page.screenshot(path=shot_path("front-rules-drawer"))
    await page.keyboard.press("Escape")
    await page.wait_for_selector("[data-testid=rules-drawer]", state="hidden")
    assert await page.evaluate("document.activeElement.id") == "rules-button"
    await page.context.close()


async def test_rules_page_in_french_then_english(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server, locale="fr-FR"))
    await page.goto(web_server.url + "/games/akropolis")
    await page.wait_for_selector("body[data-diagrams=drawn]")
    assert await page.inner_text("h1") == "Akropolis"
    text = await page.inner_text(".rules")
    assert "Jouer en deux minutes" in text and "Variantes" in text and "Total" in text
    drawn = await page.locator(".rules figure[data-diagram] svg").count()
    assert drawn >= 6  # start tile, legend, two legal and two illegal placements, scoring
    await assert_clean(page, "akropolis rules fr")
    await page.click("a[data-lang=en]")
    await page.wait_for_selector("body[data-diagrams=drawn]")
    text = await page.inner_text(".rules")
    assert "How to play in two minutes" in text and "Variants" in text
    assert await page.locator("html[lang=en]").count() == 1
    await assert_clean(page, "akropolis rules en")
    await page.screenshot(path=shot_path("front-game-page"), full_page=True)

    await page.goto(web_server.url + "/games/agorapolis")
    await page.wait_for_selector("body[data-diagrams=drawn]")
    rows = page.locator("figure[data-diagram=agorapolis-combinations] tbody tr")
    assert await rows.count() == 7
    assert await rows.nth(4).locator(".agp-die").count() == 5  # the straight
    await assert_clean(page, "agorapolis rules")
    await page.context.close()


async def test_akropolis_tutorial_completed(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server))
    await page.goto(web_server.url + "/games/akropolis")
    await page.click("[data-testid=tutorial-link]")
    await page.wait_for_selector("#tutorial .ak-root")
    await assert_clean(page, "tutorial")
    explanations = []
    for step in range(3):
        assert await page.inner_text("#step-count") == f"Step {step + 1} of 3"
        tile = await page.get_attribute("#board", "data-tut-tile")
        card = page.locator(f".ak-card[data-index='{tile}']")
        await card.click()
        await page.wait_for_selector("[data-testid=ghost]")
        await page.click(".ak-tool.confirm")
        await page.wait_for_selector("[data-testid=tutorial-explain]:not(:empty)")
        explanations.append(await page.inner_text("[data-testid=tutorial-explain]"))
        if step == 1:
            await page.evaluate("scrollTo(0, 0)")
            await page.screenshot(path=shot_path("front-tutorial"), full_page=True)
        if step < 2:
            await page.click("#coach-next")
    await page.wait_for_selector("#tutorial[data-done=true]")
    assert "Tutorial complete" in await page.inner_text("#coach-title")
    assert "Your score: 1 → 3." in explanations[0]
    assert "2 stones" in explanations[1] and "3 → 7" in explanations[1]
    assert "2 stars" in explanations[2] and "7 → 11" in explanations[2]
    await assert_clean(page, "tutorial done")
    # Finishing offers a real game: one click seats a guest against a bot.
    await page.click("[data-testid=tutorial-play]")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    await page.wait_for_selector("#board .ak-root")
    await page.context.close()


async def test_phone_lobby_updates_live_and_join_finds_the_fullest_table(
    browser: Any, web_server: Any
) -> None:
    phone = watch(await new_page(browser, web_server, viewport=PHONE, device_scale_factor=2))
    await become_guest(phone, "Nina")
    await phone.wait_for_selector("body[data-ready]")
    await phone.select_option("#filter-game", "agorapolis")
    host = watch(await new_page(browser, web_server))
    await host.wait_for_selector("body[data-ready]")
    await host.click("[data-testid=join-agorapolis]")  # no open table: a new public one
    await host.wait_for_url(re.compile(r"/r/\w+"))
    room_id = host.url.split("/r/", 1)[1].split("?")[0]
    # The phone's lobby shows the new table without a reload.
    await phone.wait_for_selector(f"#room-list li[data-room='{room_id}']", timeout=15000)
    assert "1 of 4 seats free" not in await phone.inner_text("#room-list")
    assert "3 of 4 seats free" in await phone.inner_text(f"#room-list li[data-room='{room_id}']")
    width = await phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 2
    await assert_clean(phone, "phone lobby")
    await phone.select_option("#game-select", "akropolis")  # "More options", help inline
    await phone.evaluate("document.getElementById('open-title').scrollIntoView(); scrollBy(0, -12)")
    await phone.screenshot(path=shot_path("front-lobby-phone"))
    # Joining from the phone sits Nina at that table (the fullest one of the game).
    await phone.click("[data-testid=join-agorapolis]")
    await phone.wait_for_url(re.compile(rf"/r/{room_id}"))
    await phone.wait_for_selector("#seats li[data-seat='1']:has-text('Nina')")
    await assert_clean(phone, "phone room")
    await assert_clean(host, "host room")
    await phone.context.close()
    await host.context.close()


async def test_agorapolis_room_is_clean_and_playable_by_keyboard(
    browser: Any, web_server: Any
) -> None:
    page = watch(await new_page(browser, web_server))
    await page.wait_for_selector("body[data-ready]")
    await page.click("[data-testid=play-bots-agorapolis]")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    await page.wait_for_selector("[data-testid=group-bet] .agp-choice")
    await assert_clean(page, "agorapolis room")
    # Keyboard only: Tab to a bet button, press Enter: the Agriculture bet is made (the
    # prompt moves on; for Delphi it becomes the re-bet prompt). Should a redraw take the
    # focus away between Tab and Enter, the player, like this loop, tabs again.
    asked = "document.querySelector('[data-testid=group-bet]')?.textContent.includes('Agric')"
    for _ in range(3):
        await tab_to(page, "bet-")
        await page.keyboard.press("Enter")
        try:
            await page.wait_for_function(f"!({asked})", timeout=5000)
            break
        except PlaywrightTimeout:
            continue
    assert not await page.evaluate(asked)
    await assert_clean(page, "agorapolis after a keyboard bet")
    await page.context.close()


async def test_login_replay_and_admin_pages_are_clean(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server))
    await page.goto(web_server.url + "/login")
    await assert_clean(page, "login")
    suffix = secrets.token_hex(3)
    await become_guest_via_api(page, f"Rhea {suffix}")
    # A short Race game against a bot, played to the end, then its replay.
    room = await page.evaluate(
        """async () => {
          const post = (url, body) => fetch(url, {method: 'POST',
              headers: {'Content-Type': 'application/json'},
              body: JSON.stringify(body || {})}).then((r) => r.json());
          const room = await post('/api/rooms', {game: 'race', seats: 2, options: {target: 3}});
          await post(`/api/rooms/${room.id}/bots`, {bot: 'random'});
          await post(`/api/rooms/${room.id}/start`);
          return room;
        }"""
    )
    await page.goto(f"{web_server.url}/r/{room['id']}")
    for _ in range(40):
        if await page.locator("#result:not([hidden]) [data-testid=winner]").count():
            break
        button = page.locator("button.move").first
        if await button.count():
            await button.click()
        await page.wait_for_timeout(80)
    await page.wait_for_selector("#result:not([hidden]) [data-testid=winner]")
    await assert_clean(page, "race room")
    await page.goto(f"{web_server.url}/r/{room['id']}/replay")
    await page.wait_for_selector("#step:not(:empty)")
    await assert_clean(page, "replay")

    admin_name = f"root_{suffix}"
    await create_admin(web_server.settings.database_url, admin_name, "admin password 1")
    admin = watch(await new_page(browser, web_server))
    await admin.goto(web_server.url + "/login")
    await admin.fill("#login-form input[name=username]", admin_name)
    await admin.fill("#login-form input[name=password]", "admin password 1")
    await admin.click("#login-form button[type=submit]")
    await admin.wait_for_selector("a[href='/admin']")
    await admin.goto(web_server.url + "/admin")
    await admin.wait_for_selector("#stat-sockets:not(:has-text('–'))")
    await assert_clean(admin, "admin")
    await page.context.close()
    await admin.context.close()


async def tab_to(page: Any, prefix: str, limit: int = 120) -> str:
    """Press Tab until the focused element's data-testid starts with ``prefix``."""
    for _ in range(limit):
        await page.keyboard.press("Tab")
        testid: str = await page.evaluate("document.activeElement?.dataset?.testid || ''")
        if testid.startswith(prefix):
            return testid
    raise AssertionError(f"no {prefix}* element reachable with Tab")


async def become_guest_via_api(page: Any, name: str) -> None:
    await page.evaluate(
        """async (name) => { await fetch('/api/guests', {method: 'POST',
             headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name})}); }""",
        name,
    )
