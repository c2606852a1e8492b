"""Helpers for the Akropolis browser tests: create a room, play turns through the board UI."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.pages import play_until

FINAL = "[data-testid=final-table]"
ENABLED_CARD = ".ak-card:not([disabled]):not([aria-disabled=true])"
# The room's result panel says who won (the board's own line only where the room does not).
WINNER = "[data-testid=winner]:visible, [data-testid=ak-winner]:visible"


async def sign_in(page: Any, name: str) -> None:
    """Sign in as a guest; on a phone the name sits in the folded menu (not visible)."""
    await page.fill("#guest-form input[name=name]", name)
    await page.click("#guest-form button[type=submit]")
    await page.wait_for_selector("[data-testid=me]", state="attached")


async def winner_line(page: Any) -> str:
    return await page.locator(WINNER).first.inner_text()


async def create_room(
    page: Any, seats: int, options: dict[str, Any] | None = None, private: bool = False
) -> str:
    """Fill the lobby form for Akropolis and create the room; return the room URL."""
    await page.select_option("#game-select", "akropolis")
    await page.fill("#seats-input", str(seats))
    await page.dispatch_event("#seats-input", "input")
    for name, value in (options or {}).items():
        field = f"#game-options [name={name}]"
        if isinstance(value, bool):
            await (page.check(field) if value else page.uncheck(field))
        else:
            await page.select_option(field, value)
    if private:
        await page.check("#private-input")
    await page.click("#create-button")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    return page.url


async def start_solo(page: Any, level: str) -> None:
    await create_room(page, 1, {"architect_level": level})
    await page.wait_for_selector("#start-button:not([hidden])")
    await page.click("#start-button")
    await page.wait_for_selector(".ak-site .ak-card")


async def ghost_state(page: Any) -> tuple[str, str, str]:
    ghost = page.locator("[data-testid=ghost]")
    return (
        await ghost.get_attribute("data-q"),
        await ghost.get_attribute("data-r"),
        await ghost.get_attribute("data-rot"),
    )


async def play_turn_if_mine(page: Any) -> bool:
    """If it is this page's turn, place a tile through the UI: the one already in hand, else
    the first tile the site offers (pick a card, the ghost appears on a legal spot), with
    the action bar's Place."""
    place = page.locator(".ak-place-buttons .confirm:not([disabled])")
    try:
        if not await place.count():
            card = page.locator(ENABLED_CARD).first
            if not await card.count():
                return False
            await card.click(timeout=2000)
            await page.locator("[data-testid=ghost]").wait_for(timeout=2000)
        await place.click(timeout=2000)
    except Exception:  # the view changed under the click (a patch arrived): try again later
        return False
    return True


async def play_until_final(pages: list[Any], timeout: float = 240) -> int:
    """Alternate over the pages, each playing when it is its turn, until the final table."""
    return await play_until(pages, play_turn_if_mine, FINAL, timeout)


async def final_totals(page: Any) -> dict[str, int]:
    """Totals of the final table by seat."""
    cells = page.locator("[data-testid^=final-total-]")
    totals = {}
    for index in range(await cells.count()):
        cell = cells.nth(index)
        seat = (await cell.get_attribute("data-testid")).rsplit("-", 1)[1]
        totals[seat] = int(await cell.inner_text())
    return totals
