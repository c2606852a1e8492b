"""Players who come back, in real browsers: a rated Akropolis game between two accounts,
both profiles with the game and the rating change, the leaderboard, a rematch both join,
and a casual game where a move is taken back. Phone-sized and keyboard checks."""

from __future__ import annotations

import re
import secrets
from typing import Any

from tests.e2e.akropolis_helpers import (
    ENABLED_CARD,
    create_room,
    play_turn_if_mine,
    play_until_final,
)
from tests.e2e.conftest import shot_path
from tests.e2e.pages import new_page

PHONE = {"width": 390, "height": 844}


async def register(page: Any, server: Any, name: str) -> str:
    username = f"{name.lower()}_{secrets.token_hex(3)}"
    await page.goto(server.url + "/login")
    await page.fill("#register-form input[name=username]", username)
    await page.fill("#register-form input[name=password]", "long enough pw")
    await page.click("#register-form button[type=submit]")
    await page.wait_for_selector("[data-testid=me]", state="attached")
    return username


async def fits_the_screen(page: Any) -> bool:
    return bool(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


async def test_rated_game_profiles_leaderboard_rematch_and_casual_undo(
    browser: Any, web_server: Any
) -> None:
    lina = await new_page(browser, web_server)
    niko = await new_page(browser, web_server, locale="fr-FR")
    lina_name = await register(lina, web_server, "Lina")
    niko_name = await register(niko, web_server, "Niko")

    room_url = await create_room(lina, 2, {"rated": True}, private=True)
    await lina.wait_for_function(
        "document.querySelector('[data-testid=invite-url]').value.includes('code=')"
    )
    invite = await lina.input_value("[data-testid=invite-url]")
    await niko.goto(invite)
    await niko.click("#join-button")
    await lina.wait_for_selector("#seats li[data-seat='1']:has-text('niko')")
    await lina.click("#start-button")
    await lina.wait_for_selector("[data-testid=rated-badge]:has-text('Rated')")
    await niko.wait_for_selector("[data-testid=rated-badge]:has-text('Classée')")
    await play_until_final([lina, niko])
    room_match = re.search(r"/r/(\w+)", room_url)
    assert room_match is not None
    room_id = room_match.group(1)

    # Both profiles show the game and the rating change.
    for page, name in ((lina, lina_name), (niko, niko_name)):
        await page.click("[data-testid=nav-profile]")
        await page.wait_for_url(re.compile(rf"/u/{name}$"))
        await page.wait_for_selector("[data-testid=rating-akropolis] svg.chart")
        game = page.locator(f"[data-testid=recent] li[data-room='{room_id}']")
        assert re.fullmatch(r"[+-]\d+\.\d", await game.locator("[data-testid=delta]").inner_text())
        assert await page.locator("[data-testid=stats]").count() == 1
    lina_delta = await lina.locator(f"li[data-room='{room_id}'] [data-testid=delta]").inner_text()
    niko_delta = await niko.locator(f"li[data-room='{room_id}'] [data-testid=delta]").inner_text()
    assert {lina_delta[0], niko_delta[0]} == {"+", "-"} or lina_delta == niko_delta  # a tie
    assert "Parties récentes" in await niko.inner_text("[data-testid=profile]")
    await lina.screenshot(path=shot_path("profile"), full_page=True)

    # The leaderboard lists both, reached from the header.
    await lina.click("[data-testid=nav-leaderboards]")
    await lina.click(".tabs a:has-text('Akropolis')")
    await lina.wait_for_selector("[data-testid=row-2]")
    board = await lina.inner_text("[data-testid=leaderboard]")
    assert "lina" in board.lower() and "niko" in board.lower()
    await lina.screenshot(path=shot_path("leaderboard"), full_page=True)

    # A phone-sized profile and leaderboard fit the screen; links work by keyboard.
    phone = await new_page(browser, web_server, viewport=PHONE, locale="fr-FR")
    await phone.goto(f"{web_server.url}/u/{lina_name}")
    await phone.wait_for_selector("[data-testid=rating-akropolis]")
    assert await fits_the_screen(phone)
    await phone.screenshot(path=shot_path("profile-phone"), full_page=True)
    await phone.goto(f"{web_server.url}/leaderboard/akropolis")
    assert await fits_the_screen(phone)
    await phone.focus(".tabs a:has-text('Agorapolis')")
    await phone.keyboard.press("Enter")
    await phone.wait_for_url(re.compile(r"/leaderboard/agorapolis$"))
    await phone.screenshot(path=shot_path("leaderboard-phone"), full_page=True)

    # Rematch: one proposes, the other accepts, both land in the new room.
    await lina.goto(room_url)
    await niko.goto(invite)
    await lina.click("[data-testid=rematch-button]")
    await niko.wait_for_selector("[data-testid=table-request]:has-text('revanche')")
    await niko.click("#request-accept")
    for page in (lina, niko):
        await page.wait_for_url(lambda url: "/r/" in url and room_id not in url)
        await page.wait_for_selector(".ak-site .ak-card")
    assert lina.url.split("?")[0] == niko.url.split("?")[0]
    # Seats rotated: Niko (seat 1 before) now holds seat 0.
    assert "niko" in (await lina.inner_text("#seats li[data-seat='0']")).lower()

    # A casual game (solo against the Architect): a move is taken back at once.
    await lina.goto(web_server.url + "/")
    await create_room(lina, 1, {"architect_level": "hippodamos"})
    await lina.click("#start-button")
    await lina.wait_for_selector("[data-testid=rated-badge]:has-text('Casual')")
    await lina.wait_for_selector(ENABLED_CARD)
    assert await play_turn_if_mine(lina)
    await lina.wait_for_selector("#undo-button:not([hidden])")
    await lina.reload()  # the offer survives a reload (the server says whose move is in force)
    await lina.wait_for_selector("#undo-button:not([hidden])")
    await lina.wait_for_function("document.querySelectorAll('.ak-city .ak-cell').length > 4")
    await lina.focus("#undo-button")
    await lina.keyboard.press("Enter")
    await lina.wait_for_function("document.querySelectorAll('.ak-city .ak-cell').length === 4")
    await lina.wait_for_selector("#undo-button", state="hidden")
    await lina.wait_for_selector(ENABLED_CARD)
    for page in (lina, niko, phone):
        assert page.errors == []
