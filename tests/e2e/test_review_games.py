"""The game review of Akrotiri, Attika and Agorapolis in the browser: a finished game against
a random bot, its replay's review, a seat's summary line and biggest mistakes; a mistake
shows the played and the better move side by side in words (Agorapolis: pictures of the
bets and dice too), and the better move's board with what it changes marked."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import shot_path
from tests.e2e.review_helpers import MISTAKES, finished_game, open_review, review_page

GAMES = [
    ("akrotiri", {}),
    ("attika", {}),
    ("agorapolis", {"renown_target": "6"}),  # a short game: ~160 moves
]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
async def test_each_mistake_shows_the_better_move_marked(
    browser: Any, web_server: Any, game: str, options: dict[str, str]
) -> None:
    page = await review_page(browser, web_server)
    room = await finished_game(page, web_server, game, "Lina", options)
    await open_review(page, web_server, room)
    summary = page.locator("[data-testid=review-summary]").first
    assert (await summary.inner_text()).startswith("You lost ")
    mistakes = page.locator(MISTAKES)
    assert 1 <= await mistakes.count() <= 3
    pictured = 0
    for index in range(await mistakes.count()):
        await mistakes.nth(index).click()
        await page.wait_for_selector("#review-compare:not([hidden])")
        played = await page.inner_text("[data-testid=review-played-words]")
        better = await page.inner_text("[data-testid=review-better-words]")
        assert played and better, (played, better)
        pictured += await page.locator("#review-compare [data-testid=review-picture]").count()
        await page.click("#review-better")
        assert await page.get_attribute("#review-better", "aria-pressed") == "true"
        marks = page.locator("#board [data-review-mark]")
        await marks.first.wait_for()
        if index == 0:
            await page.screenshot(path=shot_path(f"review-{game}"), full_page=True)
            await page.locator("#review").screenshot(path=shot_path(f"review-{game}-panel"))
        await marks.first.scroll_into_view_if_needed()
        await page.locator("#board").screenshot(path=shot_path(f"review-{game}-better-{index + 1}"))
        await page.click("#review-played")
        assert await page.get_attribute("#review-played", "aria-pressed") == "true"
        assert await page.locator("#board [data-review-mark]").count() == 0
    if game == "agorapolis":  # the choices in pictures too: dice, bets, sectors
        assert pictured
    assert page.errors == []
