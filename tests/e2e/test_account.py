"""The account settings page: change the password, then delete the account (French)."""

from __future__ import annotations

import secrets
from typing import Any

from tests.e2e.conftest import shot_path


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
    await page.wait_for_selector("[data-testid=me]")
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
