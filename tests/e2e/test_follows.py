"""Follow a player from their profile, then see them at a table on My games and watch it;
block one, and their chat lines are not shown."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import PHONE, assert_layout, screenshot
from tests.e2e.pages import new_page
from tests.e2e.test_ratings import register

CREATE_TABLE = """async () => {
  const answer = await fetch('/api/rooms', {method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({game: 'akrotiri', seats: 2})});
  return (await answer.json()).id;
}"""


async def test_follow_from_a_profile_then_watch_their_table(browser: Any, web_server: Any) -> None:
    alice = watch(await new_page(browser, web_server, viewport=PHONE))
    bob = await new_page(browser, web_server, locale="fr-FR")
    await register(alice, web_server, "Alice")
    bob_name = await register(bob, web_server, "Bob")

    await alice.goto(f"{web_server.url}/u/{bob_name}")
    await alice.wait_for_selector("body[data-ready=true]")
    await alice.click("[data-testid=follow-button]")
    await alice.wait_for_selector("[data-testid=follow-button][aria-pressed=true]")
    assert "My games" in await alice.inner_text("[data-testid=relation-status]")
    await assert_layout(alice, "a profile, followed")

    # Bob sits at a table: his room page holds its socket open.
    room_id = await bob.evaluate(CREATE_TABLE)
    await bob.goto(f"{web_server.url}/r/{room_id}")
    await bob.wait_for_function("window.agoraRoom && window.agoraRoom.socket.room")

    await alice.goto(f"{web_server.url}/my-games")
    entry = alice.locator(f"[data-testid=followed][data-name={bob_name}]")
    await entry.wait_for()
    for _ in range(20):  # the socket's presence is counted just after it opens
        if await entry.get_attribute("data-online") == "true":
            break
        await alice.reload()
        await entry.wait_for()
    assert "at a table now" in await entry.inner_text()
    await assert_layout(alice, "my games, following")
    await assert_clean(alice, "my games, following")
    await screenshot(alice, "following-phone")
    await entry.locator("[data-testid=watch]").click()
    await alice.wait_for_url(re.compile(rf"/r/{room_id}$"))
    assert alice.errors == [] and bob.errors == []


async def test_a_blocked_players_chat_lines_are_not_shown(browser: Any, web_server: Any) -> None:
    """Alice blocks Bob; at a public table they both watch, Bob's lines reach Carol but
    not Alice, in the live chat and in the history a reload draws."""
    alice = watch(await new_page(browser, web_server))
    bob = watch(await new_page(browser, web_server))
    carol = watch(await new_page(browser, web_server))
    await register(alice, web_server, "Alice")
    bob_name = await register(bob, web_server, "Bob")
    await register(carol, web_server, "Carol")
    blocked = await alice.request.post(f"{web_server.url}/api/users/{bob_name}/block")
    assert blocked.ok, await blocked.text()
    made = await carol.request.post(
        f"{web_server.url}/api/rooms", data={"game": "race", "seats": 2}
    )
    room_url = f"{web_server.url}/r/{(await made.json())['id']}"
    for page in (alice, bob, carol):
        await page.goto(room_url)
        await page.wait_for_function("window.agoraRoom && window.agoraRoom.socket.room")
    await bob.fill("#chat-input", "from Bob")
    await bob.press("#chat-input", "Enter")
    await carol.fill("#chat-input", "from Carol")
    await carol.press("#chat-input", "Enter")
    await alice.wait_for_selector("#chat li:has-text('from Carol')")
    await carol.wait_for_selector("#chat li:has-text('from Bob')")
    assert await alice.locator("#chat li:has-text('from Bob')").count() == 0
    await alice.reload()
    await alice.wait_for_selector("#chat li:has-text('from Carol')")
    assert await alice.locator("#chat li:has-text('from Bob')").count() == 0
    for page in (alice, bob, carol):
        assert page.errors == []
