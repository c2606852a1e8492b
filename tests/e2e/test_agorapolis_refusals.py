"""Refusals in words (issue 39): a move the rules refuse now stays on show, unavailable, and
pressing it (mouse or keyboard) says why next to it, computed from the seat's view; nothing
is sent. Checked on the tutorial's fixed position (6 dice; 1 society and 1 religion point,
no commerce, no military, agriculture at 6), in English and in French."""

from __future__ import annotations

from typing import Any

from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import assert_layout, screenshot
from tests.e2e.pages import new_page

EXPLAIN = "[data-testid=tutorial-explain]"


SIZES = """() => [...document.querySelectorAll('.agp-refused')].map((b) => {
  const r = b.getBoundingClientRect(); return [r.width, r.height]; })"""


async def _check_layout(page: Any, where: str) -> None:
    """The board's layout rules; the refused buttons are real 44 px targets (the rest of
    the tutorial page, e.g. its "Back to the rules" link, is not this board's)."""
    await assert_layout(page, where, controls=False)
    sizes = await page.evaluate(SIZES)
    assert sizes and all(w >= 43.5 and h >= 43.5 for w, h in sizes), sizes


async def _open_tutorial(page: Any, server: Any) -> None:
    await page.goto(server.url + "/games/agorapolis/tutorial")
    await page.wait_for_selector("#board .tut-highlight")


async def _next_step(page: Any, control: str) -> None:
    """Play the step's move (its highlighted control), then go on to the next step."""
    die = page.locator("#board .agp-player.me .agp-die.tut-highlight")
    if await die.count():
        await die.first.click()
    await page.click(f"#board {control}")
    await page.wait_for_selector(f"{EXPLAIN}:not(:empty)")
    await page.click("#coach-next")
    await page.wait_for_selector("#board .tut-highlight")


async def test_refused_bets_and_abilities_say_why(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server))
    await _open_tutorial(page, web_server)
    # 6 dice: 7 and 8 are on show, unavailable; pressing one says why and sends nothing.
    refused = page.locator("[data-testid=refused-bet-8]")
    assert await refused.get_attribute("aria-disabled") == "true"
    assert await page.locator("[data-testid=refused-bet-6]").count() == 0
    await refused.click(force=True)  # aria-disabled: Playwright would wait for "enabled"
    status = "[data-testid=refusal-bet]"
    assert await page.inner_text(status) == "You have only 6 dice left to bet."
    assert await page.get_attribute(status, "role") == "status"
    assert await page.inner_text(EXPLAIN) == ""  # nothing was played
    # The same from the keyboard: focus the refused 7, press Enter.
    await page.focus("[data-testid=refused-bet-7]")
    await page.keyboard.press("Enter")
    assert await page.inner_text(status) == "You have only 6 dice left to bet."
    await assert_clean(page, "refused bet")
    await _check_layout(page, "refused bet")
    await screenshot(page, "agorapolis-refusal-bet")

    await _next_step(page, "[data-testid=bet-6]")
    await _next_step(page, "[data-testid=play-society_adjust]")
    # Ending the turn: the abilities that cannot be used now are listed, each says why.
    group = "[data-testid=group-unavailable]"
    await page.wait_for_selector(group)
    reasons = {
        "society_adjust": "This costs 1 Society point and you have none.",
        "commerce_swap": "This costs 1 Commerce point and you have none.",
        "military_attack": "This costs 1 Military point and you have none.",
        "agriculture_convert": "Converting costs 2 Agriculture points and Agriculture must "
        "stay at 5 or more: you need 7, you have 6.",
    }
    for ability, words in reasons.items():
        await page.click(f"{group} [data-testid=refused-{ability}]", force=True)
        assert await page.inner_text("[data-testid=refusal-abilities]") == words
    # Religion could still reroll (the tutorial just does not offer it): no false reason.
    assert await page.locator("[data-testid=refused-religion_reroll]").count() == 0
    # A market die, pressed by keyboard: no commerce point, so no swap, and the reason.
    await page.focus("[data-testid=market] .agp-die >> nth=1")
    await page.keyboard.press("Enter")
    market = "[data-testid=refusal-market]"
    assert await page.inner_text(market) == "This costs 1 Commerce point and you have none."
    assert await page.inner_text(EXPLAIN) == ""
    await assert_clean(page, "refused abilities")
    await _check_layout(page, "refused abilities")
    await screenshot(page, "agorapolis-refusal-abilities")
    await page.context.close()


async def test_refusals_speak_french(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server, locale="fr-FR"))
    await _open_tutorial(page, web_server)
    await page.click("[data-testid=refused-bet-8]", force=True)
    words = await page.inner_text("[data-testid=refusal-bet]")
    assert words == "Il ne vous reste que 6 dés à miser."
    await page.context.close()
