"""The Agorapolis guided first game in chromium: from the game page's tutorial link to the
end, clicking what the coach highlights, then "Play a real game" reaches a room. The
opponent's secret bet shows only as "ready" (✓) until the reveal. Screenshots of every
step, at desktop and phone widths (docs/screenshots/tutorial-agorapolis-*.png with
UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.agorapolis_helpers import FOCUSED, tab_to
from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import DESKTOP, PHONE, screenshot
from tests.e2e.pages import new_page

LESSONS = ["secret_bet", "combination", "renown", "exploit", "card"]
OPPONENT_BET = "[data-testid=player-1] tr[data-sector=agriculture] .agp-bet"


async def _play_highlighted(page: Any) -> None:
    """Click what the coach highlights: a die on the board first, then the move's control."""
    die = page.locator("#board .agp-player.me .agp-die.tut-highlight")
    if await die.count():
        await die.first.click()
        await page.wait_for_selector("#board .agp-die.picked")
    control = page.locator("#board .agp-actions .tut-highlight")
    await control.last.scroll_into_view_if_needed()
    await control.last.click()


# On a phone the coach is pinned at the top: the player's city goes just below it.
UNDER_COACH = """() => {
  const me = document.querySelector('#board .agp-player.me');
  me.scrollIntoView();
  const coach = document.querySelector('.coach').getBoundingClientRect();
  scrollBy(0, me.getBoundingClientRect().top - coach.bottom - 8);
}"""


async def _shot(page: Any, name: str, phone: bool) -> None:
    """As a player sees the step: on a phone, their own city under the pinned coach (the move
    bar stays at the bottom of the screen); on a desktop, the top of the page."""
    if phone:
        await page.evaluate(UNDER_COACH)
    else:
        await page.evaluate("scrollTo(0, 0)")
    await screenshot(page, name)


@pytest.mark.parametrize("size", ["desktop", "phone"])
async def test_agorapolis_tutorial_completed(browser: Any, web_server: Any, size: str) -> None:
    viewport = DESKTOP if size == "desktop" else PHONE
    page = watch(await new_page(browser, web_server, viewport=viewport))
    suffix = "" if size == "desktop" else "-phone"
    await page.goto(web_server.url + "/games/agorapolis")
    await page.click("[data-testid=tutorial-link]")
    await page.wait_for_selector("#tutorial .agp-root")
    await page.wait_for_selector("#board .tut-highlight")
    await assert_clean(page, "agorapolis tutorial")
    # The opponent has bet already: "ready", never how many, until both bets are revealed.
    assert (await page.inner_text(OPPONENT_BET)).strip() == "✓"
    explanations = []
    for index, lesson in enumerate(LESSONS):
        assert await page.inner_text("#step-count") == f"Step {index + 1} of {len(LESSONS)}"
        await page.wait_for_selector("#board .tut-highlight")
        await _shot(page, f"tutorial-agorapolis-{lesson}{suffix}", size == "phone")
        if index == 0 and size == "desktop":
            # By keyboard: the board's first Tab stop jumps to the move bar, whose first
            # usable control is the bet to make (7 and 8 are on show, refused).
            await tab_to(page, "agp-skip")
            await page.keyboard.press("Enter")
            assert await page.evaluate(FOCUSED) == "bet-6"
            await page.keyboard.press("Enter")
        else:
            await _play_highlighted(page)
        await page.wait_for_selector("[data-testid=tutorial-explain]:not(:empty)")
        explanations.append(await page.inner_text("[data-testid=tutorial-explain]"))
        if index == 0:
            assert "3" in (await page.inner_text(OPPONENT_BET))  # revealed: 3 dice
        if index < len(LESSONS) - 1:
            await page.click("#coach-next")
    await page.wait_for_selector("#tutorial[data-done=true]")
    assert "Tutorial complete" in await page.inner_text("#coach-title")
    assert "6 for you, 3 for your opponent" in explanations[0]
    assert "5 + 1 = 6 points" in explanations[1]
    assert "Agriculture is yours (6 against 3)" in explanations[2]
    assert "Your score: 0 → 1." in explanations[2]
    assert "2 against 1" in explanations[3] and "draw 3 cards" in explanations[3]
    await assert_clean(page, "agorapolis tutorial done")
    await page.evaluate("document.getElementById('coach-title').scrollIntoView()")
    await screenshot(page, f"tutorial-agorapolis-finish{suffix}")
    if size == "desktop":
        # Finishing offers a real game: one click seats a guest against a bot.
        await page.click("[data-testid=tutorial-play]")
        await page.wait_for_url(re.compile(r"/r/\w+"))
        await page.wait_for_selector("#board .agp-root")
    await page.context.close()
