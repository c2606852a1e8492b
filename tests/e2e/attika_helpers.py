"""Attika e2e helpers: a player that plays its turns by clicking the board (what the page
offers, read in the page), a greedy policy that finishes a game over the players' sockets,
signing in and opening a private room, and the per-step checks of the layout test (settled,
tests/e2e/layout.py's audit, the prompt agreeing with the cards)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import websockets

from tests.conftest import RoomSocket
from tests.e2e.conftest import shot_path
from tests.e2e.layout import assert_layout

FINAL = "[data-testid=final-table]"
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}

# One snapshot of what the page offers, decided in the page: the controls are the board's.
OFFER = """() => {
  const q = (s) => document.querySelector(s);
  // Offered controls: a control not offered now is pressable only to say why (aria-disabled).
  const enabled = (s) => [...document.querySelectorAll(s)]
    .filter((b) => !b.disabled && b.getAttribute('aria-disabled') !== 'true');
  const hint = new Set([...document.querySelectorAll("[data-testid=hint-hex]")]
    .map((h) => `${h.dataset.q},${h.dataset.r}`));
  const spots = [...document.querySelectorAll("[data-testid=spot]")].map((s) => ({
    q: s.dataset.q, r: s.dataset.r, cards: Number(s.dataset.cards),
    onPath: hint.has(`${s.dataset.q},${s.dataset.r}`),
  }));
  return {
    confirm: Boolean(q("[data-testid=confirm-yes]")),
    pay: Boolean(q("[data-testid=pay-confirm]")),
    joker: Boolean(q("[data-testid=joker-explained]")),
    piece: Boolean(q("[data-testid=place-piece]")),
    pending: Boolean(q("[data-testid=reserve-pending]")),
    reserve: enabled("[data-testid^=reserve-]")
      .filter((b) => b.dataset.testid !== "reserve-pending").map((b) => b.dataset.testid),
    stacks: enabled("[data-testid^=stack-]").map((b) => b.dataset.testid),
    end: Boolean(q("[data-testid=end-turn]")),
    pass: Boolean(q("[data-testid=pass]")),
    spots,
  };
}"""


def best_spot(spots: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A spot on the player's shortest shrine line if any, else the cheapest."""
    if not spots:
        return None
    return min(spots, key=lambda s: (not s["onPath"], s["cards"]))


async def click_spot(page: Any, spot: dict[str, Any]) -> None:
    selector = f"[data-testid=spot][data-q='{spot['q']}'][data-r='{spot['r']}']"
    await page.locator(selector).click(timeout=2000)


class Player:
    """Plays one page's turns through its board: the first turns draw from the main stack
    (so a stack empties and the map grows), then it builds towards two shrines."""

    def __init__(self, page: Any, name: str, phone: bool = False) -> None:
        self.page = page
        self.name = name
        self.phone = phone
        self.moves = 0
        self.shots: set[str] = set()
        self.keyboard = False
        self.phone_shot = False

    async def shot(self, name: str) -> None:
        """A picture of the board (the page without the site's header and side bar)."""
        if name not in self.shots and not self.phone:
            self.shots.add(name)
            await self.page.locator("#board").screenshot(path=shot_path(name))

    async def play(self) -> bool:
        page = self.page
        try:
            offer = await page.evaluate(OFFER)
            if offer["confirm"]:  # spending an amphora is asked once (it cannot be taken back)
                await page.click("[data-testid=confirm-yes]", timeout=2000)
            elif offer["pay"]:
                if offer["joker"]:
                    await self.shot("attika-joker")
                await page.click("[data-testid=pay-confirm]", timeout=2000)
            elif offer["piece"]:
                await self.shot("attika-map-growth")
                if self.phone:
                    await page.click("[data-testid=place-piece]", timeout=2000)
                else:
                    await self.place_by_keyboard()
            elif offer["pending"]:
                spot = best_spot(offer["spots"])
                if spot is not None and self.moves > 6:
                    await click_spot(page, spot)
                    await page.wait_for_selector("[data-testid=pay-confirm]", timeout=2000)
                    return False  # the payment panel is confirmed on the next call
                await page.click("[data-testid=reserve-pending]", timeout=2000)
            elif offer["pass"]:
                await page.click("[data-testid=pass]", timeout=2000)
            elif "stack-0" in offer["stacks"] and self.moves < 6:
                await page.click("[data-testid=stack-0]", timeout=2000)
            elif offer["reserve"] and await self.build(offer["reserve"]):
                return False
            elif offer["stacks"]:
                await page.click(f"[data-testid={offer['stacks'][0]}]", timeout=2000)
            elif offer["end"]:
                await page.click("[data-testid=end-turn]", timeout=2000)
            else:
                return False
        except Exception:  # the offer changed under the click (a patch arrived): retry later
            return False
        self.moves += 1
        return True

    async def build(self, reserve: list[str]) -> bool:
        """Pick the reserve building with the best spot and choose that spot (the payment
        panel opens); a joker payment is photographed once."""
        page = self.page
        best = None
        if "attika-joker" not in self.shots and not self.phone:
            await self.look_for_joker(reserve)
        # Buildings with free spots and paid ones first (the picture shows both kinds).
        free = await page.evaluate(
            "() => [...document.querySelectorAll('[data-testid^=reserve-][data-free]')]"
            ".filter((b) => !b.disabled && b.getAttribute('aria-disabled') !== 'true'"
            " && Number(b.dataset.free) > 0)"
            ".sort((a, b) => (Number(b.dataset.spots) > Number(b.dataset.free))"
            " - (Number(a.dataset.spots) > Number(a.dataset.free)))"
            ".map((b) => b.dataset.testid)"
        )
        for testid in [*free, *(r for r in reserve if r not in free)][:4]:
            await page.click(f"[data-testid={testid}]", timeout=2000)
            spots = (await page.evaluate(OFFER))["spots"]
            spot = best_spot(spots)
            if spot and (best is None or (not spot["onPath"], spot["cards"]) < best[0]):
                best = ((not spot["onPath"], spot["cards"]), testid, spot)
            if self.phone and not self.phone_shot and len(spots) > 3:
                self.phone_shot = True
                await page.locator("[data-testid=map]").scroll_into_view_if_needed()
                await page.screenshot(path=shot_path("attika-phone"))
        if best is None:
            return False
        _, testid, spot = best
        selected = page.locator(f"[data-testid={testid}].selected")
        if not await selected.count():
            await page.click(f"[data-testid={testid}]", timeout=2000)
        await click_spot(page, spot)
        await page.wait_for_selector("[data-testid=pay-confirm]", timeout=2000)
        return True

    async def place_by_keyboard(self) -> None:
        """Move the new piece with an arrow key, turn it with R, place it with Enter."""
        page = self.page
        ghost = page.locator("[data-testid=piece-ghost]")
        before = await ghost.get_attribute("data-rot")
        await page.focus("[data-testid=map]")
        await page.keyboard.press("ArrowLeft")
        await page.keyboard.press("r")
        assert await ghost.get_attribute("data-rot") == str((int(before) + 1) % 6)
        self.keyboard = True
        await page.keyboard.press("Enter")
        await page.wait_for_selector("[data-testid=place-piece]", state="detached", timeout=3000)

    async def look_for_joker(self, reserve: list[str]) -> None:
        """Open the payment of a few spots until one needs a joker pair; photograph it."""
        page = self.page
        for testid in reserve[:3]:
            await page.click(f"[data-testid={testid}]", timeout=2000)
            spots = (await page.evaluate(OFFER))["spots"]
            for spot in sorted(spots, key=lambda s: -s["cards"])[:4]:
                await click_spot(page, spot)
                await page.wait_for_selector("[data-testid=pay-confirm]", timeout=2000)
                if await page.locator("[data-testid=joker-explained]").count():
                    await self.shot("attika-joker")
                    await page.click("[data-testid=pay-cancel]", timeout=2000)
                    return
                await page.click("[data-testid=pay-cancel]", timeout=2000)
            await page.click(f"[data-testid={testid}]", timeout=2000)  # unselect


def choose(game: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A greedy move: build on the own shortest shrine line if possible, else the cheapest
    build, else draw from the fullest stack, else end the turn (or pass)."""
    me = game["players"][game["you"]]
    path = {tuple(h) for h in (me["link"] or {}).get("hexes", [])}

    def price(m: dict[str, Any]) -> tuple[bool, int]:
        return ((m["q"], m["r"]) not in path, sum(m["pay"].values()))

    places = [m for m in moves if m["type"] == "place_piece"]
    if places:
        land = game["land"]
        mq = sum(c["q"] for c in land) / len(land)
        mr = sum(c["r"] for c in land) / len(land)
        return min(places, key=lambda m: (m["q"] - mq) ** 2 + (m["r"] - mr) ** 2)
    builds = [m for m in moves if m["type"] in ("build", "build_pending")]
    best = min(builds, key=price) if builds else None
    if best is not None and (price(best)[0] is False or price(best)[1] <= 2):
        return best
    for kind in ("reserve_pending",):
        found = [m for m in moves if m["type"] == kind]
        if found:
            return found[0]
    draws = [m for m in moves if m["type"] == "draw"]
    if draws and not game["phase"] == "amphora":
        return max(draws, key=lambda m: me["stacks"][m["stack"]])
    if best is not None:
        return best  # rather than a turn that changes nothing
    for kind in ("take_card", "end_actions", "pass"):
        found = [m for m in moves if m["type"] == kind]
        if found:
            return found[0]
    return moves[0]


async def socket_of(page: Any, server: Any, url: str) -> RoomSocket:
    room_match = re.search(r"/r/(\w+)", url)
    code_match = re.search(r"code=([^&]+)", url)
    assert room_match is not None and code_match is not None
    room = room_match.group(1)
    code = code_match.group(1)
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in await page.context.cookies())
    ws = await websockets.connect(
        f"{server.ws_url}/ws/rooms/{room}?code={code}", additional_headers={"Cookie": cookies}
    )
    sock = RoomSocket(ws)
    await sock.receive_until("snapshot")
    return sock


# A liveness bound, not a speed check: in the full suite (two workers beside chromium on a
# shared 2-core machine) one ack of this long game once took over the default 10 s.
WAIT = 30.0


async def finish_over_sockets(
    sockets: list[RoomSocket], pause: Callable[[], Awaitable[bool]], pause_after: int
) -> int:
    """Play the seats of these sockets (the others are bots) until the result. Once
    ``pause_after`` moves are sent, these seats end their turns at once (the first saves up
    cards; none of them can win meanwhile) and ``pause`` runs at each of the first socket's
    turn starts that offers a build, until ``pause`` says it is done."""
    by_seat = {sock.view["game"]["you"]: sock for sock in sockets}
    observer = sockets[0]
    sent = 0
    paused = False
    while observer.view["result"] is None:
        mover = by_seat.get(observer.view["to_act"][0])
        if mover is None:
            await observer.receive(30)  # a bot's turn
            continue
        await mover.wait_version(observer.version, WAIT)
        await mover.send({"type": "legal_moves"})
        offer = await mover.receive_until("legal_moves", WAIT)
        if offer["version"] != mover.version or not offer["moves"]:
            continue
        game = mover.view["game"]
        builds = any(m["type"] == "build" for m in offer["moves"])
        start = game["option"] is None and game["phase"] == "actions" and not game["pending"]
        hold = not paused and sent >= pause_after and start
        if hold and builds and mover is observer:
            paused = await pause()
        if hold and not paused:
            # Save up cards (end the turn at once) until the picture is worth taking.
            offer["moves"] = [m for m in offer["moves"] if m["type"] == "end_actions"]
        sent += 1
        move = choose(mover.view["game"], offer["moves"])
        await mover.send({"type": "move", "id": sent, "move": move, "version": mover.version})
        ack = await mover.receive_until("ack", WAIT, id=sent)
        for sock in sockets:
            await sock.wait_version(ack["version"], WAIT)
    return sent


async def sign_in(page: Any, name: str) -> None:
    """Sign in as a guest (on a phone the name sits in the folded site menu)."""
    await page.fill("#guest-form input[name=name]", name)
    await page.click("#guest-form button[type=submit]")
    await page.wait_for_selector("[data-testid=me]", state="attached")


async def create_private_room(page: Any, seats: int) -> str:
    await page.select_option("#game-select", "attika")
    await page.fill("#seats-input", str(seats))
    await page.dispatch_event("#seats-input", "input")
    await page.check("#private-input")
    await page.click("#create-button")
    await page.wait_for_url(re.compile(r"/r/\w+\?code="))
    await page.wait_for_function(
        "document.querySelector('[data-testid=invite-url]').value.includes('code=')"
    )
    return await page.input_value("[data-testid=invite-url]")


# The board has settled: the seat's controls are drawn from its legal moves ("act"), or it is
# another seat's turn ("wait"), or the game is over.
SETTLED = """() => {
  const bar = document.querySelector('[data-testid=action-bar]');
  const over = document.querySelector('#result:not([hidden]) [data-testid=final-table]');
  return Boolean(over) || (bar && ['act', 'wait', 'over'].includes(bar.dataset.state));
}"""

# What the prompt says and what the controls offer, for the contradiction check.
AGREEMENT = """() => {
  const prompt = document.querySelector('[data-testid=prompt]')?.textContent || '';
  const pending = document.querySelector('[data-testid=pending]');
  return {
    prompt,
    pendingSpots: pending ? Number(pending.dataset.spots) : null,
    pendingText: pending?.textContent || '',
    cannot: [...document.querySelectorAll('.at-bcard-spots.cannot')].map((n) => n.textContent),
  };
}"""


async def check_layout(page: Any, where: str) -> None:
    """tests/e2e/layout.py's checks; a picture of the page when they fail."""
    try:
        await assert_layout(page, where)
    except AssertionError:
        await page.screenshot(path=shot_path("attika-layout-failure"))
        raise


async def settle(page: Any) -> None:
    await page.wait_for_function(SETTLED, timeout=20_000)
    await page.wait_for_timeout(80)  # one frame for the map and the bar


async def check_agreement(page: Any, where: str) -> None:
    """The prompt and the drawn card say the same thing; every "cannot" gives its reason."""
    seen = await page.evaluate(AGREEMENT)
    if seen["pendingSpots"] == 0:
        assert "réserve" in seen["prompt"] or "reserve" in seen["prompt"], (where, seen)
        assert "tap a highlighted" not in seen["prompt"], (where, seen)
        assert "touchez une case" not in seen["prompt"], (where, seen)
    for text in seen["cannot"]:
        assert ":" in text and len(text.split(":", 1)[1].strip()) > 5, (where, text)
