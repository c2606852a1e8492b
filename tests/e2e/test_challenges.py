"""A challenge from a profile, answered from My games: both players land in the new game."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import PHONE, assert_layout
from tests.e2e.pages import new_page
from tests.e2e.test_ratings import register


async def test_challenge_from_a_profile_accepted_from_my_games(
    browser: Any, web_server: Any
) -> None:
    ana = watch(await new_page(browser, web_server))
    bob = watch(await new_page(browser, web_server, locale="fr-FR", viewport=PHONE))
    await register(ana, web_server, "Ana")
    bob_name = await register(bob, web_server, "Bob")

    await ana.goto(f"{web_server.url}/u/{bob_name}")
    await ana.wait_for_selector("body[data-ready=true]")
    await ana.select_option("#challenge-form select[name=game]", "akrotiri")
    await ana.click("#challenge-form button[type=submit]")
    await ana.wait_for_selector("[data-testid=challenge-status]:has-text('Challenge sent')")

    await bob.goto(f"{web_server.url}/my-games")
    offer = bob.locator("[data-testid=challenge-in]")
    await offer.wait_for()
    assert "vous défie à Akrotiri" in await offer.inner_text()
    await assert_layout(bob, "my games with a challenge")
    await assert_clean(bob, "my games with a challenge")
    await offer.locator("button", has_text="Accepter").click()
    await bob.wait_for_url(re.compile(r"/r/\w+"))
    # The challenger's profile page was waiting for the answer: it follows to the game.
    await ana.wait_for_url(bob.url, timeout=15_000)
    for page in (ana, bob):
        await page.wait_for_function(
            "window.agoraRoom && window.agoraRoom.socket.room"
            " && window.agoraRoom.socket.room.status === 'playing'"
        )
    seats = await ana.evaluate("window.agoraRoom.socket.room.seats.map((s) => s.name)")
    assert seats[0].startswith("ana_") and seats[1] == bob_name
    for page in (ana, bob):
        assert page.errors == []
