"""Akrotiri says why not, in words, where the player tried: a plan card that cannot be
excavated yet, a port the boat cannot stop at, a sale or a purchase away from Thera. The
words come from the seat's view (what is missing, how many drachmas short) and nothing is
sent: the server stays the judge of every move."""

from __future__ import annotations

import random
from typing import Any

from playwright.async_api import Error as PlaywrightError

from app.games.akrotiri.cache import board_of
from tests.e2e.akrotiri_helpers import (
    SEND,
    inspect,
    keen_choice,
    sign_in,
    start_against_bot,
    version,
    wait_version_change,
)
from tests.e2e.audit import assert_clean, watch
from tests.e2e.conftest import shot_path
from tests.e2e.pages import new_page

WHY = "[data-testid=why-not]"


async def until_my_actions(page: Any) -> dict[str, Any]:
    """Play the setup (and nothing else) through the socket until the seat's action step."""
    for _ in range(600):
        state = await inspect(page)
        game, moves = state["game"], state["legalMoves"]
        if moves and game["phase"] == "actions":
            return state
        if moves:
            choice = keen_choice(game, moves, random.Random(state["version"]))
            if await page.evaluate(SEND, [choice, state["version"]]):
                await wait_version_change(page, state["version"])
                continue
        await page.wait_for_timeout(50)
    raise AssertionError("never reached the action step")


async def said(page: Any, words: str, near: str | None = None) -> str:
    """The words, read out by the bar's live region and shown next to the control ``near``
    (else in the bar itself)."""
    await page.wait_for_function(
        "([s, w]) => document.querySelector(s)?.textContent.includes(w)", arg=[WHY, words]
    )
    shown = page.locator(f"{near} [data-testid=why-note]" if near else WHY)
    assert await shown.is_visible()
    text = await shown.inner_text()
    assert words in text
    return text


def section(testid: str) -> str:
    """The panel section holding a control."""
    return f".akr-section:has([data-testid={testid}])"


async def tap_port(page: Any, port: str) -> None:
    """Tap a port on the map (or the boat docked on it)."""
    target = page.locator(f".akr-boat[data-port='{port}'], .akr-port[data-port='{port}']")
    box = None
    for _ in range(20):
        try:
            await target.first.scroll_into_view_if_needed()
            box = await target.first.bounding_box()
        except PlaywrightError:  # the map was drawn anew meanwhile (CI saw it): find it again
            box = None
        if box:  # (None too while the new map is not laid out yet: CI saw that as well)
            break
        await page.wait_for_timeout(100)
    assert box, port
    await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


async def test_the_board_says_why_not(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server))
    await sign_in(page, "Rhea")
    await start_against_bot(page)
    state = await until_my_actions(page)
    game, seat = state["game"], state["seat"]
    me = game["players"][seat]
    seen = await version(page)
    assert await page.get_attribute(WHY, "aria-live") == "polite"

    # A plan card, docked at Thera: dig on an island, and the drachmas it lacks.
    card = max(me["plans"], key=lambda c: c["cost"])  # the dearest: it lacks drachmas
    await page.click(f"[data-testid=plan-{card['id']}]")
    text = await said(page, "never on Thera", near=".akr-hand")
    if card["cost"] > me["drachmas"]:
        short = card["cost"] - me["drachmas"]
        drachmas = "drachma" if short == 1 else "drachmas"
        assert f"You need {short} more {drachmas}: it costs {card['cost']}" in text
    await page.screenshot(path=shot_path("akrotiri-why-plan"))
    await page.click(f"[data-testid=plan-{card['id']}]")  # unselected: nothing to say
    assert await page.text_content(WHY) == ""
    assert not await page.locator("[data-testid=why-note]").count()

    # The ports of the two boats: its own, and the one it may pass but not stop at.
    boats = game["boats"]
    await tap_port(page, boats[seat]["at"])
    await said(page, "Your boat is docked here.")
    await tap_port(page, boats[1 - seat]["at"])
    await said(page, "The other boat is docked there")
    assert await version(page) == seen  # nothing was sent

    # Away from Thera with a cube: selling and buying say where they happen.
    board = board_of(game["placements"])
    islands = board.islands()
    with_cubes = {islands.of_piece[board.piece_index[p]] for p in game["cubes"]}
    sail = next(
        m
        for m in state["legalMoves"]
        if m["type"] == "move"
        and islands.of_port[board.port_index[m["to"]]] in with_cubes - {islands.thera}
    )
    await page.evaluate(SEND, [sail, seen])
    await wait_version_change(page, seen)
    state = await inspect(page)
    load = next(m for m in state["legalMoves"] if m["type"] == "load")
    await page.evaluate(SEND, [load, state["version"]])
    await wait_version_change(page, state["version"])
    seen = await version(page)
    await page.click("[data-testid=try-sell]")
    await said(page, "Cubes are sold only at Thera", near=section("try-sell"))
    await page.click("[data-testid=try-buy_plans]")
    await said(page, "Plan cards are bought only at Thera", near=section("try-buy_plans"))
    await page.screenshot(path=shot_path("akrotiri-why-buy"))
    assert await version(page) == seen
    await assert_clean(page, "akrotiri refusals")
    assert page.errors == []
