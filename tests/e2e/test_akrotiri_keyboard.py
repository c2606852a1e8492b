"""Akrotiri with the keyboard only: a complete two-player game in which Lina never touches
the mouse from her first move to her last. Every control she uses is reached with Tab /
Shift+Tab from where the focus is, shows that it has the focus, and is worked with Enter,
Space or the map's keys (arrows, R). Niko plays his moves through the page's socket. Her
choices are a keen player's (akrotiri_helpers.keen_choice); once in the game she also
consults the oracle, picks the free cube's island from the keyboard and unloads a cube,
so that every kind of action is played by keys."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from tests.e2e.akrotiri_helpers import (
    RESULT,
    SEND,
    create_room,
    inspect,
    keen_choice,
    wait_version_change,
)
from tests.e2e.conftest import shot_path
from tests.e2e.pages import become_guest, new_page

# The elements Tab stops at, in order, and where the focus is among them; whether the
# focused element shows it (an outline or a ring).
TABBABLE = """(selector) => {
  const all = [...document.querySelectorAll(
    'a[href], button, input, select, textarea, summary, [tabindex]')].filter((el) =>
      el.tabIndex >= 0 && !el.disabled && el.getClientRects().length
      && getComputedStyle(el).visibility !== 'hidden'
      && !el.closest('details:not([open]) > :not(summary)') && !el.closest('[inert]'));
  const target = document.querySelector(selector);
  return { at: all.indexOf(document.activeElement), to: all.indexOf(target),
           exists: Boolean(target) };
}"""
FOCUS_SHOWN = """(selector) => {
  const el = document.activeElement;
  if (!el || !el.matches(selector)) return 'focus is on ' + (el?.outerHTML.slice(0, 80) ?? '-');
  const s = getComputedStyle(el);
  const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0)
    || s.boxShadow !== 'none';
  return ring ? '' : 'no visible focus';
}"""


async def tab_to(page: Any, selector: str) -> None:
    """Tab (or Shift+Tab) from the focus to ``selector``; it must show the focus.

    Counted from where the focus is, again after each run of keys: when a redraw has taken
    the focused control away, the browser goes on from where it was, not from the top of
    the page, and counting from the top then overshot (2,700 single Tabs and half the
    test's time went into finding the control again, 2026-12-08)."""
    for _ in range(12):
        where = await page.evaluate(TABBABLE, selector)
        assert where["exists"], f"no {selector}"
        if where["to"] < 0 or where["at"] == where["to"]:
            break
        if where["at"] < 0:  # nothing focused: one Tab shows where the browser goes on
            await page.keyboard.press("Tab")
            continue
        delta = where["to"] - where["at"]
        key = "Tab" if delta > 0 else "Shift+Tab"
        for _ in range(abs(delta)):
            await page.keyboard.press(key)
    for _ in range(300):  # where the browser's order differs from the list above
        if await page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            break
        await page.keyboard.press("Tab")
    problem = await page.evaluate(FOCUS_SHOWN, selector)
    assert not problem, f"{selector}: {problem}"


async def press_on(page: Any, selector: str, key: str = "Enter") -> None:
    await tab_to(page, selector)
    await page.keyboard.press(key)


def _id(testid: str) -> str:
    return f"[data-testid='{testid}']"


async def lay_tile(page: Any, move: dict[str, Any]) -> None:
    """Arrows walk the tile towards the chosen cell (it stops at the nearest it reaches),
    R turns it to the chosen side, Enter lays it."""
    await tab_to(page, _id("map"))
    await page.keyboard.press("ArrowLeft")
    ghost = page.locator("[data-testid=ghost]")
    await ghost.wait_for()
    flip = (await inspect(page))["seat"] == 1
    for _ in range(8):
        cx = int(await ghost.get_attribute("data-cx"))
        cy = int(await ghost.get_attribute("data-cy"))
        dx, dy = move["cell"][0] - cx, move["cell"][1] - cy
        if not dx and not dy:
            break
        if flip:
            dx, dy = -dx, -dy
        if dx:
            key = "ArrowRight" if dx > 0 else "ArrowLeft"
        else:
            key = "ArrowUp" if dy > 0 else "ArrowDown"
        await page.keyboard.press(key)
    for _ in range(4):
        if int(await ghost.get_attribute("data-rot")) == move["rot"]:
            break
        rot = await ghost.get_attribute("data-rot")
        await page.keyboard.press("r")
        await page.wait_for_function(
            "r => document.querySelector('[data-testid=ghost]').dataset.rot !== r", arg=rot
        )
    await page.keyboard.press("Enter")


async def pick_multiset(page: Any, kind: str, items: list[str]) -> None:
    """The + of each colour (or deck) as many times as it is wanted, then the send button."""
    for item, count in Counter(items).items():
        for _ in range(count):
            await press_on(page, _id(f"{kind}-more-{item}"), "Space")
    await press_on(page, _id(f"send-{kind}"))


async def keyboard_move(page: Any, move: dict[str, Any], played: Counter[str]) -> None:
    """Play ``move`` (one of the page's legal moves) with the keys only."""
    kind = move["type"]
    if kind == "place_tile":
        await lay_tile(page, move)
    elif kind == "place_resources":
        piece = page.locator(_id(f"piece-{move['piece']}"))
        if await piece.count() and await piece.get_attribute("aria-pressed") != "true":
            await press_on(page, _id(f"piece-{move['piece']}"))
            played["island"] += 1
            await page.wait_for_selector(f"{_id('piece-' + move['piece'])}[aria-pressed=true]")
        await press_on(page, _id(f"cube-{move['colour']}"))
    elif kind in ("keep_objective", "pick_objective"):
        await press_on(page, _id(f"keep-{move['card']}"))
    elif kind == "move":
        if not await page.locator("[data-testid=sails][open]").count():
            await press_on(page, _id("sails-summary"))
            await page.wait_for_selector("[data-testid=sails][open]")
        await press_on(page, _id(f"sail-{move['to']}"))
    elif kind in ("load", "unload", "sell"):
        await pick_multiset(page, kind, move["colours"])
    elif kind == "buy_plans":
        await pick_multiset(page, kind, move["decks"])
        await press_on(page, _id("spend-yes"))
    elif kind == "excavate":
        quarter = "_".join(str(n) for n in move["quarter"])
        await press_on(page, _id(f"dig-{move['card']}-{quarter}"))
        await press_on(page, _id("spend-yes"))
    elif kind == "oracle":
        await press_on(page, _id(f"oracle-{move['terrain']}"))
    elif kind == "end_turn":
        await press_on(page, _id("end-turn"))
    else:
        raise AssertionError(f"no keys for {move}")


def lina_choice(game: dict[str, Any], moves: list[dict[str, Any]], rng: Any, done: Counter) -> dict:
    """A keen choice, except once each: the oracle, an unload, another island's free cube."""
    by: dict[str, list[dict[str, Any]]] = {}
    for move in moves:
        by.setdefault(move["type"], []).append(move)
    if "oracle" in by and not done["oracle"] and game["round"] >= 3:
        return by["oracle"][0]
    if "unload" in by and not done["unload"] and "sell" not in by:
        return by["unload"][0]
    if "place_resources" in by and not done["island"]:
        pieces = [m["piece"] for m in by["place_resources"]]
        if len(set(pieces)) > 1:  # the island not chosen at first, picked from the keyboard
            done["islands offered"] += 1
            return next(m for m in by["place_resources"] if m["piece"] != pieces[0])
    return keen_choice(game, moves, rng)


async def test_lina_plays_a_whole_game_with_the_keyboard(browser: Any, web_server: Any) -> None:
    lina = await new_page(browser, web_server)
    await become_guest(lina, "Lina")
    await create_room(lina)
    await lina.wait_for_function(
        "document.querySelector('[data-testid=invite-url]').value.includes('code=')"
    )
    invite = await lina.input_value("[data-testid=invite-url]")
    niko = await new_page(browser, web_server)
    await niko.goto(invite)
    await become_guest(niko, "Niko")
    await niko.click("#join-button")
    await lina.wait_for_selector("#seats li[data-seat='1']:has-text('Niko')")
    # From here on Lina uses the keys only: any pointer press on her page is recorded.
    clicks: list[str] = []
    await lina.expose_function("agoraClick", lambda target: clicks.append(target))
    await lina.evaluate(
        "document.addEventListener('pointerdown',"
        " (e) => window.agoraClick(e.target.outerHTML.slice(0, 80)), true)"
    )
    await press_on(lina, "#start-button")
    for page in (lina, niko):
        await page.wait_for_selector(".akr-map-svg .akr-thera")

    played: Counter[str] = Counter()
    acted = -1
    deadline = time.monotonic() + 600
    while not await lina.locator(RESULT).count():
        assert time.monotonic() < deadline, f"no end after {sum(played.values())} moves"
        state = await inspect(lina)
        if state["legalMoves"] and state["version"] != acted:
            rng = random.Random(f"keys:{state['version']}")
            move = lina_choice(state["game"], state["legalMoves"], rng, played)
            before = state["version"]
            if move["type"] == "move" and not played["move"]:
                await tab_to(lina, _id("sails-summary"))
                await lina.screenshot(path=shot_path("akrotiri-keyboard-focus"))
            await keyboard_move(lina, move, played)
            await wait_version_change(lina, before)
            acted = before
            played[move["type"]] += 1
            continue
        other = await inspect(niko)
        if other["legalMoves"]:
            rng = random.Random(f"niko:{other['version']}")
            choice = keen_choice(other["game"], other["legalMoves"], rng)
            if await niko.evaluate(SEND, [choice, other["version"]]):
                await wait_version_change(niko, other["version"])
            continue
        await lina.wait_for_timeout(40)

    await lina.screenshot(path=shot_path("akrotiri-keyboard-end"), full_page=True)
    assert clicks == [], clicks
    # Every kind of move was played with the keys.
    for kind in (
        "place_tile",
        "place_resources",
        "keep_objective",
        "move",
        "load",
        "unload",
        "sell",
        "buy_plans",
        "excavate",
        "oracle",
        "end_turn",
    ):
        assert played[kind], (kind, played)
    assert played["island"] >= min(1, played["islands offered"]), played
    result = await lina.evaluate("window.agoraRoom.socket.view.result")
    assert result and result["ranking"]
    assert lina.errors == [] and niko.errors == []
