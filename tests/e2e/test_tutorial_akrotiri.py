"""The Akrotiri tutorial in chromium, from the game page's link to a real game: each step
is played by clicking what the coach highlights (the tile's spot, the free cube, the sale,
the port, the plan card and its temple, the load), on a desktop and on a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import DESKTOP, PHONE, screenshot
from tests.e2e.pages import new_page

LESSONS = ["tile", "cube", "sell", "sail", "excavate", "load"]
HIGHLIGHT = "#board .tut-highlight"


async def tap(page: Any, selector: str) -> None:
    """Click the highlighted control matching ``selector`` (it must be highlighted)."""
    target = page.locator(f"{selector}.tut-highlight").first
    await target.scroll_into_view_if_needed()
    await target.click()


async def tap_map(page: Any, selector: str) -> None:
    """Tap a highlighted shape of the map at its middle (the map takes pointer taps)."""
    target = page.locator(f"{selector}.tut-highlight").first
    await target.scroll_into_view_if_needed()
    box = await target.bounding_box()
    assert box, selector
    await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


async def play_step(page: Any, lesson: str) -> None:
    if lesson == "tile":
        await tap_map(page, ".akr-spot")
        await page.wait_for_selector("[data-testid=ghost]")
        await tap(page, "[data-testid=confirm-tile]")
    elif lesson == "cube":
        await tap(page, "[data-testid^=cube-]")
    elif lesson == "sell":
        await tap(page, "[data-testid^=sell-more-]")
        await tap(page, "[data-testid=send-sell]")
    elif lesson == "sail":
        await tap_map(page, ".akr-target")
    elif lesson == "excavate":
        await tap(page, ".akr-plan")
        await page.wait_for_selector(".akr-proof")  # where the selected card is proven
        await tap_map(page, ".akr-dig")
        await tap(page, "[data-testid=spend-yes]")
    elif lesson == "load":
        more = page.locator("[data-testid^=load-more-].tut-highlight").first
        while await more.is_enabled():
            await more.click()
        await tap(page, "[data-testid=send-load]")


@pytest.mark.parametrize("size", ["desktop", "phone"])
async def test_akrotiri_tutorial_completed(browser: Any, web_server: Any, size: str) -> None:
    viewport = DESKTOP if size == "desktop" else PHONE
    page = watch(await new_page(browser, web_server, viewport=viewport))
    await page.goto(web_server.url + "/games/akrotiri")
    await page.click("[data-testid=tutorial-link]")
    await page.wait_for_selector("#tutorial .akr-root .akr-map-svg .akr-thera")
    await assert_clean(page, "akrotiri tutorial")
    explanations = []
    for index, lesson in enumerate(LESSONS):
        assert await page.inner_text("#step-count") == f"Step {index + 1} of {len(LESSONS)}"
        await page.wait_for_selector(HIGHLIGHT)
        if index == 0:
            assert "Round 2" in await page.inner_text("#coach-text")
        first = page.locator(HIGHLIGHT).first
        await first.scroll_into_view_if_needed()
        suffix = "" if size == "desktop" else "-phone"
        await screenshot(page, f"tutorial-akrotiri-{lesson}{suffix}")
        await play_step(page, lesson)
        await page.wait_for_selector("[data-testid=tutorial-explain]:not(:empty)")
        explanations.append(await page.inner_text("[data-testid=tutorial-explain]"))
        assert not await page.locator(HIGHLIGHT).count()
        if index < len(LESSONS) - 1:
            await page.click("#coach-next")
    await page.wait_for_selector("#tutorial[data-done=true]")
    assert "Tutorial complete" in await page.inner_text("#coach-title")
    # The numbers the words give are the rules' (tests/tutorials/test_akrotiri.py).
    assert "5 island parts" in explanations[0] and "over 4 tiles" in explanations[0]
    assert "+4 drachmas: you had 2, you now have 6" in explanations[2]
    assert "1 action: 2 actions left" in explanations[3]
    assert "4 points" in explanations[4] and "2 drachmas left" in explanations[4]
    assert "3 cubes on board" in explanations[5]
    # The board shows what the rules did: a temple, the drachmas, the cargo.
    assert await page.locator("#board [data-testid=temple]").count() == 1
    assert "2" in await page.inner_text("#board [data-testid=drachmas-0]")
    await assert_clean(page, "akrotiri tutorial done")
    # Finishing offers a real game: one click seats a guest against a bot.
    await page.click("[data-testid=tutorial-play]")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    await page.wait_for_selector("#board .akr-root")
    await page.context.close()
