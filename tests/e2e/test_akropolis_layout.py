"""Akropolis in real browsers: what a player sees at every step of a solo game on a phone (in
French) and on a desktop (in English): the city and the action to do on screen together,
44 px targets, no internal ids, one status line and one final table (issue 43)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.akropolis_helpers import FINAL, WINNER, sign_in, start_solo, winner_line
from tests.e2e.conftest import shot_path
from tests.e2e.layout import DESKTOP, PHONE, assert_layout, screenshot
from tests.e2e.pages import new_page, says_game_over_once

SETTLED = """before => {
  const turns = document.querySelectorAll('[data-testid=move-log] li:not(.empty)').length;
  const ready = document.querySelector('#board [data-primary]')
    || document.querySelector('[data-testid=final-table]');
  return turns > before && ready;
}"""


async def turns_logged(page: Any) -> int:
    return await page.locator("[data-testid=move-log] li:not(.empty)").count()


@pytest.mark.parametrize(
    ("size", "locale"), [("phone", "fr-FR"), ("desktop", "en-GB")], ids=["phone-fr", "desktop-en"]
)
async def test_every_step_of_a_solo_game_keeps_the_city_and_the_action_on_screen(
    browser: Any, web_server: Any, size: str, locale: str
) -> None:
    """A whole solo game played as a player would, checked at every step: the header fits,
    the city and the one thing to do (the first tile to take, then Place) are on screen
    together, every control is at least 44 px, no tile id or coordinate shows, the page
    never scrolls sideways (tests/e2e/layout.py); then the room's result. The room's status
    line and result panel say whose turn it is and who won, once: the board repeats neither."""
    phone = size == "phone"
    extra: dict[str, Any] = (
        {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    )
    page = await new_page(
        browser, web_server, locale=locale, viewport=PHONE if phone else DESKTOP, **extra
    )
    await sign_in(page, "Théa" if phone else "Thea")
    await start_solo(page, "metagenes")
    await page.wait_for_selector("#board [data-primary]")
    await assert_layout(page, "akropolis start")
    # One status line: the room's, above the board, at every width; the board has none.
    await page.wait_for_selector(f"#turn:has-text('{'À vous de jouer' if phone else 'Your turn'}')")
    assert await page.locator("#board [data-testid=ak-turn]").count() == 0
    press = (lambda target: target.tap()) if phone else (lambda target: target.click())
    step = 0
    while not await page.locator(FINAL).count():
        step += 1
        before = await turns_logged(page)
        card = page.locator("#board .ak-card[data-primary]")
        if phone and step == 9:  # the site in the action bar, under the city
            await screenshot(page, "akropolis-phone-mid")
        await press(card)
        await page.wait_for_selector("[data-testid=ghost]")
        place = page.locator("#board .ak-place-buttons .confirm[data-primary]")
        await place.wait_for()
        await assert_layout(page, f"akropolis step {step}, a tile in hand")
        # The tile in hand is drawn in the action bar, beside what placing it gives.
        assert await page.locator("[data-testid=tile-in-hand] svg").count() == 1
        if phone and step == 1:
            await screenshot(page, "akropolis-phone-start")
        if step == 9 and not phone:
            await page.screenshot(path=shot_path("akropolis-desktop-mid"))
        await press(place)
        await page.wait_for_function(SETTLED, arg=before, timeout=15_000)
        if not await page.locator(FINAL).count():
            await assert_layout(page, f"akropolis step {step}, placed")
    assert step >= 10
    # The end: the room's result (who won, then the board's table, its rows labelled).
    final = page.locator(FINAL)
    words = await final.inner_text()
    assert ("Points par quartier" if phone else "Points by district") in words
    assert ("Carrières" if phone else "Quarries") in words
    # One final table, in the room's result panel, not again inside the board; the winner
    # named as the board names the seat (seat 2 is the Illustrious Architect, no "Seat 2").
    assert await page.locator("#result [data-testid=final-table]").count() == 1
    assert await page.locator("#board [data-testid=final-table]").count() == 0
    player, architect = (
        ("Théa", "Illustre Architecte") if phone else ("Thea", "Illustrious Architect")
    )
    winner = await winner_line(page)
    assert player in winner or architect in winner, winner
    await says_game_over_once(page, "Partie terminée" if phone else "Game over")
    await page.locator(WINNER).first.scroll_into_view_if_needed()
    if phone:
        await screenshot(page, "akropolis-phone-end")
    # Then the finished city, which the player scrolls to.
    await page.locator("#board [data-role=map]").first.scroll_into_view_if_needed()
    await assert_layout(page, "akropolis end")
    log = await page.inner_text("[data-testid=move-log]")
    if phone:
        assert re.search(r"Théa a pris la \d(re|e) tuile", log)
    else:
        assert re.search(r"Thea took the \d(st|nd|rd|th) tile", log)
    assert page.errors == []
