"""German in a real browser (issue 39): a German phone gets the German lobby and game page,
then an Akropolis table against a bot, all clean (axe-core, no console error or failed
request) and laid out for a phone; docs/screenshots/de-game-page-phone.png shows the game
page (UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import assert_layout, screenshot
from tests.e2e.pages import new_page

PHONE = {"width": 390, "height": 844}


async def test_german_lobby_and_game_page_on_a_phone(browser: Any, web_server: Any) -> None:
    # A public table in the lobby's list, whatever ran before: its links are audited too.
    async with httpx.AsyncClient(base_url=web_server.url) as host:
        assert (await host.post("/api/guests", json={"name": "Gastgeberin"})).is_success
        made = await host.post("/api/rooms", json={"game": "akropolis", "seats": 3})
        assert made.is_success, made.text
    phone = watch(
        await new_page(browser, web_server, locale="de-DE", viewport=PHONE, device_scale_factor=2)
    )
    await phone.wait_for_selector("body[data-ready]")
    await phone.wait_for_selector("#room-list li[data-room]")
    assert await phone.get_attribute("html", "lang") == "de"
    assert "Jetzt gegen Bots spielen" in await phone.inner_text("main")
    await assert_clean(phone, "German lobby")
    await assert_layout(phone, "German lobby")

    await phone.goto(web_server.url + "/games/akropolis")
    await phone.wait_for_selector("body[data-diagrams=drawn]")
    text = await phone.inner_text(".rules")
    assert "Spielen in zwei Minuten" in text and "Baustelle" in text and "Varianten" in text
    await assert_clean(phone, "German game page")
    await assert_layout(phone, "German game page")
    await screenshot(phone, "de-game-page-phone")

    # One click to a German Akropolis table against a bot, laid out for the phone too.
    await phone.click("[data-testid=play-bots-akropolis]")
    await phone.wait_for_url(re.compile(r"/r/\w+"))
    await phone.wait_for_selector(".ak-root [data-testid=city]")
    await phone.wait_for_selector("#turn:has-text('Du bist dran')")
    await assert_clean(phone, "German Akropolis table")
    await assert_layout(phone, "German Akropolis table")
    await phone.context.close()
