"""A complete game in real browsers: two players through a private invite link, one watcher."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import shot_path
from tests.e2e.pages import become_guest, new_page


async def test_private_game_between_two_browsers_with_a_watcher(
    browser: Any, web_server: Any
) -> None:
    alice = await new_page(browser, web_server)
    await become_guest(alice, "Alice")
    await alice.select_option("#game-select", "race")
    await alice.fill("#game-options input[name=target]", "9")
    await alice.check("#private-input")
    await alice.click("#create-button")
    await alice.wait_for_url(re.compile(r"/r/\w+\?code="))
    await alice.wait_for_function(
        "document.querySelector('[data-testid=invite-url]').value.includes('code=')"
    )
    invite = await alice.input_value("[data-testid=invite-url]")
    assert "code=" in invite
    # The host changes an option before the start, from the room page.
    await alice.wait_for_selector("#options-form:not([hidden])")
    assert await alice.input_value("#options-fields input[name=target]") == "9"
    await alice.fill("#options-fields input[name=target]", "8")
    await alice.click("#options-save")
    await alice.wait_for_function(
        "window.agoraRoom.socket.room && window.agoraRoom.socket.room.options.target === 8"
    )

    bob = await new_page(browser, web_server, locale="fr-FR")
    await bob.goto(invite)
    await become_guest(bob, "Bob")
    await bob.click("#join-button")
    await alice.wait_for_selector("#seats li[data-seat='1']:has-text('Bob')")

    carol = await new_page(browser, web_server)
    await carol.goto(invite)  # anonymous spectator with the invite link
    await carol.wait_for_selector("#seats li[data-seat='1']:has-text('Bob')")

    await alice.click("#start-button")
    pages = {"Alice": alice, "Bob": bob}
    for _ in range(20):
        if await alice.locator("#result:not([hidden]) [data-testid=winner]").count():
            break
        for page in pages.values():
            button = page.locator("button.move").first
            if await button.count():
                await button.click()
                await page.wait_for_timeout(50)
        await alice.wait_for_timeout(100)
    for page in (alice, bob, carol):
        await page.wait_for_selector("#result:not([hidden]) [data-testid=winner]")
    await alice.screenshot(path=shot_path("race-final-alice"), full_page=True)
    await carol.screenshot(path=shot_path("race-final-spectator"), full_page=True)

    winner_text = await alice.inner_text("#result:not([hidden]) [data-testid=winner]")
    assert winner_text.startswith("Winner: ") and winner_text.split(": ")[1] in ("Alice", "Bob")
    assert (await bob.inner_text("#result:not([hidden]) [data-testid=winner]")).startswith(
        "Vainqueur : "
    )
    assert await carol.inner_text("#result:not([hidden]) [data-testid=winner]") == winner_text
    counter = await carol.inner_text("[data-testid=game-view]")
    assert "counter: 8" in counter
    rows = await alice.locator("table.scores tbody tr").all_inner_texts()
    assert rows[0].split("\t")[2] == "1" and rows[1].split("\t")[2] == "0"
    await carol.wait_for_selector("#replay-line:not([hidden])")
    await carol.click("#verify-button")
    await carol.wait_for_selector("#verify-result:has-text('matches')")
    # The fingerprint and the revealed secret, with a line saying why, behind a toggle.
    assert not await carol.is_visible("#seed")
    await carol.click(".fair summary")
    assert await carol.inner_text("#seed") and "fixed in advance" in await carol.inner_text(".fair")
    # Step through the finished game in the replay page.
    await carol.click("#replay-link")
    await carol.wait_for_selector("#step:has-text('8')")
    await carol.click("#first")
    assert await carol.inner_text("#step") == "Move 0 of 8"
    assert "counter: 0" in await carol.inner_text("[data-testid=game-view]")
    await carol.click("#next")
    assert await carol.inner_text("#step") == "Move 1 of 8"

    # One result panel above the board: who won, then Play again and Review at its top.
    panel = await alice.locator("#result").bounding_box()
    board = await alice.locator("#board").bounding_box()
    assert panel and board and panel["y"] < board["y"]
    assert (await alice.get_attribute("#review-link", "href")).endswith(
        "/replay?code=" + invite.split("code=")[1] + "#review"
    )
    # A rematch: the next player starts, and each keeps their colour (issue 43).
    old = await alice.evaluate("window.agoraRoom.socket.room.seats.map((s) => [s.name, s.colour])")
    assert old == [["Alice", 0], ["Bob", 1]]
    await alice.click("[data-testid=rematch-button]")
    await bob.wait_for_selector("#request-accept:not([hidden])")
    await bob.click("#request-accept")
    for page in (alice, bob):
        await page.wait_for_function(
            "window.agoraRoom && window.agoraRoom.socket.room"
            " && window.agoraRoom.socket.room.status === 'playing'"
            " && !location.pathname.endsWith('" + invite.split("/r/")[1].split("?")[0] + "')"
        )
    new = await bob.evaluate("window.agoraRoom.socket.room.seats.map((s) => [s.name, s.colour])")
    assert new == [["Bob", 1], ["Alice", 0]]
    for page in (alice, bob, carol):
        assert page.errors == []
