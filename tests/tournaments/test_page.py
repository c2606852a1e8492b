"""The tournament pages in chromium: created from the form, bots added, an entrant removed
and the tournament started from the host's controls, standings and tables drawn until the
winner shows; French on a phone for an entrant; axe-core and the phone layout checked."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.audit import assert_clean, watch
from tests.e2e.conftest import browser, web_server
from tests.e2e.layout import PHONE, assert_layout, screenshot
from tests.e2e.pages import new_page
from tests.e2e.test_ratings import register

pytestmark = pytest.mark.browser
__all__ = ["browser", "web_server"]  # the e2e fixtures, used here


async def test_host_runs_a_bot_tournament_from_the_page(browser: Any, web_server: Any) -> None:
    host = watch(await new_page(browser, web_server))
    await register(host, web_server, "Host")
    await host.goto(f"{web_server.url}/tournaments")
    await host.wait_for_selector("body[data-ready=true]")
    await assert_clean(host, "tournaments list")
    form = "#create-tournament"
    await host.select_option(f"{form} select[name=game]", "race")
    await host.fill(f"{form} input[name=rounds]", "2")
    await host.click(f"{form} button[type=submit]")
    await host.wait_for_url(re.compile(r"/tournaments/\w+"))
    await host.wait_for_selector("body[data-ready=true]")
    for _ in range(3):
        await host.select_option("#bot-level", "random")
        count = await host.locator("#standings tr").count()
        await host.click("[data-testid=add-bot]")
        await host.wait_for_function(f"document.querySelectorAll('#standings tr').length > {count}")
    await assert_clean(host, "a waiting tournament")

    guest = watch(await new_page(browser, web_server, locale="fr-FR", viewport=PHONE))
    await guest.fill("#guest-form input[name=name]", "Zoé")
    await guest.click("#guest-form button[type=submit]")
    await guest.wait_for_selector("[data-testid=me]", state="attached")
    await guest.goto(host.url)
    await guest.wait_for_selector("body[data-ready=true]")
    await guest.click("[data-testid=join-tournament]")
    await guest.wait_for_selector("#tournament-joined:not([hidden])")
    assert "Tournoi de Course" in await guest.inner_text("h1")
    await assert_layout(guest, "a tournament on a phone")
    await assert_clean(guest, "a tournament on a phone")
    await screenshot(guest, "tournament-phone-waiting")

    # The host takes Zoé out again before the start (a person would have to play), and
    # starts with the three bots: a bye a round.
    await host.reload()
    await host.wait_for_selector("body[data-ready=true]")
    await host.locator("#standings tr", has_text="Zoé").locator("button").click()
    await host.wait_for_function("document.querySelectorAll('#standings tr').length === 3")
    await host.click("[data-testid=start-tournament]")
    await host.wait_for_selector("[data-testid=rounds] h3")
    await host.wait_for_selector("[data-testid=tournament-winners]:not([hidden])", timeout=60_000)
    assert "Finished" in await host.inner_text("[data-testid=tournament-status]")
    assert await host.locator("[data-testid=rounds] a").count() == 2  # a table a round
    await assert_clean(host, "a finished tournament")
    await screenshot(host, "tournament-desktop-finished")
    await guest.reload()
    await guest.wait_for_selector("[data-testid=tournament-winners]:not([hidden])")
    await assert_layout(guest, "a finished tournament on a phone")
    await screenshot(guest, "tournament-phone-finished")
    for page in (host, guest):
        assert page.errors == []
