"""The Akropolis tutorial played to its end in German (issue 39), from the German game page:
every word the coach says is the German message the server's catalogue gives for that step's
values (no English text, no raw key), the page is clean at the start and at the end, and
"Eine echte Partie spielen" seats the player at a real table. UPDATE_SCREENSHOTS=1 writes
docs/screenshots/tutorial-akropolis-<lesson>.png for each lesson and the end (desktop), and
tutorial-akropolis-ground-phone.png (a phone)."""

from __future__ import annotations

import re
from typing import Any

from app.i18n import catalogue, translate
from app.tutorials import akropolis as tutorial
from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import DESKTOP, PHONE, screenshot
from tests.e2e.pages import new_page

# A message key left untranslated shows as itself ("tutorial.akropolis.raise.intro").
RAW_KEY = re.compile(r"\b(?:tutorial|akropolis|front)\.[a-z_]+(?:\.[a-z_]+)*\b")
# The board and coach parts a player reads while learning (skip the site's header and footer).
READ = "document.querySelector('#tutorial').innerText"
IN_VIEW = """selector => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.width > 0 && box.top >= 0 && box.bottom <= innerHeight
    && box.left >= 0 && box.right <= innerWidth;
}"""


def de(key: str, **values: object) -> str:
    return translate("de", key, **values)


def english_left(text: str) -> list[str]:
    """English sentences of the tutorial and the board that show in ``text`` (messages
    without placeholders that differ from their German; short ones could be German too)."""
    english, german = catalogue("en"), catalogue("de")
    found = []
    for key, words in english.items():
        if not key.startswith(("tutorial.", "akropolis.")) or "{" in words:
            continue
        if len(words) >= 8 and words != german.get(key) and words in text:
            found.append(f"{key}: {words}")
    return found


async def coach(page: Any) -> tuple[str, str, str]:
    return (
        await page.inner_text("#coach-title"),
        await page.inner_text("#coach-text"),
        await page.inner_text("[data-testid=tutorial-explain]"),
    )


async def assert_german(page: Any, where: str) -> None:
    text = await page.evaluate(READ)
    assert not RAW_KEY.findall(text), f"{where}: raw keys {RAW_KEY.findall(text)}"
    assert not english_left(text), f"{where}: English left {english_left(text)}"


async def test_akropolis_tutorial_in_german_to_a_real_game(browser: Any, web_server: Any) -> None:
    steps = tutorial.script()["steps"]
    page = watch(await new_page(browser, web_server, locale="de-DE", viewport=DESKTOP))
    await page.goto(web_server.url + "/games/akropolis")
    assert await page.get_attribute("html", "lang") == "de"
    await page.click("[data-testid=tutorial-link]")
    await page.wait_for_selector("#tutorial .ak-root")
    await page.wait_for_selector("#tutorial[data-step='0'] .ak-card.tut-highlight")
    await assert_clean(page, "German tutorial")
    for index, step in enumerate(steps):
        lesson, values = step["lesson"], step["values"]
        await page.wait_for_selector(f"#tutorial[data-step='{index}']")
        assert await page.inner_text("#step-count") == f"Schritt {index + 1} von {len(steps)}"
        intro = de(f"tutorial.akropolis.{lesson}.intro", **values)
        if index:  # the opponent answered the previous lesson's move
            intro = f"{de('tutorial.akropolis.opponent_played')} {intro}"
        title = de(f"tutorial.akropolis.{lesson}.title", **values)
        assert await coach(page) == (title, intro, "")
        await assert_german(page, f"{lesson}, before the move")
        if index == 0:  # the board's refusals speak German too: a tile too dear says why
            await page.locator("#board .ak-card[data-index='3']").click(force=True)
            await page.wait_for_function(
                "words => document.querySelector('[data-testid=why-not]').textContent === words",
                arg=de("akropolis.why.dear", cost=3, have=1, need=2),
            )
        # The tile to take is highlighted; taking it puts it in hand on the one spot offered.
        card = page.locator(f"#board .ak-card[data-index='{step['tile']}']")
        assert "tut-highlight" in (await card.get_attribute("class") or "")
        await card.click()
        await page.wait_for_selector("[data-testid=ghost]")
        await page.wait_for_selector(".ak-tool.confirm.tut-highlight")
        assert await page.inner_text("[data-testid=ghost-info]") != ""
        await assert_german(page, f"{lesson}, a tile in hand")
        await screenshot(page, f"tutorial-akropolis-{lesson}")
        await page.click(".ak-tool.confirm")
        await page.wait_for_selector("[data-testid=tutorial-explain]:not(:empty)")
        done = de(f"tutorial.akropolis.{lesson}.done", **values)
        said = f"{done} {de('tutorial.score_change', **step['score'])}"
        assert (await coach(page))[2] == said
        await assert_german(page, f"{lesson}, after the move")
        if index < len(steps) - 1:
            await page.click("#coach-next")
    await page.wait_for_selector("#tutorial[data-done=true]")
    title, text, _ = await coach(page)
    assert (title, text) == (de("tutorial.finish_title"), de("tutorial.akropolis.finish"))
    assert await page.is_visible("[data-testid=tutorial-play]")
    assert await page.inner_text("[data-testid=tutorial-play]") == "Eine echte Partie spielen"
    await assert_german(page, "finished")
    await page.evaluate("scrollTo(0, 0)")
    await screenshot(page, "tutorial-akropolis-finished")
    await assert_clean(page, "German tutorial finished")
    # A real game, in German: one click seats the player against a bot.
    await page.click("[data-testid=tutorial-play]")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    await page.wait_for_selector("#board .ak-root")
    await page.wait_for_selector("#turn:has-text('Du bist dran')")
    await page.context.close()


async def test_akropolis_tutorial_on_a_german_phone(browser: Any, web_server: Any) -> None:
    """The first lesson on a phone: what to touch is on screen, highlighted."""
    page = watch(
        await new_page(
            browser,
            web_server,
            locale="de-DE",
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
            device_scale_factor=2,
        )
    )
    await page.goto(web_server.url + "/games/akropolis/tutorial")
    await page.wait_for_selector("#tutorial[data-step='0'] .ak-card.tut-highlight")
    await assert_clean(page, "German tutorial on a phone")
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1
    # The tile to take, highlighted, is on screen with the city (the action bar sticks to the
    # bottom); so are Place and the tile in hand once it is taken. The coach's words are not:
    # on a phone they come under the board (static/css/front.css, the lead's).
    assert await page.evaluate(IN_VIEW, ".ak-card.tut-highlight")
    await page.locator(".ak-card.tut-highlight").tap()
    await page.wait_for_selector(".ak-tool.confirm.tut-highlight")
    await screenshot(page, "tutorial-akropolis-ground-phone")
    assert await page.evaluate(IN_VIEW, ".ak-tool.confirm.tut-highlight")
    assert await page.evaluate(IN_VIEW, "[data-testid=ghost]")
    await page.context.close()
