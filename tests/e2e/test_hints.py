"""A hint in an unrated Akropolis game against a bot (issue 39): the player asks, reads the
hint in words with the tile shown on the city, plays it, and the move carries a hint mark
for the player and for a watcher, after a reload too."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.akropolis_helpers import create_room
from tests.e2e.audit import assert_clean, problems, scoped_axe, watch
from tests.e2e.conftest import shot_path
from tests.e2e.layout import INTERNAL, assert_layout
from tests.e2e.pages import become_guest, new_page


async def test_a_hint_in_words_played_and_marked_in_the_log(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server))
    await become_guest(page, "Lina")
    room_url = await create_room(page, 2)
    await page.select_option("#bot-level", "easy")
    await page.click("#bot-button")
    await page.wait_for_selector("#seats li[data-seat='1']:has-text('easy')")
    assert await page.locator("#hint-button").is_hidden()  # not before the game
    await page.click("#start-button")

    await page.click("#hint-button:not([hidden])")  # seat 0 starts
    box = page.locator("[data-testid=hint-box]")
    await box.wait_for()
    words = await page.inner_text("#hint-text")
    assert re.match(r"Hint: Take the \d+(st|nd|rd|th) tile (for free|for \d+ stones?)", words)
    assert "level" in words and not INTERNAL.search(words), words
    # The board picked the tile and shows it on the city, ready to place.
    await page.wait_for_selector("[data-testid=ghost]")
    await assert_layout(page, "hint shown")
    # axe on the hint's own parts: the Akropolis place bar it opens has contrast findings
    # of its own (its cancel and place buttons), not this feature's.
    assert await scoped_axe(page, "#hint-box") == [] and problems(page) == []
    await page.screenshot(path=shot_path("hint-akropolis"))

    await page.click("[data-testid=hint-play]")
    await box.wait_for(state="hidden")
    marked = page.locator("[data-testid=hinted-moves] li")
    await marked.first.wait_for()
    assert await marked.count() == 1
    line = await marked.first.inner_text()
    assert re.fullmatch(r"hint Move [12], Lina", line), line  # whoever started
    # The board's own move log marks that turn too.
    board_log = page.locator("[data-testid=move-log] li:has(.hint-mark)")
    await board_log.first.wait_for()
    assert await board_log.count() == 1
    assert "Lina took the" in await board_log.first.inner_text()
    # The bot plays; it is Lina's turn again, and the button is back for her.
    await page.wait_for_selector("#hint-button:not([hidden])")
    await page.locator("#hinted-card").screenshot(path=shot_path("hint-akropolis-log"))

    watcher = await new_page(browser, web_server)
    await watcher.goto(room_url)
    await watcher.locator("[data-testid=hinted-moves] li").first.wait_for()
    assert await watcher.inner_text("[data-testid=hinted-moves]") == line
    await watcher.locator("[data-testid=move-log] li:has(.hint-mark)").first.wait_for()
    await watcher.locator("[data-testid=move-log]").screenshot(path=shot_path("hint-board-log"))
    assert await watcher.locator("#hint-button").is_hidden()  # a watcher asks for nothing
    await assert_clean(watch(watcher), "the hinted moves, watched")
    await page.reload()
    await page.locator("[data-testid=hinted-moves] li").first.wait_for()
    assert await page.locator("[data-testid=hinted-moves] li").count() == 1
    assert page.errors == [] and watcher.errors == []


async def test_a_hint_on_a_phone_in_french(browser: Any, web_server: Any) -> None:
    page = watch(
        await new_page(browser, web_server, locale="fr-FR", viewport={"width": 390, "height": 844})
    )
    await become_guest(page, "Zoé")
    await create_room(page, 2)
    await page.select_option("#bot-level", "easy")
    await page.click("#bot-button")
    await page.wait_for_selector("#seats li[data-seat='1']")
    await page.click("#start-button")
    await page.click("#hint-button:not([hidden])")
    await page.locator("[data-testid=hint-box]").wait_for()
    words = await page.inner_text("#hint-text")
    assert words.startswith("Suggestion : Prenez la ") and "niveau" in words, words
    await page.wait_for_selector("[data-testid=ghost]")
    await assert_layout(page, "hint on a phone")
    await page.screenshot(path=shot_path("hint-akropolis-phone-fr"))
    assert await scoped_axe(page, "#hint-box") == [] and problems(page) == []
