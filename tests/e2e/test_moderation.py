"""Chat moderation in the browser: a report, the host deletes a line and mutes its author,
an admin resolves the report from the dashboard (under the real CSP)."""

from __future__ import annotations

import re
import secrets
from typing import Any

from app.cli import create_admin
from tests.e2e.conftest import shot_path
from tests.e2e.pages import become_guest, new_page


async def say(page: Any, text: str) -> None:
    await page.fill("#chat-input", text)
    await page.click("#chat-form button[type=submit]")


async def test_report_delete_mute_and_resolve(browser: Any, web_server: Any) -> None:
    host = await new_page(browser, web_server, bypass_csp=False)
    await become_guest(host, "Hera")
    await host.select_option("#game-select", "race")
    await host.click("#create-button")
    await host.wait_for_url(re.compile(r"/r/\w+"))
    room_url = host.url
    rude = await new_page(browser, web_server, bypass_csp=False)
    await rude.goto(room_url)
    await become_guest(rude, "Rude")
    await rude.click("#join-button")
    await host.wait_for_selector("#seats li[data-seat='1']:has-text('Rude')")

    await say(host, "welcome")
    await rude.wait_for_selector("#chat li:has-text('welcome') [data-testid=chat-report]")
    await rude.click("#chat li:has-text('welcome') [data-testid=chat-report]")
    await rude.wait_for_selector("#chat li:has-text('welcome') button:disabled")

    await say(rude, "something rude")
    line = "#chat li:has-text('something rude')"
    await host.wait_for_selector(f"{line} [data-testid=chat-delete]")
    assert await host.locator("#chat li:has-text('welcome') [data-testid=chat-mute]").count() == 0
    await host.click(f"{line} [data-testid=chat-mute]")
    await host.click(f"{line} [data-testid=chat-delete]")
    for page in (host, rude):
        await page.wait_for_selector("#chat li:has-text('message removed')")
        assert await page.locator(line).count() == 0
    await say(rude, "still here")
    await rude.wait_for_selector("#room-error:has-text('muted')")
    await host.screenshot(path=shot_path("moderation-room"), full_page=True)

    name = f"mod_{secrets.token_hex(3)}"
    await create_admin(web_server.settings.database_url, name, "admin password 1")
    admin = await new_page(browser, web_server, bypass_csp=False)
    await admin.goto(web_server.url + "/login")
    await admin.fill("#login-form input[name=username]", name)
    await admin.fill("#login-form input[name=password]", "admin password 1")
    await admin.click("#login-form button[type=submit]")
    await admin.wait_for_selector("a[href='/admin']")
    await admin.goto(web_server.url + "/admin")
    # admin.js is imported after the page loads: its tabs answer once the overview is in.
    await admin.wait_for_selector("#stat-sockets:not(:has-text('–'))")
    await admin.click("[data-tab=reports]")
    row = "#report-rows tr:has-text('welcome')"
    await admin.wait_for_selector(row)
    assert "Rude" in await admin.inner_text(row)
    await admin.screenshot(path=shot_path("moderation-reports"), full_page=True)
    await admin.click(f"{row} [data-testid=report-resolve]")
    await admin.wait_for_selector(row, state="detached")
    await admin.click("[data-tab=audit]")
    for action in ("report_message", "delete_message", "mute", "resolve_report"):
        await admin.wait_for_selector(f"[data-testid=audit-rows] td:text-is('{action}')")
    for page in (host, rude, admin):
        assert page.errors == [], page.errors
