"""Akropolis says why a try is refused, in words, where the player tried it (issue 39): a site
tile too dear for their stones, a spot of the city where the tile in hand cannot go. The
words come from the seat's view; the board still sends only legal moves. In English, French
and German (the expected words are the server catalogue's, formatted with the same values)."""

from __future__ import annotations

from typing import Any

import pytest

from app.i18n import translate
from tests.e2e.akropolis_helpers import start_solo
from tests.e2e.audit import assert_clean, watch
from tests.e2e.conftest import shot_path
from tests.e2e.layout import DESKTOP, PHONE, assert_layout
from tests.e2e.pages import become_guest, new_page

WHY = "[data-testid=why-not]"
LOGGED = "[data-testid=move-log] li:not(.empty)"
# Where hex (q, r) of the shown city is on the screen (hex.js: flat-topped, size 30).
HEX_ON_SCREEN = """([q, r]) => {
  const svg = document.querySelector('.ak-city-svg');
  const x = 45 * q, y = Math.sqrt(3) * 30 * (r + q / 2);
  const point = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
  const box = svg.getBoundingClientRect();
  const inside = point.x > box.left + 4 && point.x < box.right - 4
    && point.y > box.top + 4 && point.y < box.bottom - 4;
  return inside ? [point.x, point.y] : null;
}"""


ON_SCREEN = """selector => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
}"""


async def touch_hex(page: Any, q: int, r: int, phone: bool) -> None:
    """Click (desktop) or tap (phone) the middle of hex (q, r) of the city."""
    at = await page.evaluate(HEX_ON_SCREEN, [q, r])
    while at is None:  # off the fitted view: zoom out until it shows
        await page.click(".ak-tools .ak-tool >> nth=1")
        at = await page.evaluate(HEX_ON_SCREEN, [q, r])
    if phone:
        await page.touchscreen.tap(*at)
    else:
        await page.mouse.move(*at)
        await page.mouse.click(*at)


@pytest.mark.parametrize(
    ("size", "locale", "lang"),
    [("desktop", "en-GB", "en"), ("phone", "fr-FR", "fr")],
    ids=["desktop-en", "phone-fr"],
)
async def test_a_tile_too_dear_and_a_spot_refused_say_why_in_the_action_bar(
    browser: Any, web_server: Any, size: str, locale: str, lang: str
) -> None:
    phone = size == "phone"
    extra: dict[str, Any] = (
        {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    )
    page = watch(
        await new_page(
            browser, web_server, locale=locale, viewport=PHONE if phone else DESKTOP, **extra
        )
    )
    await become_guest(page, "Iris")
    await start_solo(page, "hippodamos")  # the player starts with 1 stone; the site costs 0..3
    await page.wait_for_selector("#board .ak-card[data-primary]")
    assert not await page.is_visible(WHY)
    # The last tile costs 3: pressing it says what is missing, and takes nothing.
    dear = page.locator(".ak-card[data-index='3']")
    assert await dear.get_attribute("aria-disabled") == "true"
    # Playwright waits for aria-disabled controls to be enabled; a player does not.
    await (dear.tap(force=True) if phone else dear.click(force=True))
    said = translate(lang, "akropolis.why.dear", cost=3, have=1, need=2)
    await page.wait_for_function(
        "words => document.querySelector('[data-testid=why-not]').textContent === words",
        arg=said,
    )
    assert await page.evaluate(ON_SCREEN, WHY)  # said in the action bar, on screen
    assert await page.locator("[data-testid=ghost]").count() == 0
    assert await page.get_attribute(".ak-card[data-index='0']", "data-primary") == ""
    await assert_clean(page, f"{lang}: a tile too dear")

    # A free tile in hand: tried on the starting tile's plaza, it would hang over the gaps
    # between the quarries; far out in the sand it would touch nothing.
    free = page.locator(".ak-card[data-index='0']")
    await (free.tap() if phone else free.click())
    await page.wait_for_selector("[data-testid=ghost]")
    assert not await page.is_visible(WHY)
    await touch_hex(page, 0, 0, phone)
    await page.wait_for_selector("[data-testid=tried][data-q='0'][data-r='0']")
    assert await page.inner_text(WHY) == translate(lang, "akropolis.why.gap")
    assert await page.evaluate(ON_SCREEN, WHY)
    assert await page.locator(LOGGED).count() == 0  # nothing was placed
    await assert_layout(page, f"{lang}: a spot refused")
    await page.screenshot(path=shot_path(f"akropolis-refused-spot-{size}"))
    await assert_clean(page, f"{lang}: a spot refused")
    await touch_hex(page, 0, -5, phone)
    await page.wait_for_selector("[data-testid=tried][data-q='0'][data-r='-5']")
    assert await page.inner_text(WHY) == translate(lang, "akropolis.why.far")
    assert await page.locator(LOGGED).count() == 0
    # Placing where the tile may go clears the words and the mark.
    place = page.locator(".ak-place-buttons .confirm")
    await (place.tap() if phone else place.click())
    await page.wait_for_selector(LOGGED)
    assert not await page.is_visible(WHY)
    assert await page.locator("[data-testid=tried]").count() == 0
    await page.context.close()


# Cities as a view gives them (visible hexes: q, r, level, tile), and the three hexes tried.
START = [(0, 0, 1, 0), (0, -1, 1, 0), (1, 0, 1, 0), (-1, 1, 1, 0)]
RING = [(0, -1, 1, 1), (1, -1, 1, 1), (1, 0, 1, 2), (0, 1, 1, 2), (-1, 1, 1, 3), (-1, 0, 1, 3)]
NORTH = [(0, 0), (0, -1), (1, -1)]  # (0, 0) and its N and NE neighbours
CASES = [
    ("one_tile", [(0, 0, 1, 1), (0, -1, 1, 1), (1, -1, 1, 1)], NORTH),
    ("uneven", [(0, 0, 2, 2), (0, -1, 2, 2), (1, -1, 1, 1)], NORTH),
    ("gap", START, NORTH),  # over the quarry and the sand beside it
    ("no_room", RING, NORTH),  # an empty hex closed in by the city
    ("far", START, [(4, -8), (4, -9), (5, -9)]),
    ("spot", START, [(2, -1), (2, -2), (3, -2)]),  # the rules allow it: none offered now
]
WHY_SPOT = """async ([hexes, triangle]) => {
  const { whySpot } = await import('/static/js/boards/akropolis/why.js');
  const city = { hexes: hexes.map(([q, r, level, tile_id]) =>
    ({ q, r, level, tile_id, hex: { kind: 'district', type: 'house' } })) };
  return whySpot(city, triangle);
}"""
# A point inside hex (0, 0), towards the corner it shares with its N and NE neighbours.
AIMED = """async () => {
  const { triangleAt } = await import('/static/js/boards/akropolis/why.js');
  const { centre } = await import('/static/js/boards/akropolis/hex.js');
  const corner = [[0, 0], [0, -1], [1, -1]].map(([q, r]) => centre(q, r))
    .reduce(([x, y], [a, b]) => [x + a / 3, y + b / 3], [0, 0]);
  return triangleAt([corner[0] * 0.6, corner[1] * 0.6]);
}"""
WHY_TILE = """async ([cost, stones]) => {
  const { whyTile } = await import('/static/js/boards/akropolis/why.js');
  return whyTile({ index: cost, cost }, stones);
}"""


async def test_each_refusal_is_worked_out_from_the_city_in_german(
    browser: Any, web_server: Any
) -> None:
    page = await new_page(browser, web_server, locale="de-DE")
    await page.wait_for_selector("body[data-ready]")
    assert await page.evaluate(AIMED) == [list(position) for position in NORTH]
    for reason, hexes, triangle in CASES:
        said = await page.evaluate(WHY_SPOT, [hexes, triangle])
        assert said == translate("de", f"akropolis.why.{reason}"), reason
    assert await page.evaluate(WHY_TILE, [2, 0]) == translate(
        "de", "akropolis.why.dear", cost=2, have=0, need=2
    )
    assert "fehlt noch 1 Stein" in await page.evaluate(WHY_TILE, [3, 2])
    # A tile the player could pay for but may not take now (a tutorial's lesson).
    assert await page.evaluate(WHY_TILE, [1, 4]) == translate("de", "akropolis.why.not_offered")
    assert page.errors == []
    await page.context.close()
