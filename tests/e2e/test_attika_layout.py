"""What a player sees at every step of an Attika game against a bot, on a phone in French
and on a desktop in English (issue 43): the map and the current action's control on screen
together, 44 px targets, no ids or coordinates, the prompt agreeing with the cards, and the
room's result; the phone screenshots for the docs."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.attika_helpers import (
    FINAL,
    Player,
    check_agreement,
    check_layout,
    create_private_room,
    finish_over_sockets,
    settle,
    sign_in,
    socket_of,
)
from tests.e2e.conftest import shot_path
from tests.e2e.layout import DESKTOP, screenshot
from tests.e2e.layout import PHONE as PHONE_SIZE
from tests.e2e.pages import new_page

# How much taller the map's box is than the land drawn in it (px), and its floor.
SEA = """() => {
  const svg = document.querySelector('.at-map-svg');
  const box = svg.getBoundingClientRect();
  const land = svg.querySelector('.at-layer-land').getBoundingClientRect();
  const min = parseFloat(getComputedStyle(svg).minHeight) || 0;
  return { height: box.height, land: land.height, spare: box.height - land.height, min };
}"""


@pytest.mark.parametrize(
    ("size", "locale"), [("phone", "fr-FR"), ("desktop", "en-GB")], ids=["phone-fr", "desktop-en"]
)
async def test_every_step_keeps_the_map_and_the_action_on_screen(
    browser: Any, web_server: Any, size: str, locale: str
) -> None:
    """A game against a bot played by tapping the board, checked after every move: the header
    fits, the map and the one control to press are on screen together, every control is at
    least 44 px, no id or coordinate shows, no sideways scroll (tests/e2e/layout.py), and the
    prompt never contradicts the cards. The end is played over the socket; the room's result
    panel then holds the board's labelled table."""
    phone = size == "phone"
    extra: dict[str, Any] = (
        {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    )
    viewport = PHONE_SIZE if phone else DESKTOP
    page = await new_page(browser, web_server, locale=locale, viewport=viewport, **extra)
    await sign_in(page, "Ada")
    invite = await create_private_room(page, 2)
    await page.select_option("#bot-level", "random")
    await page.click("#bot-button")
    await page.wait_for_selector("#start-button:not([disabled])")
    await page.click("#start-button")
    await page.wait_for_selector(".at-map-svg .at-land")
    await page.wait_for_selector("#board [data-primary]", timeout=20_000)  # the seat's turn
    await settle(page)
    if phone:
        await screenshot(page, "attika-phone-start")
    else:
        await page.screenshot(path=shot_path("attika-desktop-start"))
    await check_layout(page, f"attika {size} start")
    # The map's box takes the land's shape: no band of empty sea above and below the land
    # pushes the action bar and the page down.
    sea = await page.evaluate(SEA)
    assert sea["spare"] < 140 or sea["height"] <= sea["min"] + 1, sea

    player = Player(page, "Ada", phone=phone)
    player.shots = {"attika-joker", "attika-map-growth"}  # no board pictures in this test
    steps = 0
    mid = False
    deadline = time.monotonic() + 90
    while player.moves < 18 and time.monotonic() < deadline:
        moved = await player.play()
        paying = await page.locator("[data-testid=pay-confirm]").count() > 0
        if not moved and not paying:
            await page.wait_for_timeout(60)
            continue
        steps += 1
        await settle(page)
        if phone and paying and not mid and player.moves >= 4:
            mid = True
            await screenshot(page, "attika-phone-mid")
        await check_layout(page, f"attika {size} step {steps}")
        await check_agreement(page, f"attika {size} step {steps}")
    assert player.moves >= 10, player.moves
    if phone and not mid:
        await screenshot(page, "attika-phone-mid")

    # The wheel over the map scrolls the page; Ctrl + wheel zooms the map.
    if not phone:
        await page.screenshot(path=shot_path("attika-desktop-mid"))
        await page.evaluate("window.scrollTo(0, 0)")
        box = await page.locator("[data-testid=map]").bounding_box()
        before = await page.get_attribute(".at-map-svg", "viewBox")
        await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 40)
        await page.mouse.wheel(0, 120)
        await page.wait_for_function("window.scrollY > 0")
        assert await page.get_attribute(".at-map-svg", "viewBox") == before
        box = await page.locator("[data-testid=map]").bounding_box()
        await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        await page.keyboard.down("Control")
        await page.mouse.wheel(0, -200)
        await page.keyboard.up("Control")
        await page.wait_for_function(
            "before => document.querySelector('.at-map-svg').getAttribute('viewBox') !== before",
            arg=before,
        )

    sock = await socket_of(page, web_server, invite)

    async def no_pause() -> bool:
        return True

    await finish_over_sockets([sock], no_pause, pause_after=10**6)
    await page.wait_for_selector(f"#result {FINAL}")
    await page.evaluate("window.scrollTo(0, 0)")
    await settle(page)
    if phone:
        await screenshot(page, "attika-phone-end")
    await check_layout(page, f"attika {size} end")
    table = await page.inner_text(FINAL)
    labels = (
        ("Bâtiments (sur 30)", "Cartes restées en main")
        if phone
        else ("Buildings (of 30)", "Cards left in hand")
    )
    for label in labels:
        assert label in table
    assert await page.locator("#board [data-testid=final-panel]").count() == 0
    # The shrine lines are said in words at the end, not offered as buttons that show nothing.
    assert await page.locator("[data-testid^=radar-]").count() == 0
    assert await page.locator("[data-testid^=link-]").count() == 2
    if not phone:
        await page.screenshot(path=shot_path("attika-desktop-end"))
    assert page.errors == []
