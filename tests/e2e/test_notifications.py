"""The notification bell: Bob challenges Alice; her bell counts it and leads to it (a phone)."""

from __future__ import annotations

from typing import Any

from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import PHONE, assert_layout, screenshot
from tests.e2e.pages import new_page
from tests.e2e.test_ratings import register


async def test_a_challenge_rings_the_bell_and_the_settings_switch_it_off(
    browser: Any, web_server: Any
) -> None:
    alice = watch(await new_page(browser, web_server, viewport=PHONE))
    bob = await new_page(browser, web_server)
    alice_name = await register(alice, web_server, "Alice")
    await register(bob, web_server, "Bob")
    made = await bob.request.post(
        f"{web_server.url}/api/challenges", data={"to": alice_name, "game": "akrotiri"}
    )
    assert made.status == 201

    await alice.goto(f"{web_server.url}/")
    count = alice.locator("[data-testid=bell-count]")
    await count.wait_for()
    assert await count.inner_text() == "1"
    await alice.click("[data-testid=bell]")
    link = alice.locator("[data-testid=notification-challenge]")
    await link.wait_for()
    assert "challenges you to Akrotiri" in await link.inner_text()
    assert await link.get_attribute("href") == "/my-games#challenges"
    await assert_layout(alice, "the bell's panel open")
    await assert_clean(alice, "the bell's panel open")
    await screenshot(alice, "notifications-phone")
    await count.wait_for(state="hidden")  # opened: seen
    await link.click()
    await alice.wait_for_selector("[data-testid=challenge-in]")

    # Switched off on the account page, challenges leave the bell.
    await alice.goto(f"{web_server.url}/account")
    await alice.wait_for_selector("body[data-ready=true]")
    box = alice.locator("#notification-settings input[name=challenge]")
    await alice.wait_for_selector("#notification-settings input[name=challenge]:checked")
    await box.uncheck()
    await alice.wait_for_selector("[data-testid=notification-settings-status]:has-text('Saved')")
    await assert_layout(alice, "the notification settings")
    settings = await alice.request.get(f"{web_server.url}/api/me/notification-settings")
    assert (await settings.json())["challenge"] is False
    await alice.goto(f"{web_server.url}/")
    await alice.click("[data-testid=bell]")
    await alice.wait_for_selector("#bell-empty:not([hidden])")
    assert alice.errors == []
