"""Game-review browser-test helpers: a finished two-seat game (the player's moves sent over
the player's own socket, picked at random from the legal moves so that the review finds
mistakes; a random bot in the other seat), then the replay page with its review run."""

from __future__ import annotations

import random
import re
from typing import Any

import websockets

from tests.conftest import RoomSocket
from tests.e2e.pages import become_guest, new_page

WAIT = 30.0
MISTAKES = "#review-seats .review-mistakes button"
# Liveness bounds, not speed checks: on the shared 2-core machine a long game's replay
# (a view per move) and its review (a search per move) took minutes under load.
SLOW = 120_000
REVIEWED = 600_000


async def review_page(browser: Any, server: Any) -> Any:
    """A page in a context of its own on the lobby (records page errors), patient with a
    busy server."""
    page = await new_page(browser, server)
    page.context.set_default_timeout(SLOW)
    return page


async def create_room_with_bot(page: Any, game: str, options: dict[str, str] | None = None) -> str:
    """From the lobby: a two-seat room of ``game``, a random bot seated, started; its id."""
    await page.select_option("#game-select", game)
    await page.fill("#seats-input", "2")
    await page.dispatch_event("#seats-input", "input")
    for name, value in (options or {}).items():
        await page.fill(f"#game-options [name={name}]", value)
    await page.click("#create-button")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    await page.select_option("#bot-level", "random")  # fast games
    await page.click("#bot-button")
    await page.wait_for_function(
        "[...document.querySelectorAll('#seats li')].some((li) => /bot/i.test(li.textContent))"
    )
    await page.click("#start-button")
    room = re.search(r"/r/(\w+)", page.url)
    assert room is not None
    return room.group(1)


async def finish_at_random(page: Any, server: Any, room: str, seed: int = 1) -> int:
    """Play the page's seat over a socket of its own (its cookies) with random legal moves
    until the result; returns the moves sent."""
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in await page.context.cookies())
    ws = await websockets.connect(
        f"{server.ws_url}/ws/rooms/{room}", additional_headers={"Cookie": cookies}
    )
    sock = RoomSocket(ws)
    await sock.receive_until("snapshot")
    while sock.view is None:  # the start may land just after the socket opened
        await sock.receive(WAIT)
    chooser = random.Random(seed)
    sent = 0
    try:
        while sock.view["result"] is None:
            if 0 not in sock.view["to_act"]:
                await sock.receive(WAIT)  # the bot's turn
                continue
            await sock.send({"type": "legal_moves"})
            offer = await sock.receive_until("legal_moves", WAIT)
            if offer["version"] != sock.version or not offer["moves"]:
                continue
            sent += 1
            move = chooser.choice(offer["moves"])
            await sock.send({"type": "move", "id": sent, "move": move, "version": sock.version})
            while True:  # an ack, or a refusal when the table moved on meanwhile
                answer = await sock.receive(WAIT)
                if answer["type"] in ("ack", "error") and answer.get("id") == sent:
                    break
    finally:
        await sock.close()
    return sent


async def finished_game(
    browser_page: Any, server: Any, game: str, name: str, options: dict[str, str] | None = None
) -> str:
    """A guest ``name`` plays ``game`` against a random bot to the end; the room's id."""
    await become_guest(browser_page, name)
    room = await create_room_with_bot(browser_page, game, options)
    await finish_at_random(browser_page, server, room)
    return room


async def open_review(page: Any, server: Any, room: str) -> Any:
    """The replay page of ``room`` with its review run; the first mistake's button."""
    await page.goto(f"{server.url}/r/{room}/replay")
    await page.click("#review-button")  # enabled once the replay has loaded
    mistake = page.locator(MISTAKES).first
    await mistake.wait_for(timeout=REVIEWED)  # reviewed in the background
    return mistake
