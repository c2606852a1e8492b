"""Helpers for the Akrotiri browser tests: the board's state and legal moves as the page
sees them, turns played through the board's controls or through the page's socket, and
what the sail targets on the map cover."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from app.games.akrotiri.cache import board_of
from tests.e2e.conftest import shot_path

FINAL = "[data-testid=final-table]"
# The room's result panel, which holds the board's final table (drawResult).
RESULT = "#result [data-testid=final-table]"
INSPECT = """async () => ({
  ...(await import(new URL("boards/akrotiri.js",
    document.querySelector("script[type=module]").src))).default.inspect(),
  version: window.agoraRoom.socket.version,
})"""
# Send only if the page is still at the version the move was chosen on.
SEND = """([move, version]) => {
  const socket = window.agoraRoom.socket;
  if (socket.version !== version) return false;
  socket.move(move);
  return true;
}"""


async def create_room(
    page: Any, options: dict[str, Any] | None = None, private: bool = True
) -> None:
    await page.select_option("#game-select", "akrotiri")
    for name, value in (options or {}).items():
        field = f"#game-options [name={name}]"
        if isinstance(value, bool):
            await (page.check(field) if value else page.uncheck(field))
        else:
            await page.select_option(field, value)
    if private:
        await page.check("#private-input")
    await page.click("#create-button")
    await page.wait_for_url(re.compile(r"/r/\w+"))


async def inspect(page: Any) -> dict[str, Any]:
    return await page.evaluate(INSPECT)


async def my_moves(page: Any, timeout: float = 10) -> list[dict[str, Any]]:
    """The legal moves the board offers (waits for them while it is this seat's turn)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = await inspect(page)
        if state["legalMoves"]:
            return state["legalMoves"]
        await page.wait_for_timeout(60)
    return []


async def sign_in(page: Any, name: str) -> None:
    """As pages.become_guest, but the name may sit folded in the phone's menu."""
    await page.fill("#guest-form input[name=name]", name)
    await page.click("#guest-form button[type=submit]")
    await page.wait_for_selector("[data-testid=me]", state="attached")


async def start_against_bot(page: Any, options: dict[str, Any] | None = None) -> None:
    """A public room with a fast bot, started; waits for the map."""
    await create_room(page, options, private=False)
    await page.select_option("#bot-level", "random")  # fast games
    await page.click("#bot-button")
    await page.wait_for_selector("#start-button:not([disabled])")
    await page.click("#start-button")
    await page.wait_for_selector(".akr-map-svg .akr-thera")


# The middles of the visible parts of the map's shapes matching a selector, nearest to the
# middle of the map first (the map shows only part of a large archipelago: a player taps
# what is in view; the bottom of the screen is left to the action bar).
VISIBLE = """(selector) => {
  const svg = document.querySelector('.akr-map-svg').getBoundingClientRect();
  const bar = document.querySelector('.akr-bar')?.getBoundingClientRect();
  const bottom = Math.min(svg.bottom, innerHeight, bar && bar.height ? bar.top : innerHeight);
  const view = { x0: Math.max(svg.x, 0), y0: Math.max(svg.y, 0),
    x1: Math.min(svg.right, innerWidth), y1: bottom };
  const mid = [(view.x0 + view.x1) / 2, (view.y0 + view.y1) / 2];
  const found = [];
  for (const node of document.querySelectorAll(selector)) {
    const r = node.getBoundingClientRect();
    const x0 = Math.max(r.x, view.x0), x1 = Math.min(r.right, view.x1);
    const y0 = Math.max(r.y, view.y0), y1 = Math.min(r.bottom, view.y1);
    if (x1 - x0 < Math.min(20, r.width - 1) || y1 - y0 < Math.min(20, r.height - 1)) continue;
    const c = [(x0 + x1) / 2, (y0 + y1) / 2];
    found.push([Math.hypot(c[0] - mid[0], c[1] - mid[1]), c]);
  }
  return found.sort((a, b) => a[0] - b[0]).map((f) => f[1]);
}"""


# Sail badges on screen that cover one another, or cover a temple, a boat, a cube or a dig
# site (each as a short description): neighbouring targets must not be ambiguous.
TARGET_OVERLAPS = """() => {
  const badges = [...document.querySelectorAll('.akr-target circle')].map((c) => {
    const r = c.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2 };
  });
  const found = { badges: [], covered: [] };
  badges.forEach((a, i) => badges.slice(i + 1).forEach((b) => {
    const d = Math.hypot(a.x - b.x, a.y - b.y);
    if (d < a.r + b.r - 0.5) found.badges.push(`badges ${d.toFixed(1)} px apart`);
  }));
  const things = '.akr-layer-items .akr-temple, .akr-boat, .akr-cube, .akr-dig rect, .akr-icon';
  for (const node of document.querySelectorAll(things)) {
    const box = node.getBoundingClientRect();
    for (const b of badges) {
      const dx = b.x - Math.min(Math.max(b.x, box.x), box.right);
      const dy = b.y - Math.min(Math.max(b.y, box.y), box.bottom);
      if (Math.hypot(dx, dy) < b.r - 1) found.covered.push(node.getAttribute('class'));
    }
  }
  return found;
}"""


async def target_overlaps(page: Any) -> dict[str, list[str]]:
    return await page.evaluate(TARGET_OVERLAPS)


async def visible(page: Any, selector: str) -> list[list[float]]:
    return await page.evaluate(VISIBLE, selector)


async def whose_turn(pages: list[Any]) -> Any:
    for _ in range(200):
        for page in pages:
            if (
                await page.locator("[data-testid=akr-actions] button").count()
                and (await inspect(page))["legalMoves"]
            ):
                return page
        await pages[0].wait_for_timeout(60)
    raise AssertionError("nobody has a move")


async def click_tile_step(page: Any) -> None:
    """Place the tile by tapping a highlighted cell in view, then the tile again."""
    await page.mouse.click(*(await visible(page, ".akr-spot"))[0])
    await page.wait_for_selector("[data-testid=ghost]")
    await page.mouse.click(*(await visible(page, "[data-testid=ghost] .akr-ghost-edge"))[0])


async def drag_tile_step(page: Any) -> None:
    """Settle the tile on a cell, drag it with the mouse to another legal cell, lay it."""
    spots = await visible(page, ".akr-spot")
    await page.mouse.click(*spots[0])
    ghost = page.locator("[data-testid=ghost]")
    await ghost.wait_for()
    start = await ghost.get_attribute("data-cx"), await ghost.get_attribute("data-cy")
    here = (await visible(page, "[data-testid=ghost] .akr-ghost-edge"))[0]
    target = (await visible(page, ".akr-spot:not(.selected)"))[-1]
    await page.mouse.move(*here)
    await page.mouse.down()
    await page.mouse.move(*target, steps=12)
    await page.mouse.up()
    moved = await ghost.get_attribute("data-cx"), await ghost.get_attribute("data-cy")
    assert moved != start, "the tile did not follow the drag"
    await page.mouse.click(*(await visible(page, "[data-testid=ghost] .akr-ghost-edge"))[0])


async def click_free_cube(page: Any) -> None:
    if await page.locator("[data-testid^=cube-]").count():
        await page.locator("[data-testid^=cube-]").first.click()


async def wait_version_change(page: Any, before: int) -> None:
    await page.wait_for_function(
        "v => window.agoraRoom.socket.version > v", arg=before, timeout=10_000
    )


async def version(page: Any) -> int:
    return await page.evaluate("window.agoraRoom.socket.version")


async def keyboard_tile_step(page: Any) -> None:
    """Place the tile with the keys only: an arrow picks a cell, R turns, Enter places."""
    await page.focus("[data-testid=map]")
    await page.keyboard.press("ArrowLeft")
    ghost = page.locator("[data-testid=ghost]")
    await ghost.wait_for()
    rot = await ghost.get_attribute("data-rot")
    await page.keyboard.press("r")
    await page.wait_for_function(
        "r => document.querySelector('[data-testid=ghost]').dataset.rot !== r", arg=rot
    )
    await page.keyboard.press("Enter")


async def clicked_turn(page: Any, keyboard: bool = False) -> None:
    """A whole turn through the board's controls: tile, free cube, a boat move on the map,
    a load if one is offered, then end the turn."""
    if await page.locator(".akr-spot").count():
        before = await version(page)
        await (keyboard_tile_step(page) if keyboard else click_tile_step(page))
        await wait_version_change(page, before)
        await my_moves(page)
    if await page.locator("[data-testid^=cube-]").count():
        before = await version(page)
        await click_free_cube(page)
        await wait_version_change(page, before)
        await my_moves(page)
    targets = await visible(page, ".akr-target")
    if targets:
        before = await version(page)
        await page.mouse.click(*targets[0])
        await wait_version_change(page, before)
        await my_moves(page)
    if await page.locator("[data-testid^=load-more-]").count():
        await page.locator("[data-testid^=load-more-]").first.click()
        before = await version(page)
        await page.click("[data-testid=send-load]")
        await wait_version_change(page, before)
        await my_moves(page)
    before = await version(page)
    await page.click("[data-testid=end-turn]")
    await wait_version_change(page, before)


def keen_choice(game: dict[str, Any], moves: list[dict[str, Any]], rng: random.Random) -> dict:
    """A player with a plan, from what its view shows: excavate, sell, buy, sail where a
    plan card is proven (or to cubes), load, bring the cargo to Thera, else end the turn."""
    by: dict[str, list[dict[str, Any]]] = {}
    for move in moves:
        by.setdefault(move["type"], []).append(move)
    if game["phase"] == "tile":  # near the middle, so that the archipelago stays compact

        def far(move: dict[str, Any]) -> float:
            return abs(move["cell"][0] + 0.5) + abs(move["cell"][1] + 0.5)

        near = min(far(m) for m in moves)
        return rng.choice([m for m in moves if far(m) == near])
    if game["phase"] != "actions":
        return rng.choice(moves)
    for kind in ("excavate", "sell"):
        if kind in by:
            return max(by[kind], key=lambda m: m.get("gain", 0))
    me = game["players"][game["you"]]
    if "buy_plans" in by and len(me["plans"]) < 3:
        return min(by["buy_plans"], key=lambda m: m["price"])
    board = board_of(game["placements"])
    islands = board.islands()
    goals = {
        board.island_at(tuple(q))
        for card in me["plans"]
        if card["affordable"]
        for q in card["proven_at"]
    }
    cargo = game["boats"][game["you"]]["cargo"]
    sails = by.get("move", [])
    home = [m for m in sails if m["to"] in ("THERA:T1", "THERA:T2")]
    if (len(cargo) == 3 or (cargo and not goals)) and home:
        return min(home, key=lambda m: m["cost"])
    if "load" in by and len(cargo) < 3:
        return max(by["load"], key=lambda m: len(m["colours"]))
    if not goals:
        with_cubes: set[int | None] = {
            islands.of_piece[board.piece_index[p]] for p in game["cubes"]
        }
        goals = with_cubes - {islands.thera}
    useful = [m for m in sails if islands.of_port[board.port_index[m["to"]]] in goals]
    if useful and game["actions"]:
        return min(useful, key=lambda m: m["cost"])
    return by["end_turn"][0]


async def play_keenly(pages: list[Any], until: str, seed: int = 1, timeout: float = 300) -> int:
    """Each page plays its turns through the socket until the first page shows every
    selector of ``until`` (separated by ``&&``). A choice's randomness depends on the seed,
    the page and the version only, not on how many polls a loaded machine needed."""
    played = 0
    acted: dict[int, tuple[int, float]] = {}
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        for selector in until.split("&&"):
            if not await pages[0].locator(selector.strip()).count():
                break
        else:
            return played
        moved = False
        for index, page in enumerate(pages):
            state = await inspect(page)
            moves = state["legalMoves"]
            version_now = state["version"]
            done = acted.get(index)
            # act once per version (a refused move is retried after a while)
            if not moves or (done and done[0] == version_now and time.monotonic() - done[1] < 3):
                continue
            last = keen_choice(state["game"], moves, random.Random(f"{seed}:{index}:{version_now}"))
            if not await page.evaluate(SEND, [last, version_now]):
                continue
            acted[index] = (version_now, time.monotonic())
            played += 1
            moved = True
        if not moved:
            await pages[0].wait_for_timeout(40)
    await pages[0].screenshot(path=shot_path("akrotiri-stuck"), full_page=True)
    raise AssertionError(f"no {until} after {played} moves; last move {last}")
