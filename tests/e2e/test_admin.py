"""An admin watches a live room, sees a move arrive, bans the player; all audited."""

from __future__ import annotations

import secrets
from typing import Any

from app.cli import create_admin
from tests.e2e.conftest import shot_path


async def test_admin_watches_a_move_and_bans_the_player(browser: Any, web_server: Any) -> None:
    suffix = secrets.token_hex(3)
    admin_name, player_name = f"root_{suffix}", f"lina_{suffix}"
    await create_admin(web_server.settings.database_url, admin_name, "admin password 1")

    player_ctx = await browser.new_context(locale="en-GB")
    player = await player_ctx.new_page()
    await player.goto(web_server.url + "/login")
    await player.fill("#register-form input[name=username]", player_name)
    await player.fill("#register-form input[name=password]", "lina password")
    await player.click("#register-form button[type=submit]")
    await player.wait_for_selector("[data-testid=me]")
    await player.select_option("#game-select", "race")
    await player.fill("#game-options input[name=target]", "40")
    await player.click("#create-button")
    await player.wait_for_selector("#bot-choice:not([hidden])")
    await player.select_option("#bot-level", "random")  # fast games
    await player.click("#bot-button")
    await player.wait_for_selector("#start-button:not([disabled])")
    await player.click("#start-button")
    await player.wait_for_selector("button.move")

    admin_ctx = await browser.new_context(locale="en-GB")
    admin = await admin_ctx.new_page()
    await admin.goto(web_server.url + "/login")
    await admin.fill("#login-form input[name=username]", admin_name)
    await admin.fill("#login-form input[name=password]", "admin password 1")
    await admin.click("#login-form button[type=submit]")
    await admin.wait_for_selector("a[href='/admin']")
    await admin.click("a[href='/admin']")
    await admin.wait_for_selector("#stat-sockets:not(:has-text('–'))")
    await admin.click("[data-tab=rooms]")
    await admin.fill("#room-filter input[name=q]", player_name)
    await admin.click("#room-filter button[type=submit]")
    await admin.wait_for_selector("#room-rows tr[data-room] button")
    await admin.click("#room-rows tr[data-room] button")
    await admin.wait_for_selector("#inspector:not([hidden])")
    before = int(await admin.inner_text("[data-testid=insp-version]"))
    moves_before = await admin.locator("#insp-moves li").count()

    await player.click("button.move")  # the player moves; the inspector must show it live
    await admin.wait_for_function(
        f"Number(document.querySelector('[data-testid=insp-version]').textContent) > {before}"
    )
    await admin.wait_for_function(
        f"document.querySelectorAll('#insp-moves li').length > {moves_before}"
    )
    assert "seat 0" in await admin.inner_text("#insp-moves li >> nth=0")
    await admin.screenshot(path=shot_path("admin-inspector"), full_page=True)

    await admin.fill("#insp-text", "Fair play, please")
    await admin.click("#insp-message button[type=submit]")
    await player.wait_for_selector("#chat li:has-text('Fair play, please')")

    await admin.fill("#insp-reason", "cheating")
    await admin.click("[data-testid=ban-seat-0]")
    await player.wait_for_selector("#conn[data-status=banned]")
    assert await player.inner_text("#conn") == "This account is banned."

    await player.goto(web_server.url + "/login")
    await player.fill("#login-form input[name=username]", player_name)
    await player.fill("#login-form input[name=password]", "lina password")
    await player.click("#login-form button[type=submit]")
    await player.wait_for_selector("#login-form .error:has-text('banned')")

    await admin.click("[data-tab=audit]")
    await admin.wait_for_selector("[data-testid=audit-rows] tr:has-text('ban')")
    rows = await admin.locator("[data-testid=audit-rows] tr").all_inner_texts()
    assert any("ban" in row and "cheating" in row for row in rows)
    assert any("system_message" in row for row in rows)
    await admin.screenshot(path=shot_path("admin-audit"), full_page=True)
    await player_ctx.close()
    await admin_ctx.close()
