"""Agorapolis on a phone and on a desktop: a game against bots where, at every step, the
cities (the map) and the one primary control are on screen together (tests/e2e/layout.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.agorapolis_helpers import SETTLED, TOO_WIDE, play_one, room_with_bots
from tests.e2e.conftest import shot_path
from tests.e2e.layout import DESKTOP, PHONE, assert_layout, screenshot
from tests.e2e.pages import become_guest, new_page


async def layout_unless_ended(page: Any, where: str, size: str) -> bool:
    """assert_layout, unless the game ended meanwhile (False): the last move's result can
    land between the test's look at the room and the check, and the result panel then
    rightly pushes the cities down."""
    try:
        await assert_layout(page, where)
    except AssertionError:
        if await page.locator("#result:not([hidden])").count():
            return False
        await page.screenshot(path=shot_path(f"agorapolis-layout-failure-{size}"))
        raise
    return True


@pytest.mark.parametrize(
    ("size", "locale"), [("phone", "fr-FR"), ("desktop", "en-GB")], ids=["phone-fr", "desktop-en"]
)
async def test_a_game_against_bots_fits_the_screen_at_every_step(
    browser: Any, web_server: Any, size: str, locale: str
) -> None:
    """Against two bots: at every step the cities (the map) and the one primary control are
    on screen, controls are 44 px, dice are drawn (no digits in the dice cells), no internal
    words; the phone run keeps start, mid-game and end screenshots."""
    phone = size == "phone"
    page = await new_page(browser, web_server, locale=locale, viewport=PHONE if phone else DESKTOP)
    await become_guest(page, "Zoé" if phone else "Ada")
    await room_with_bots(page, 2, target=2)
    await page.wait_for_selector("[data-testid=agp-actions] [data-primary]")
    await assert_layout(page, "agorapolis start")
    if phone:
        await screenshot(page, "agorapolis-phone-start")
    started = time.monotonic()
    steps = 0
    shot_mid = False
    while not await page.locator("[data-testid=agp-final]").count():
        assert time.monotonic() - started < 240, f"no end after {steps} moves"
        if not await play_one(page):
            await page.wait_for_timeout(60)
            continue
        steps += 1
        await page.wait_for_function(SETTLED)
        if await page.locator("#result:not([hidden])").count():
            break  # the last move: the end is checked below
        assert await page.evaluate(TOO_WIDE) == [], f"step {steps}: wider than the screen"
        if not await layout_unless_ended(page, f"agorapolis step {steps}", size):
            break
        board = await page.inner_text("#board")
        assert "agorapolis." not in board
        # Dice are pictures with a spoken name, never digits in the dice cells.
        assert not (await page.inner_text(".agp-player.me .agp-dice")).strip()
        unnamed = await page.evaluate(
            "[...document.querySelectorAll('.agp-die:not([aria-label])')].map(e => e.outerHTML)"
        )
        assert unnamed == []
        if phone and not shot_mid and await page.locator(".agp-player.me .agp-die").count() >= 3:
            if await page.locator("[data-testid=agp-actions] [data-primary]").count():
                await screenshot(page, "agorapolis-phone-mid")
                shot_mid = True
    # The end: the room's result panel holds the board's final table (no second winner line).
    await page.wait_for_selector("#result [data-testid=agp-final]")
    # The player reads the result panel from its top, the cities just below it.
    await page.evaluate("document.querySelector('#result').scrollIntoView({block: 'start'})")
    await assert_layout(page, "agorapolis end")
    if phone:
        await screenshot(page, "agorapolis-phone-end")
    assert await page.locator("#board [data-testid=agp-final]").count() == 0
    assert await page.locator("[data-testid=agp-winner]").count() == 0
    heads = await page.locator("#result .agp-final-table thead th").all_inner_texts()
    assert heads[:2] == (["Rang", "Joueur"] if phone else ["Rank", "Player"])
    rows = await page.locator("#result .agp-final-table tbody tr").count()
    assert rows == 3
    print(f"agorapolis {size}: {steps} moves in {time.monotonic() - started:.1f}s")
    assert page.errors == []


# How much of the screen the sticky action bar takes, and, for each city, whether it can be
# brought on screen above the bar (scrolled to its top, its head and first sectors showing).
# The page's scroll position is put back afterwards.
BAR_AND_CITIES = """() => {
  const vh = innerHeight;
  const bar = document.querySelector("[data-testid=agp-actions]");
  const share = bar ? bar.getBoundingClientRect().height / vh : 0;
  const saved = scrollY;
  const hidden = [];
  for (const city of document.querySelectorAll("#board .agp-player")) {
    city.scrollIntoView({ block: "start" });
    const top = city.getBoundingClientRect().top;
    const barTop = bar ? bar.getBoundingClientRect().top : vh;
    if (barTop - Math.max(top, 0) < 120) hidden.push(city.dataset.testid);
  }
  scrollTo(0, saved);
  return { share, hidden, cities: document.querySelectorAll("#board .agp-player").length };
}"""


async def test_six_seats_on_a_phone_leave_the_cities_reachable(
    browser: Any, web_server: Any
) -> None:
    """Six seats on a phone: the sticky action bar never takes more than 45 % of the screen,
    and each of the six cities can be scrolled into view above it, at every step of the
    first rounds (bets, action turns, exploit)."""
    page = await new_page(browser, web_server, locale="fr-FR", viewport=PHONE)
    await become_guest(page, "Zoé")
    await room_with_bots(page, 5, target=4)
    await page.wait_for_selector("[data-testid=agp-actions] [data-primary]")
    started = time.monotonic()
    steps = 0
    worst = 0.0
    while steps < 24 and time.monotonic() - started < 60:
        if await page.locator("#result:not([hidden])").count():
            break
        if steps and not await play_one(page):
            await page.wait_for_timeout(60)
            continue
        steps += 1
        await page.wait_for_function(SETTLED)
        if await page.locator("#result:not([hidden])").count():
            break
        assert await page.evaluate(TOO_WIDE) == [], f"step {steps}: wider than the screen"
        if not await layout_unless_ended(page, f"agorapolis 6 seats step {steps}", "6-seats"):
            break
        seen = await page.evaluate(BAR_AND_CITIES)
        assert seen["cities"] == 6
        assert seen["share"] <= 0.45, f"step {steps}: the action bar takes {seen['share']:.0%}"
        assert seen["hidden"] == [], f"step {steps}: cities under the action bar {seen['hidden']}"
        if seen["share"] > worst:
            worst = seen["share"]
            await screenshot(page, "agorapolis-phone-6-seats")
    assert steps >= 8, f"only {steps} steps in 60 s"
    print(f"agorapolis 6 seats: {steps} steps, action bar at most {worst:.0%} of the screen")
    assert page.errors == []
