"""Shared browser-test helpers: a fresh page per person, guest sign-in, turn loops."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any


async def new_page(
    browser: Any,
    server: Any,
    locale: str = "en-GB",
    viewport: dict[str, int] | None = None,
    **extra: Any,
) -> Any:
    """A page in a context of its own (its own cookies), on the lobby; records page errors."""
    context = await browser.new_context(
        locale=locale, viewport=viewport or {"width": 1280, "height": 900}, **extra
    )
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    await page.goto(server.url + "/")
    return page


async def become_guest(page: Any, name: str) -> None:
    await page.fill("#guest-form input[name=name]", name)
    await page.click("#guest-form button[type=submit]")
    await page.wait_for_selector("[data-testid=me]", state="attached")  # folded in the phone menu


async def play_until(
    pages: list[Any],
    play_turn: Callable[[Any], Awaitable[bool]],
    final_selector: str,
    timeout: float,
) -> int:
    """Let every page play its turns (``play_turn`` says if it moved) until ``final_selector``."""
    moves = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await pages[0].locator(final_selector).count():
            return moves
        played = False
        for page in pages:
            if await play_turn(page):
                moves += 1
                played = True
        if not played:
            await pages[0].wait_for_timeout(60)
    raise AssertionError(f"no {final_selector} after {moves} moves")


async def replay_first_step_with(page: Any, selector: str, *, steps: int = 60) -> int:
    """Open the finished room's replay, check its first frame has no ``selector`` and step
    forward until one appears (at most ``steps``); returns how many are shown then."""
    await page.wait_for_selector("#replay-line:not([hidden])")
    await page.click("#replay-link")
    await page.wait_for_url("**/replay**")
    await page.wait_for_selector("#board [data-testid=last-move]")
    await page.click("#first")
    assert await page.locator(selector).count() == 0
    for _ in range(steps):
        await page.click("#next")
        if await page.locator(selector).count():
            break
    return int(await page.locator(selector).count())


async def says_game_over_once(page: Any, words: str) -> None:
    """The room's headline says the game is over, and nothing else on the page repeats it
    (the boards' own end labels are for replays: issue 43's "Game over Game over")."""
    await page.wait_for_function(
        "words => document.querySelector('#turn').textContent === words", arg=words
    )
    assert (await page.inner_text("body")).count(words) == 1
