"""Agorapolis browser-test helpers: rooms from the lobby (private, or with bots), the turn
loop that picks each move through the board's own controls, and the attack/resist steps."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.e2e.conftest import shot_path
from tests.e2e.pages import play_until

FINAL = "[data-testid=agp-final]"


async def create_private_room(page: Any, seats: int, target: int) -> str:
    """Create a private Agorapolis room from the lobby form; return the invite URL."""
    await page.select_option("#game-select", "agorapolis")
    await page.fill("#seats-input", str(seats))
    await page.dispatch_event("#seats-input", "input")
    await page.fill("#game-options [name=renown_target]", str(target))
    await page.check("#private-input")
    await page.click("#create-button")
    await page.wait_for_url(re.compile(r"/r/\w+\?code="))
    await page.wait_for_function(
        "document.querySelector('[data-testid=invite-url]').value.includes('code=')"
    )
    return await page.input_value("[data-testid=invite-url]")


# Which control to use, decided on one snapshot of the panel: the largest bet, finalise in
# the action phase, otherwise the first offered control; nothing while holding for an attack.
CHOOSE = """(hold) => {
  const panel = document.querySelector("[data-testid=agp-actions]");
  if (!panel) return null;
  if (hold && panel.querySelector("[data-testid=group-military_attack]")) return null;
  const bets = panel.querySelectorAll("[data-testid=group-bet] .agp-choice");
  const pick = bets.length ? bets[bets.length - 1]
    : panel.querySelector("[data-testid=play-finalise]") || panel.querySelector("button");
  return pick ? pick.dataset.testid : null;
}"""


async def play_one(page: Any, hold_attack: bool = False) -> bool:
    """If this page offers moves, pick one through the board's controls (a real click).
    With ``hold_attack`` a panel offering a military attack is left alone, even if the
    offer arrives between the snapshot and the click (the selector then matches nothing)."""
    testid = await page.evaluate(CHOOSE, hold_attack)
    if not testid:
        return False
    panel = "[data-testid=agp-actions]"
    if hold_attack:
        panel += ":not(:has([data-testid=group-military_attack]))"
    try:
        await page.click(f"{panel} [data-testid='{testid}']", timeout=1000)
    except Exception:  # the offer changed under the click (a patch arrived): retry later
        return False
    return True


async def play_until_final(pages: list[Any], timeout: float = 150) -> int:
    return await play_until(pages, play_one, FINAL, timeout)


async def attack_if_offered(pages: list[Any]) -> Any:
    """The first page offering a military attack (its city not Sparta, so the target gets a
    resist prompt) attacks with the first target and sector its form offers."""
    for page in pages:
        group = page.locator("[data-testid=group-military_attack]")
        if not await group.count():
            continue
        if "Spart" in await page.inner_text(".agp-player.me .agp-city"):
            continue
        try:
            await pick_second_die(page)
            await page.screenshot(path=shot_path("agorapolis-action-turn"), full_page=True)
            await group.locator("[data-testid=play-military_attack]").click(timeout=1500)
        except Exception:
            continue
        return page
    return None


async def pick_second_die(page: Any) -> None:
    """Tapping one of one's own dice (drawn with pips, named "a 5") picks its face in the
    die-based forms, whose choices are die pictures too."""
    dice = page.locator(".agp-player.me .agp-die.pickable")
    field = page.locator("[data-testid=field-society_adjust-die]")
    if await dice.count() < 2 or not await field.count():
        return
    die = dice.nth(1)
    value = await die.get_attribute("data-value")
    assert (await die.get_attribute("aria-label")).startswith(("a ", "un "))  # Bruno: French
    assert not (await die.inner_text()).strip()  # a picture, not a digit
    await die.click()
    await page.wait_for_selector(".agp-player.me .agp-die.picked")
    chosen = field.locator("button[aria-pressed=true]")
    assert await chosen.get_attribute("data-value") == value


async def play_until_attack(pages: list[Any], timeout: float = 60) -> Any:
    """Play round 1 until a non-Sparta seat attacks. Those seats never finalise past an
    offered attack: a patch landing between the attack check and the next click would
    otherwise let every action turn go by under load."""
    hold = ["Spart" not in await page.inner_text(".agp-player.me .agp-city") for page in pages]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        attacker = await attack_if_offered(pages)
        if attacker:
            return attacker
        played = [await play_one(page, holding) for page, holding in zip(pages, hold, strict=True)]
        if not any(played):
            await pages[0].wait_for_timeout(60)
    raise AssertionError("no attack was offered in round 1")


COUNTED_DOWN = """(first) => {
  const shown = document.querySelector("[data-testid=agp-attack] [data-testid=countdown]");
  const seconds = shown && shown.textContent.match(/\\d+/);
  return Boolean(seconds) && Number(seconds[0]) < first;
}"""


async def countdown_seconds(page: Any) -> int:
    text = await page.inner_text("[data-testid=countdown]")
    found = re.search(r"\d+", text)
    assert found is not None
    return int(found.group())


SETTLED = """() => {
  const bar = document.querySelector("[data-testid=agp-actions]");
  return !bar || Boolean(bar.querySelector("button"));
}"""


async def room_with_bots(page: Any, bots: int, target: int) -> None:
    """Create an Agorapolis room from the lobby, seat random bots, start it."""
    await page.select_option("#game-select", "agorapolis")
    await page.fill("#seats-input", str(bots + 1))
    await page.dispatch_event("#seats-input", "input")
    await page.fill("#game-options [name=renown_target]", str(target))
    await page.click("#create-button")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    for added in range(1, bots + 1):
        await page.select_option("#bot-level", "random")  # fast games
        await page.click("#bot-button")
        await page.wait_for_function(
            "n => [...document.querySelectorAll('#seats li')]"
            ".filter(li => /bot/i.test(li.textContent)).length >= n",
            arg=added,
        )
    await page.click("#start-button")
    await page.wait_for_selector(f"[data-testid=player-{bots}]")


# The innermost elements reaching past the right edge of the screen (what makes a page
# scroll sideways), named for an assertion message.
TOO_WIDE = """() => [...document.querySelectorAll("body *")]
  .filter((e) => e.getBoundingClientRect().right > innerWidth + 1
    && ![...e.children].some((c) => c.getBoundingClientRect().right > innerWidth + 1))
  .slice(0, 6)
  .map((e) => `${e.tagName.toLowerCase()}.${e.className}`
    + ` ${Math.round(e.getBoundingClientRect().right)}px "${e.textContent.trim().slice(0, 50)}"`)"""


# The focused element, named by its data-testid, else its focus key (board dice).
FOCUSED = (
    "document.activeElement?.dataset?.testid || document.activeElement?.dataset?.focusKey || ''"
)


async def tab_to(page: Any, wanted: str, limit: int = 250) -> None:
    """Press Tab until the focused element is ``wanted`` (its data-testid or focus key)."""
    for _ in range(limit):
        if await page.evaluate(FOCUSED) == wanted:
            return
        await page.keyboard.press("Tab")
    raise AssertionError(f"{wanted} is not reachable with Tab")


async def tab_to_match(page: Any, selector: str, limit: int = 250) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        await page.keyboard.press("Tab")
        if await page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"nothing matching {selector} is reachable with Tab")
