"""A player against a hard bot in a 2-seat Akropolis room, to the end; then the game review
on the replay page shows the player's largest mistake and the board after the better move."""

from __future__ import annotations

from typing import Any

from tests.e2e.akropolis_helpers import FINAL, create_room, play_until_final
from tests.e2e.conftest import shot_path
from tests.e2e.pages import become_guest, new_page


async def test_a_game_against_a_hard_bot_then_its_review(browser: Any, web_server: Any) -> None:
    page = await new_page(browser, web_server)
    await become_guest(page, "Lina")
    await create_room(page, 2)
    await page.select_option("#bot-level", "hard")
    await page.click("#bot-button")
    await page.wait_for_selector("#seats li[data-seat='1']:has-text('hard')")
    await page.click("#start-button")
    await play_until_final([page], timeout=400)
    await page.wait_for_selector(FINAL)

    await page.click("#replay-link")
    await page.wait_for_url("**/replay**")
    await page.click("#review-button")  # enabled once the replay has loaded
    mistake = page.locator("#review-seats .review-mistakes button").first
    await mistake.wait_for(timeout=120_000)  # reviewed in the background, ~20 s when quiet
    assert "Lina" in await page.inner_text("#review-seats h3")
    await mistake.click()
    await page.wait_for_selector("#review-compare:not([hidden])")
    step = await page.inner_text("#step")
    assert step.startswith("Move ")
    await page.click("#review-better")
    assert await page.get_attribute("#review-better", "aria-pressed") == "true"
    await page.wait_for_selector("#board .ak-city")
    # The better move's tile is outlined on the mover's city, and the city refitted to show it.
    marked = page.locator("#board [data-testid=marked-tile]")
    await marked.wait_for()
    city = await page.locator("#board .ak-city").bounding_box()
    tile = await marked.bounding_box()
    assert city is not None and tile is not None
    assert city["x"] <= tile["x"] and tile["x"] + tile["width"] <= city["x"] + city["width"]
    assert city["y"] <= tile["y"] and tile["y"] + tile["height"] <= city["y"] + city["height"]
    await page.screenshot(path=shot_path("review-akropolis"), full_page=True)
    await page.locator("#board .ak-city").screenshot(path=shot_path("review-akropolis-better"))
    await page.click("#review-played")
    assert await page.get_attribute("#review-played", "aria-pressed") == "true"
    assert page.errors == []
