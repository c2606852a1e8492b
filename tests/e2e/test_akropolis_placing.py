"""Akropolis in real browsers, placing a tile: with the keyboard only, by touch on a phone-sized
page, and with the mouse (the tile in hand follows the pointer, the wheel turns it), after a
refusal said in the player's words."""

from __future__ import annotations

from typing import Any

from tests.e2e.akropolis_helpers import ENABLED_CARD, ghost_state, sign_in, start_solo
from tests.e2e.conftest import shot_path
from tests.e2e.pages import become_guest, new_page


async def test_keyboard_only_placement(browser: Any, web_server: Any) -> None:
    page = await new_page(browser, web_server)
    await become_guest(page, "Kira")
    await start_solo(page, "hippodamos")
    await page.wait_for_selector(ENABLED_CARD)
    # Tab to the first tile of the site that can be taken, and pick it with Enter.
    for _ in range(60):
        await page.keyboard.press("Tab")
        if await page.evaluate("card => document.activeElement.matches(card)", ENABLED_CARD):
            break
    else:
        raise AssertionError("no site tile reachable with Tab")
    await page.keyboard.press("Enter")
    await page.wait_for_selector("[data-testid=ghost]")
    assert await page.evaluate("document.activeElement.dataset.testid") == "city"
    start = await ghost_state(page)
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"):
        await page.keyboard.press(key)
        if await ghost_state(page) != start:
            break
    moved = await ghost_state(page)
    assert moved != start
    await page.keyboard.press("r")
    rotated = await ghost_state(page)
    assert rotated[2] != moved[2]
    info = await page.inner_text("[data-testid=ghost-info]")
    assert info.startswith("Level ")
    await page.keyboard.press("Enter")
    await page.wait_for_selector("[data-testid=move-log] li:has-text('Kira took the')")
    log = await page.inner_text("[data-testid=move-log]")
    assert "Illustrious Architect took the" in log
    # The city now holds the starting tile and the new one: 4 + 3 hexes (or fewer if stacked).
    cells = await page.locator(".ak-city .ak-cell").count()
    assert 5 <= cells <= 7
    assert page.errors == []


async def test_phone_sized_game_start_by_touch(browser: Any, web_server: Any) -> None:
    page = await new_page(
        browser,
        web_server,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    await sign_in(page, "Theo")
    await start_solo(page, "metagenes")
    card = page.locator(ENABLED_CARD).first
    await card.tap()
    ghost = page.locator("[data-testid=ghost]")
    await ghost.wait_for()
    await page.screenshot(path=shot_path("akropolis-phone-first-pick"), full_page=True)
    box = await ghost.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.6
    await page.touchscreen.tap(x, y)  # first tap: the tile settles on that spot
    await page.wait_for_selector("[data-testid=ghost].pinned")
    await page.touchscreen.tap(x, y)  # second tap on the tile: place it
    await page.wait_for_selector("[data-testid=move-log] li:has-text('Theo took the')")
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392
    assert await page.locator(".ak-city-svg").bounding_box() is not None
    assert page.errors == []


GHOST_CENTRE = """() => {
  const faces = [...document.querySelectorAll('[data-testid=ghost] .ak-face')];
  const boxes = faces.map((face) => face.getBoundingClientRect());
  const x = boxes.reduce((sum, b) => sum + b.x + b.width / 2, 0) / boxes.length;
  const y = boxes.reduce((sum, b) => sum + b.y + b.height / 2, 0) / boxes.length;
  return [x, y];
}"""


async def test_mouse_placement_wheel_rotation_and_a_refusal_shown(
    browser: Any, web_server: Any
) -> None:
    page = await new_page(browser, web_server)
    await become_guest(page, "Mira")
    await start_solo(page, "callicrates")
    await page.wait_for_selector(ENABLED_CARD)
    # A move the rules refuse (sent by hand: the board itself only offers legal ones).
    await page.evaluate("window.agoraRoom.socket.move({tile: 3, q: 9, r: 9, rot: 0})")
    refused = page.locator("[data-testid=refused]")
    await refused.wait_for()
    # In the player's words, not the rules' reason for programs (ids, coordinates).
    assert "The rules do not allow that move now" in await refused.inner_text()
    # Said once, where the player acts: not again above the board, nor in a stray
    # "Waiting for players… Leave" box (issue 43).
    assert not await page.is_visible("#room-error")
    assert not await page.is_visible("#lobby-panel")
    # The board stays playable: pick a tile, follow the pointer, rotate with the wheel.
    await page.locator(ENABLED_CARD).first.click()
    await page.wait_for_selector("[data-testid=ghost]")
    await page.evaluate("document.querySelector('.ak-city').scrollIntoView({block: 'center'})")
    spots = page.locator(".ak-layer-spots .ak-spot")
    before = await ghost_state(page)
    for index in range(await spots.count() - 1, -1, -1):
        box = await spots.nth(index).bounding_box()
        await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if await ghost_state(page) != before:
            break
    hovered = await ghost_state(page)
    assert hovered != before
    x, y = await page.evaluate(GHOST_CENTRE)
    await page.mouse.move(x, y)
    await page.mouse.wheel(0, 120)
    await page.wait_for_function(
        "rot => document.querySelector('[data-testid=ghost]').dataset.rot !== rot",
        arg=hovered[2],
    )
    rotated = await ghost_state(page)
    assert rotated[2] != hovered[2]
    level = await page.get_attribute("[data-testid=ghost]", "data-level")
    x, y = await page.evaluate(GHOST_CENTRE)
    await page.mouse.move(x, y)
    await page.mouse.click(x, y)
    await page.wait_for_selector(f"[data-testid=move-log] li:has-text('level {level}')")
    assert await refused.count() == 0
    assert page.errors == []
