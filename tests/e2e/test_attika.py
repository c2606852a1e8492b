"""Attika in real browsers: a complete 3-seat game (two people through an invite link, one of
them on a phone-sized screen, plus a bot) with a spectator watching and a reload mid-game;
screenshots for the docs.

The first turns are played by clicking the boards (draws until a stack empties and the map
grows, builds with the payment panel, a joker payment); the rest of the game is played over
the same two people's sockets with a greedy policy (build on the shortest shrine line),
so that it ends in seconds while every browser keeps drawing it."""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

import websockets

from tests.conftest import RoomSocket
from tests.e2e.conftest import shot_path
from tests.e2e.pages import become_guest, new_page, replay_first_step_with, says_game_over_once

FINAL = "[data-testid=final-table]"
UI_MOVES = 14
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}

# One snapshot of what the page offers, decided in the page: the controls are the board's.
OFFER = """() => {
  const q = (s) => document.querySelector(s);
  const enabled = (s) => [...document.querySelectorAll(s)].filter((b) => !b.disabled);
  const hint = new Set([...document.querySelectorAll("[data-testid=hint-hex]")]
    .map((h) => `${h.dataset.q},${h.dataset.r}`));
  const spots = [...document.querySelectorAll("[data-testid=spot]")].map((s) => ({
    q: s.dataset.q, r: s.dataset.r, cards: Number(s.dataset.cards),
    onPath: hint.has(`${s.dataset.q},${s.dataset.r}`),
  }));
  return {
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
            if offer["pay"]:
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
            ".filter((b) => !b.disabled && Number(b.dataset.free) > 0)"
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


async def test_three_seats_play_a_complete_game(browser: Any, web_server: Any) -> None:
    lina = await new_page(browser, web_server, device_scale_factor=1.25)
    await become_guest(lina, "Lina")
    invite = await create_private_room(lina, 3)

    niko = await new_page(browser, web_server, locale="fr-FR", device_scale_factor=1.5, **PHONE)
    await niko.goto(invite)
    await become_guest(niko, "Niko")
    await niko.click("#join-button")
    await lina.wait_for_selector("#seats li[data-seat='1']:has-text('Niko')")
    await lina.select_option("#bot-level", "random")  # fast games
    await lina.click("#bot-button")
    await lina.wait_for_selector("#start-button:not([disabled])")
    await lina.click("#start-button")

    # A spectator follows the game from the invite link without taking a seat.
    watcher = await new_page(browser, web_server)
    await watcher.goto(invite)
    await become_guest(watcher, "Vera")
    for page in (lina, niko, watcher):
        await page.wait_for_selector(".at-map-svg .at-land")
        assert await page.locator("[data-testid=shrine-S1]").count() == 1
        assert await page.locator("[data-testid^=player-]").count() == 3
    assert await watcher.locator("[data-testid=hand]").count() == 0
    assert "your cards" in (await lina.inner_text(".at-side")).lower()
    assert "vos cartes" in (await niko.inner_text(".at-side")).lower()

    players = [Player(lina, "Lina"), Player(niko, "Niko", phone=True)]
    reloaded = False

    async def play_turn(page: Any) -> bool:
        nonlocal reloaded
        player = players[0] if page is lina else players[1]
        moved = await player.play()
        if moved and player.moves == 12 and not reloaded:
            reloaded = True
            width = await niko.evaluate("document.documentElement.scrollWidth")
            assert width <= 392
            await lina.reload()
            await lina.wait_for_selector(".at-map-svg .at-building")
            assert await lina.locator("[data-testid=move-log] li").count() > 5
        return moved

    deadline = time.monotonic() + 240
    wanted = {"attika-map-growth", "attika-joker"}
    while (
        not reloaded
        or min(p.moves for p in players) < UI_MOVES
        or wanted - players[0].shots
        or not players[1].phone_shot
    ):
        if time.monotonic() > deadline:
            for page in (lina, niko):
                print(await page.evaluate(OFFER), await page.inner_text("[data-testid=prompt]"))
            await lina.screenshot(path=shot_path("attika-stuck-lina"), full_page=True)
            await niko.screenshot(path=shot_path("attika-stuck-niko"), full_page=True)
            raise AssertionError([p.moves for p in players])
        assert not await lina.locator(FINAL).count()
        played = [await play_turn(page) for page in (lina, niko)]
        if not any(played):
            await lina.wait_for_timeout(60)
    assert players[0].keyboard

    async def show_costs() -> bool:
        """Mid-game, on Lina's turn: pick the reserve building with the most spots (free ones
        first) and photograph the map with every cost shown."""
        cards = lina.locator("[data-testid^=reserve-][data-spots]:not([disabled])")
        await cards.first.wait_for(timeout=30_000)  # the page catches up with the sockets
        best = await lina.evaluate(
            "() => [...document.querySelectorAll('[data-testid^=reserve-][data-spots]')]"
            ".filter((b) => !b.disabled && Number(b.dataset.spots) >= 8).sort((a, b) =>"
            " (Number(b.dataset.free) > 0) - (Number(a.dataset.free) > 0)"
            " || Number(b.dataset.spots) - Number(a.dataset.spots))[0]?.dataset.testid"
        )
        if not best:
            return False
        await lina.click(f"[data-testid={best}]")
        await lina.wait_for_selector("[data-testid=spot]")
        await players[0].shot("attika-costs")
        await lina.click(f"[data-testid={best}]")
        return True

    sockets = [await socket_of(page, web_server, invite) for page in (lina, niko)]
    assert await finish_over_sockets(sockets, show_costs, pause_after=20) > 0
    assert "attika-costs" in players[0].shots
    for page in (lina, niko, watcher):
        await page.wait_for_selector(FINAL)
    await lina.locator("#board").screenshot(path=shot_path("attika-final"))
    winner = await lina.inner_text("[data-testid=at-winner]")
    assert winner.startswith("Winner: ")
    if "shrines" in winner:
        assert await lina.locator("[data-testid=winning-hex]").count() >= 1
    assert (await niko.inner_text("[data-testid=at-winner]")).startswith("Vainqueur : ")
    await says_game_over_once(lina, "Game over")
    await says_game_over_once(niko, "Partie terminée")
    # Every hand is shown at the end; the log tells the game in words in each language.
    log = await lina.inner_text("[data-testid=move-log]")
    assert re.search(r"(Lina|Niko|Bot 3) built the .+ at \(-?\d+, -?\d+\)", log)
    assert "construit" in await niko.inner_text("[data-testid=move-log]")
    assert "wins!" in log
    # The replay rings what a step built: the first frame nothing, a build frame its building.
    assert await replay_first_step_with(lina, "[data-testid=marked-building]") >= 1
    await lina.locator("#board").screenshot(path=shot_path("attika-replay-step"))
    for page in (lina, niko, watcher):
        assert page.errors == []
