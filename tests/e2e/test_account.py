"""The account settings page: change the password, delete the account (French); API tokens."""

from __future__ import annotations

import secrets
from typing import Any

import httpx

from tests.e2e.audit import assert_clean, watch
from tests.e2e.conftest import shot_path
from tests.e2e.layout import PHONE, assert_layout


async def test_settings_page_changes_password_and_deletes_account(
    browser: Any, web_server: Any
) -> None:
    name = f"sofia_{secrets.token_hex(3)}"
    context = await browser.new_context(locale="fr-FR", bypass_csp=False)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(web_server.url + "/login")
    await page.fill("#register-form input[name=username]", name)
    await page.fill("#register-form input[name=password]", "first password")
    await page.click("#register-form button[type=submit]")
    await page.wait_for_selector("[data-testid=me]", state="attached")
    await page.click("[data-testid=nav-settings]")
    await page.wait_for_selector("body[data-ready=true]")
    assert await page.inner_text("h1") == "Paramètres du compte"

    await page.fill("#password-form input[name=current_password]", "first password")
    await page.fill("#password-form input[name=new_password]", "second password")
    await page.click("#password-form button[type=submit]")
    await page.wait_for_selector("[data-testid=password-status]:has-text('Mot de passe changé')")
    await page.screenshot(path=shot_path("account-settings-fr"), full_page=True)

    await page.fill("#delete-form input[name=password]", "first password")
    await page.check("#delete-form input[name=confirm]")
    await page.click("#delete-form button[type=submit]")
    await page.wait_for_selector("#delete-form .error:not(:empty)")  # the old password
    await page.fill("#delete-form input[name=password]", "second password")
    await page.click("#delete-form button[type=submit]")
    await page.wait_for_url(web_server.url + "/")
    await page.wait_for_selector("#guest-form")  # signed out
    assert await page.locator("[data-testid=me]").count() == 0
    assert errors == []
    await context.close()


async def test_api_token_made_shown_once_used_and_revoked_on_a_phone(
    browser: Any, web_server: Any
) -> None:
    """The account page's tokens (issue 37): the secret shows once, works as Bearer, and
    stops working the moment it is revoked; the page passes the phone layout audit."""
    name = f"theo_{secrets.token_hex(3)}"
    context = await browser.new_context(locale="en-GB", viewport=PHONE, bypass_csp=False)
    page = watch(await context.new_page())
    await page.goto(web_server.url + "/login")
    await page.fill("#register-form input[name=username]", name)
    await page.fill("#register-form input[name=password]", "first password")
    await page.click("#register-form button[type=submit]")
    await page.wait_for_selector("[data-testid=me]", state="attached")
    await page.goto(web_server.url + "/account")
    await page.wait_for_selector("body[data-ready=true]")
    await page.wait_for_selector("#token-list li:has-text('No tokens yet')")
    await page.fill("#token-form input[name=name]", "my bot")
    await page.check("#token-form input[value=play]")
    await page.click("#token-form button[type=submit]")
    await page.wait_for_selector("[data-testid=token-value]:visible")
    token = await page.input_value("[data-testid=token-value]")
    assert token.startswith("agora_")
    await page.wait_for_selector("[data-testid=token]:has-text('my bot')")
    assert "read, play" in await page.inner_text("[data-testid=token]")
    await assert_layout(page, "account page with a token")
    await assert_clean(page, "account page")

    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=web_server.url, headers=headers) as program:
        assert (await program.get("/api/my-games")).status_code == 200
        await page.click("[data-testid=token] button")
        await page.wait_for_selector("#token-list li:has-text('No tokens yet')")
        assert (await program.get("/api/my-games")).status_code == 401
    await context.close()
