"""Agorapolis with the keyboard only (issue 39): a whole round against a bot, every move made
with Tab and Enter (arrow keys in a select): the secret bets, picking a die on the board,
a market die, the reserve abilities, ending turns, the Exploit bid and the card to keep."""

from __future__ import annotations

import time
from typing import Any

from tests.e2e.agorapolis_helpers import room_with_bots, tab_to, tab_to_match
from tests.e2e.audit import assert_clean, watch
from tests.e2e.layout import screenshot
from tests.e2e.pages import become_guest, new_page

# What to do on the prompt shown now, decided on one look at the action bar: the control's
# data-testid (reached with Tab, pressed with Enter), or a board die / market die to press
# first when an ability using dice is offered and none was tried in this sector yet.
NEXT = """(tried) => {
  const bar = document.querySelector("[data-testid=agp-actions]");
  if (!bar || !bar.querySelector("button")) return null;
  const sector = document.querySelector(".agp-player.me tr.current")?.dataset.sector || "";
  const has = (id) => Boolean(bar.querySelector(`[data-testid=${id}]`));
  if (has("group-bet")) {
    const bets = bar.querySelectorAll("[data-testid=group-bet] .agp-choice");
    return { press: bets[Math.min(2, bets.length - 1)].dataset.testid };
  }
  if (bar.querySelector("[data-testid$=-die]") && !tried.includes("die:" + sector)) {
    return { die: "die:" + sector };
  }
  if (has("group-commerce_swap") && !tried.includes("market:" + sector)) {
    return { market: "market:" + sector };
  }
  for (const ability of ["society_adjust", "religion_reroll"]) {
    if (has("play-" + ability) && !tried.includes("ability:" + sector)) {
      return { press: "play-" + ability, mark: "ability:" + sector };
    }
  }
  if (has("play-finalise")) return { press: "play-finalise" };
  if (has("field-exploit_bid") && !tried.includes("bid")) return { select: "field-exploit_bid" };
  const play = bar.querySelector("[data-primary]") || bar.querySelector(".agp-play, .agp-choice");
  return play ? { press: play.dataset.testid } : null;
}"""


async def test_a_round_played_with_the_keyboard_only(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server))
    await become_guest(page, "Kim")
    await room_with_bots(page, 1, target=18)
    await page.wait_for_selector("[data-testid=agp-actions] button")
    await assert_clean(page, "keyboard room")
    # The board's first Tab stop while a move is awaited jumps to the move bar (which comes
    # after every city, the market and the log).
    await tab_to(page, "agp-skip")
    assert await page.is_visible("[data-testid=agp-skip]")
    await screenshot(page, "agorapolis-keyboard-skip")
    await page.keyboard.press("Enter")
    assert await page.evaluate("Boolean(document.activeElement.closest('.agp-actions'))")
    tried: list[str] = []
    pressed: list[str] = []
    started = time.monotonic()
    while "Round 2" not in await page.inner_text("[data-testid=agp-phase]"):
        assert time.monotonic() - started < 120, f"round 1 not over after {pressed}"
        step = await page.evaluate(NEXT, tried)
        if step is None:
            await page.wait_for_timeout(60)
            continue
        if "die" in step:
            # A die on the board, pressed with Enter: it becomes the die of the abilities.
            await tab_to_match(page, ".agp-player.me .agp-die.pickable")
            await page.keyboard.press("Enter")
            await page.wait_for_selector(".agp-player.me .agp-die.picked")
            tried.append(step["die"])
            continue
        if "market" in step:
            # A market die, pressed with Enter: the swap form now names it.
            await tab_to_match(page, "[data-testid=market] .agp-die.pickable")
            index = await page.evaluate(
                "[...document.activeElement.parentNode.children].indexOf(document.activeElement)"
            )
            await page.keyboard.press("Enter")
            await page.wait_for_selector(
                f"[data-testid=pick-commerce_swap-market_die-{index}][aria-pressed=true]"
            )
            tried.append(step["market"])
            continue
        if "select" in step:
            # The Exploit bid: a select, changed with the arrow keys, then its Play button.
            await tab_to(page, step["select"])
            before = await page.input_value(f"[data-testid={step['select']}]")
            await page.keyboard.press("ArrowDown")
            assert await page.input_value(f"[data-testid={step['select']}]") != before
            tried.append("bid")
            await tab_to(page, "play-exploit_bid")
            await page.keyboard.press("Enter")
            pressed.append("play-exploit_bid")
            continue
        try:
            await tab_to(page, step["press"], limit=120)
        except AssertionError:
            continue  # the prompt changed under the Tabs (a bot moved): look again
        await page.keyboard.press("Enter")
        pressed.append(step["press"])
        if "mark" in step:
            tried.append(step["mark"])
    assert any(p.startswith("bet-") for p in pressed)
    assert "play-finalise" in pressed and "play-exploit_bid" in pressed
    assert any(t.startswith("die:") for t in tried) and any(t.startswith("market:") for t in tried)
    assert any(t.startswith("ability:") for t in tried), tried
    await assert_clean(page, "keyboard round 2")
    await page.context.close()
