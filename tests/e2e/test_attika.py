"""Attika in real browsers: a complete 3-seat game (two people through an invite link, one of
them on a phone-sized screen, plus a bot) with a spectator watching and a reload mid-game;
screenshots for the docs. Then the board module on its own with made-up legal moves: the
prompt agreeing with the cards, the one question before an irreversible spend.
(test_attika_layout.py: what a player sees at every step on a phone and a desktop.)

The first turns are played by clicking the boards (draws until a stack empties and the map
grows, builds with the payment panel, a joker payment); the rest of the game is played over
the same people's sockets with a greedy policy (build on the shortest shrine line), so that
it ends in seconds while every browser keeps drawing it."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.e2e.attika_helpers import (
    FINAL,
    OFFER,
    PHONE,
    Player,
    create_private_room,
    finish_over_sockets,
    sign_in,
    socket_of,
)
from tests.e2e.conftest import shot_path
from tests.e2e.pages import new_page, replay_first_step_with, says_game_over_once

UI_MOVES = 14


async def test_three_seats_play_a_complete_game(browser: Any, web_server: Any) -> None:
    lina = await new_page(browser, web_server, device_scale_factor=1.25)
    await sign_in(lina, "Lina")
    invite = await create_private_room(lina, 3)

    niko = await new_page(browser, web_server, locale="fr-FR", device_scale_factor=1.5, **PHONE)
    await niko.goto(invite)
    await sign_in(niko, "Niko")
    await niko.click("#join-button")
    await lina.wait_for_selector("#seats li[data-seat='1']:has-text('Niko')")
    await lina.select_option("#bot-level", "random")  # fast games
    await lina.click("#bot-button")
    await lina.wait_for_selector("#start-button:not([disabled])")
    await lina.click("#start-button")

    # A spectator follows the game from the invite link without taking a seat.
    watcher = await new_page(browser, web_server)
    await watcher.goto(invite)
    await sign_in(watcher, "Vera")
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
        cards = lina.locator("[data-testid^=reserve-][data-spots]:not([aria-disabled=true])")
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
        await page.wait_for_selector(f"#result {FINAL}")
        # The room names the winner once; the board's table below it, labelled, does not.
        assert await page.locator("#board [data-testid=final-panel]").count() == 0
    await lina.locator("#result").screenshot(path=shot_path("attika-final"))
    winner = await lina.inner_text("[data-testid=winner]")
    assert winner.startswith("Winner: ")
    ending = await lina.inner_text("[data-testid=at-ending]")
    if "shrines" in ending:
        assert await lina.locator("[data-testid=winning-hex]").count() >= 1
    assert (await niko.inner_text("[data-testid=winner]")).startswith("Vainqueur : ")
    table = await lina.inner_text(FINAL)
    for label in ("Place", "Buildings (of 30)", "Hexes left to join two shrines", "Cards left"):
        assert label in table
    await says_game_over_once(lina, "Game over")
    await says_game_over_once(niko, "Partie terminée")
    # Every hand is shown at the end; the log tells the game in words in each language.
    log = await lina.inner_text("[data-testid=move-log]")
    assert re.search(r"(Lina|Niko|Bot 3) built the .+ in the (centre|north|south|east|west)", log)
    assert not re.search(r"\(-?\d+, ?-?\d+\)|\b[TEM]\d\d\b", log)
    assert "construit" in await niko.inner_text("[data-testid=move-log]")
    assert "wins!" in log
    # The replay rings what a step built: the first frame nothing, a build frame its building.
    assert await replay_first_step_with(lina, "[data-testid=marked-building]") >= 1
    await lina.locator("#board").screenshot(path=shot_path("attika-replay-step"))
    for page in (lina, niko, watcher):
        assert page.errors == []


# Render the board module on its own, in a page of the site, with a view taken from a real game
# and made-up legal moves: what the prompt, the cards and the buttons say for a given offer.
RENDER = """async ([view, moves, seat]) => {
  const board = (await import('/static/js/boards/attika.js')).default;
  let box = document.querySelector('#probe');
  if (!box) {
    box = document.createElement('div');
    box.id = 'probe';
    document.body.prepend(box);
    window.sent = [];
  }
  board.render(box, {
    view, seat, headline: true, canMove: true, error: null, legalMoves: moves,
    room: { seats: [{ name: 'Ines' }, { name: 'Bot 2' }] },
    onMove: (move) => window.sent.push(move),
  });
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


async def test_prompt_cards_and_buttons_come_from_the_same_legal_moves(
    browser: Any, web_server: Any
) -> None:
    """A drawn building no hex can pay for: the prompt says to reserve it (not "choose a
    hex") and the card says why it cannot be built; the reserve says why once. Spending an
    amphora on a card asks first; "Don't ask again" is remembered."""
    page = await new_page(browser, web_server)
    await sign_in(page, "Ines")
    invite = await create_private_room(page, 2)
    await page.select_option("#bot-level", "random")
    await page.click("#bot-button")
    await page.wait_for_selector("#start-button:not([disabled])")
    await page.click("#start-button")
    await page.wait_for_selector(".at-map-svg .at-land")
    sock = await socket_of(page, web_server, invite)
    view = sock.view
    await sock.ws.close()
    game = view["game"]
    seat = game["you"]
    await page.goto(web_server.url + "/")
    await page.evaluate("localStorage.removeItem('agora.attika.skipSpendQuestion')")

    game.update(turn=seat, phase="actions", option="draw", used=1, actions_left=1, piece=None)
    game["pending"] = {"seat": seat, "building": "well"}
    view["to_act"] = [seat]
    probe = "#probe"
    await page.evaluate(RENDER, [view, [{"type": "reserve_pending", "building": "well"}], seat])
    prompt = await page.inner_text(f"{probe} [data-testid=prompt]")
    assert prompt == "Your cards pay for the Well on no hex: put it in your reserve."
    drawn = await page.inner_text(f"{probe} [data-testid=pending]")
    assert "Cannot be built now: your cards pay for it on no hex" in drawn
    if game["players"][seat]["reserve"]:
        why = await page.inner_text(f"{probe} [data-testid=reserve-why]")
        assert why.startswith("Not yet: first build the drawn Well")
    assert await page.locator(f"{probe} [data-primary]").count() == 1
    await page.click(f"{probe} [data-testid=reserve-pending]")
    assert await page.evaluate("window.sent") == [{"type": "reserve_pending", "building": "well"}]

    # The amphora phase: taking a card cannot be taken back, so the board asks once.
    game.update(phase="amphora", option=None, pending=None)
    game["players"][seat]["amphorae"] = 2
    game["moves"] += 1
    moves = [
        {"type": "draw", "stack": 1, "amphora": True},
        {"type": "take_card", "amphora": True},
        {"type": "pass"},
    ]
    await page.evaluate(RENDER, [view, moves, seat])
    prompt = await page.inner_text(f"{probe} [data-testid=prompt]")
    assert prompt.startswith("Amphora phase (2 amphorae left): draw or take a card")
    await page.click(f"{probe} [data-testid=take-card]")
    question = await page.inner_text(f"{probe} [data-testid=confirm-spend]")
    assert "cannot be taken back" in question
    assert await page.evaluate("window.sent.length") == 1
    await page.click(f"{probe} [data-testid=confirm-no]")
    await page.click(f"{probe} [data-testid=take-card]")
    await page.check(f"{probe} [data-testid=confirm-skip]")
    await page.click(f"{probe} [data-testid=confirm-yes]")
    assert (await page.evaluate("window.sent"))[-1] == {"type": "take_card", "amphora": True}
    game["moves"] += 1
    await page.evaluate(RENDER, [view, moves, seat])
    await page.click(f"{probe} [data-testid=stack-1]")  # not asked again
    assert (await page.evaluate("window.sent"))[-1] == {"type": "draw", "stack": 1, "amphora": True}
    assert await page.evaluate("localStorage.getItem('agora.attika.skipSpendQuestion')") == "1"
    text = await page.inner_text(probe)
    assert not re.search(r"\b[TEM]\d\d\b|\(-?\d+, ?-?\d+\)", text), text
    assert page.errors == []
