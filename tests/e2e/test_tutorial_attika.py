"""The Attika tutorial in chromium, from the game page's link to a real game: each step is
played by clicking what the coach highlights, on a desktop in English and on a phone in
French; the page is clean (console, axe-core) at the start and the end; a picture of every
lesson for the docs (UPDATE_SCREENSHOTS=1 writes docs/screenshots/)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import DESKTOP, PHONE, screenshot
from tests.e2e.pages import new_page

# The coach's words after each lesson, in English (the numbers come from the rules).
DONE_EN = {
    "cost": "covered 2 of the 4 symbols, so you paid 2 cards",
    "free": "Free, instead of 3 symbols",
    "colony": "1 card extra for the new colony: 4 cards in all",
    "draw": "1 draw is left this turn",
    "amphora": "you earn an amphora (you hold 1)",
    "end": "You drew 1 card",
    "shrines": "you win with 9 buildings on the map",
}


# The board redraws in the next animation frame, and once more when an opponent's new
# building stops blinking: a control is clicked once the board has been still for a moment.
WATCH = """() => {
  window.boardChanged = performance.now();
  new MutationObserver(() => { window.boardChanged = performance.now(); })
    .observe(document.querySelector('#board'), { childList: true, subtree: true });
}"""
STILL = "() => performance.now() - window.boardChanged > 250"


async def highlighted(page: Any, selector: str) -> Any:
    """The control the coach highlights, once the board is still."""
    await page.wait_for_function(STILL, polling=50)
    target = page.locator(f"#board {selector}.tut-highlight").first
    await target.wait_for(timeout=5000)
    return target


async def play_step(page: Any, focus: list[str]) -> None:
    """Click, in order, each control the coach highlights for this step."""
    for selector in focus:
        await (await highlighted(page, selector)).click()


@pytest.mark.parametrize(
    ("size", "locale"), [("desktop", "en-GB"), ("phone", "fr-FR")], ids=["desktop-en", "phone-fr"]
)
async def test_attika_tutorial_completed(
    browser: Any, web_server: Any, size: str, locale: str
) -> None:
    phone = size == "phone"
    extra: dict[str, Any] = {"is_mobile": True, "has_touch": True} if phone else {}
    viewport = PHONE if phone else DESKTOP
    page = watch(await new_page(browser, web_server, locale=locale, viewport=viewport, **extra))
    await page.goto(web_server.url + "/games/attika")
    await page.click("[data-testid=tutorial-link]")
    await page.wait_for_selector("#tutorial .at-root .at-map-svg .at-land")
    await assert_clean(page, f"attika tutorial start ({size})")
    await page.evaluate(WATCH)
    steps = (await page.evaluate("fetch('/api/tutorials/attika').then((r) => r.json())"))["steps"]
    assert [s["lesson"] for s in steps] == list(DONE_EN)
    for index, step in enumerate(steps):
        count = await page.inner_text("#step-count")
        assert re.search(rf"\b{index + 1}\b.*\b{len(steps)}\b", count), count
        focus = step["focus"]
        await play_step(page, focus[:-1])
        last = await highlighted(page, focus[-1])
        await screenshot(page, f"tutorial-attika-{step['lesson']}{'-phone' if phone else ''}")
        await last.click()
        explain = page.locator("[data-testid=tutorial-explain]:not(:empty)")
        await explain.wait_for(timeout=5000)
        if not phone:
            assert DONE_EN[step["lesson"]] in await explain.inner_text()
        if index < len(steps) - 1:
            await page.click("#coach-next")
    await page.wait_for_selector("#tutorial[data-done=true]")
    await page.wait_for_selector("#board [data-testid=final-panel]")
    await page.evaluate("scrollTo(0, 0)")
    await screenshot(page, f"tutorial-attika-finish{'-phone' if phone else ''}")
    await assert_clean(page, f"attika tutorial done ({size})")
    # Finishing offers a real game: one click seats a guest against a bot.
    await page.click("[data-testid=tutorial-play]")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    await page.wait_for_selector("#board .at-root .at-map-svg .at-land")
    await page.context.close()
