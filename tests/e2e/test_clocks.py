"""Clocks in real browsers: a live game where one player walks away, and turn-based "My games".

Live: Alice and Bob play Race with a 10 s bank; Bob closes his tab. Alice sees his clock
run down, his seat goes to a bot and the game goes on; Bob comes back, takes his seat
back and the two finish the game. Turn-based: the game waiting on Alice is "your turn"
in My games, and the tab title counts it. Screenshots: test-artifacts/clocks-*.png.
"""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import shot_path
from tests.e2e.pages import become_guest, new_page

# A liveness bound for what the clocks and the server do on their own (a clock running
# out, a bot's move, a seat change): the clocks run on real time, but how late a loaded
# machine shows their effects is not what these tests check.
LATE = 30_000


async def create_room(page: Any, options: dict[str, str]) -> str:
    await page.select_option("#game-select", "race")
    for name, value in options.items():
        field = page.locator(f"#game-options [name={name}]")
        if await field.evaluate("el => el.tagName") == "SELECT":
            await field.select_option(value)
        else:
            await field.fill(value)
    await page.click("#create-button")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    return str(page.url.split("/r/")[1].split("?")[0])


async def play_if_my_turn(page: Any) -> bool:
    button = page.locator("button.move").first
    if await button.count():
        await button.click()
        await page.wait_for_timeout(80)
        return True
    return False


async def test_live_clock_runs_out_bot_takes_over_and_the_player_comes_back(
    browser: Any, web_server: Any
) -> None:
    alice = await new_page(browser, web_server)
    await become_guest(alice, "Alice")
    room_id = await create_room(
        alice,
        {
            "target": "14",
            "clock": "live",
            "clock_bank_seconds": "10",
            "clock_increment_seconds": "5",
        },
    )
    bob = await new_page(browser, web_server, locale="fr-FR")
    await become_guest(bob, "Bob")
    await bob.goto(f"{web_server.url}/r/{room_id}")
    await bob.click("#join-button")
    await alice.wait_for_selector("#seats li[data-seat='1']:has-text('Bob')")
    await alice.click("#start-button")
    await alice.wait_for_selector("[data-testid=clock-0].running")

    # Alice moves; Bob walks away (his tab closes) on his turn.
    await alice.locator("button.move").first.click()
    await alice.wait_for_selector("[data-testid=clock-1].running")
    bob_context = bob.context
    await bob.close()
    await alice.wait_for_selector("[data-testid=clock-1].low", timeout=LATE)
    # Presence arrives on its own message: wait for it (under load it may come after "low").
    await alice.wait_for_selector("#seats li[data-seat='1'] .away", timeout=LATE)
    await alice.screenshot(path=shot_path("clocks-low-time"), full_page=True)

    # His clock runs out: a bot takes the seat and plays.
    await alice.wait_for_selector("#seats li[data-seat='1']:has-text('bot')", timeout=LATE)
    await alice.wait_for_selector("button.move", timeout=LATE)
    # The bot's seat runs no clock: the view was refreshed with the seat change.
    await alice.wait_for_selector("[data-testid=clock-1]:not(.running)")
    await alice.screenshot(path=shot_path("clocks-bot-took-over"), full_page=True)
    await play_if_my_turn(alice)

    # Bob comes back and takes his seat again.
    bob = await bob_context.new_page()
    bob.errors = []
    bob.on("pageerror", lambda error: bob.errors.append(str(error)))
    await bob.goto(f"{web_server.url}/r/{room_id}")
    await bob.click("[data-testid=reclaim-button]")
    await alice.wait_for_selector("#seats li[data-seat='1']:not(:has-text('bot'))", timeout=LATE)
    await bob.wait_for_function("window.agoraRoom.socket.seat === 1", timeout=LATE)
    await bob.screenshot(path=shot_path("clocks-reclaimed"), full_page=True)

    for _ in range(200):
        if await alice.locator("#result:not([hidden]) [data-testid=winner]").count():
            break
        played = await play_if_my_turn(alice) or await play_if_my_turn(bob)
        if not played:
            await alice.wait_for_timeout(100)
    for page in (alice, bob):
        await page.wait_for_selector("#result:not([hidden]) [data-testid=winner]")
    await alice.screenshot(path=shot_path("clocks-final"), full_page=True)
    assert not alice.errors and not bob.errors


async def test_turn_based_game_shows_in_my_games_and_the_tab_title(
    browser: Any, web_server: Any
) -> None:
    alice = await new_page(browser, web_server)
    await become_guest(alice, "Alice")
    room_id = await create_room(alice, {"clock": "turn", "clock_turn_hours": "48"})
    bob = await new_page(browser, web_server)
    await become_guest(bob, "Bob")
    await bob.goto(f"{web_server.url}/r/{room_id}")
    await bob.click("#join-button")
    await alice.wait_for_selector("#seats li[data-seat='1']:has-text('Bob')")
    await alice.click("#start-button")
    await alice.wait_for_selector("[data-testid=clock-0].running")

    await alice.goto(f"{web_server.url}/my-games")
    row = alice.locator(f"[data-testid=my-game-{room_id}]")
    await row.wait_for()
    assert "your-turn" in (await row.get_attribute("class") or "")
    await alice.wait_for_function("document.title.startsWith('(1) ')")
    assert await alice.locator("[data-testid=my-games-badge]").inner_text() == "1"
    icon = await alice.get_attribute('link[rel=icon][type="image/svg+xml"]', "href")
    assert icon is not None and icon.startswith("data:image/svg+xml") and "%3E1%3C" in icon
    await alice.screenshot(path=shot_path("clocks-my-games"), full_page=True)

    await bob.goto(f"{web_server.url}/my-games")
    await bob.locator(f"[data-testid=my-game-{room_id}]").wait_for()
    assert not (await bob.title()).startswith("(")
    assert not alice.errors and not bob.errors
