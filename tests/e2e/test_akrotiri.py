"""Akrotiri in real browsers: a complete two-player game through an invite link with a
spectator (the first turns clicked on the board, a reload mid-game, the rest played through
the page's socket with the legal moves the board shows), a phone-sized game start, and games
against a bot checked for layout at every step (phone in French, desktop in English). The
board on views sampled from the rules module: test_akrotiri_samples.py."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.e2e.akrotiri_helpers import (
    FINAL,
    RESULT,
    SEND,
    click_free_cube,
    click_tile_step,
    clicked_turn,
    create_room,
    drag_tile_step,
    inspect,
    keen_choice,
    my_moves,
    play_keenly,
    sign_in,
    start_against_bot,
    target_overlaps,
    version,
    visible,
    wait_version_change,
    whose_turn,
)
from tests.e2e.conftest import shot_path
from tests.e2e.layout import DESKTOP, PHONE, assert_layout, screenshot
from tests.e2e.pages import become_guest, new_page, replay_first_step_with, says_game_over_once


async def test_two_players_play_a_complete_game_with_a_spectator(
    browser: Any, web_server: Any
) -> None:
    lina = await new_page(browser, web_server)
    await become_guest(lina, "Lina")
    await create_room(lina)
    await lina.wait_for_function(
        "document.querySelector('[data-testid=invite-url]').value.includes('code=')"
    )
    invite = await lina.input_value("[data-testid=invite-url]")
    niko = await new_page(browser, web_server, locale="fr-FR")
    await niko.goto(invite)
    await become_guest(niko, "Niko")
    await niko.click("#join-button")
    await lina.wait_for_selector("#seats li[data-seat='1']:has-text('Niko')")
    carol = await new_page(browser, web_server)
    await carol.goto(invite)  # a spectator without an account, through the invite link
    await lina.click("#start-button")
    players = [lina, niko]
    for page in (*players, carol):
        await page.wait_for_selector(".akr-map-svg .akr-thera")
    assert "tiles in the pile" in await lina.inner_text("[data-testid=pile]")
    assert "tuiles dans la pile" in await niko.inner_text("[data-testid=pile]")
    assert await carol.locator("[data-testid=akr-actions] button").count() == 0

    # Setup by clicking: each player lays a tile next to the start board (tapped, then
    # dragged with the mouse) and its free cube. Each step waits for its own patch: a page
    # still showing the step before would be taken for the next one to act.
    for setup_turn in range(2):
        page = await whose_turn(players)
        seen = await version(page)
        await (click_tile_step(page) if setup_turn == 0 else drag_tile_step(page))
        await wait_version_change(page, seen)
        await my_moves(page)
        if await page.locator("[data-testid^=cube-]").count():
            seen = await version(page)
            await click_free_cube(page)
            await wait_version_change(page, seen)
    for _ in range(2):  # each keeps one of two objectives
        page = await whose_turn(players)
        seen = await version(page)
        await page.locator("[data-testid^=keep-]").first.click()
        await wait_version_change(page, seen)
    # The objective a player kept is not in the other's view, nor the spectator's.
    mine = (await inspect(lina))["game"]["players"][0]["objectives"]
    assert mine and len(mine) == 1
    assert f'"{mine[0]["id"]}"' not in await niko.evaluate(
        "JSON.stringify(window.agoraRoom.socket.view)"
    )
    # The first turns through the board's controls: tile, cube, a sail on the map, a load.
    for turn in range(4):
        await clicked_turn(await whose_turn(players), keyboard=turn == 1)
    for page in (*players, carol):
        await page.wait_for_function(
            "document.querySelectorAll('[data-testid=move-log] li').length >= 10"
        )
    assert "places the" in await carol.inner_text("[data-testid=move-log]")
    assert "pose la tuile" in await niko.inner_text("[data-testid=move-log]")

    # A reload in the middle of the game brings the same board back.
    before = await inspect(niko)
    await niko.reload()
    await niko.wait_for_selector(".akr-map-svg .akr-thera")
    await niko.wait_for_function(
        "n => document.querySelectorAll('.akr-layer-grid .akr-cell').length === n",
        arg=len(before["game"]["placements"]) + 4,
    )
    after = await inspect(niko)
    assert after["game"]["placements"] == before["game"]["placements"]
    assert after["game"]["players"][1]["plans"] == before["game"]["players"][1]["plans"]

    # Play on with the moves the board offers until some temples stand and Lina may sail.
    await play_keenly(players, "[data-testid=temple] >> nth=1")
    await play_keenly(players, ".akr-target", seed=2)
    await lina.wait_for_timeout(400)
    await lina.screenshot(path=shot_path("akrotiri-midgame"), full_page=True)
    # A plan card of Lina's with quarters where it is proven, selected on her turn.
    proven = "[data-testid=my-plans] .akr-plan:has(.akr-plan-extra:has-text('proven on'))"
    await play_keenly(players, f".akr-target && {proven}", seed=3)
    await lina.locator(proven).first.click()
    await lina.wait_for_selector(".akr-proof")
    await lina.locator("#board").screenshot(path=shot_path("akrotiri-plan-proof"))

    await play_keenly(players, RESULT)
    for page in (*players, carol):
        await page.wait_for_selector(RESULT)
        # The final table is the room's, once: none is left inside the board.
        assert await page.locator(FINAL).count() == 1
    await lina.locator("#result").screenshot(path=shot_path("akrotiri-final"))
    await carol.screenshot(path=shot_path("akrotiri-final-spectator"), full_page=True)
    result = await lina.evaluate("window.agoraRoom.socket.view.result")
    for seat in (0, 1):
        shown = await lina.inner_text(f"[data-testid=final-total-{seat}]")
        assert int(shown) == result["scores"][seat]
    winners = ", ".join(["Lina", "Niko"][s] for s in result["ranking"][0])
    assert winners in await lina.inner_text("[data-testid=winner]")
    assert (await niko.inner_text("[data-testid=winner]")).startswith("Vainqueur")
    # Every part of the score is labelled, in the reader's language; no headline repeats
    # the winner inside the table.
    table = await lina.inner_text(RESULT)
    for label in ("Rank", "Excavated plans", "Objectives", "Drachmas", "Total"):
        assert label in table
    assert "Winner" not in table
    assert "Rang" in await niko.inner_text(RESULT)
    for page, words in ((lina, "Game over"), (niko, "Partie terminée"), (carol, "Game over")):
        await says_game_over_once(page, words)
    # Every objective is revealed at the end, in every view.
    for page in (*players, carol):
        game = (await inspect(page))["game"]
        assert all(p["objectives"] is not None for p in game["players"])
    for page in (*players, carol):
        assert "akrotiri." not in await page.inner_text("#board")
        await page.evaluate("document.querySelector('#board').scrollIntoView({block: 'start'})")
        await assert_layout(page, "akrotiri end")
        refused = page.locator("[data-testid=refused]")
        assert await refused.count() == 0, await refused.all_inner_texts()
        assert page.errors == []
    # The replay outlines the tile a step placed, stepping backwards too.
    assert await replay_first_step_with(lina, "[data-testid=marked-tile]") > 0
    placed = await lina.inner_text("[data-testid=last-move]")
    await lina.locator("#board").screenshot(path=shot_path("akrotiri-replay-step"))
    await lina.click("#next")
    await lina.click("#prev")
    assert await lina.inner_text("[data-testid=last-move]") == placed
    assert lina.errors == []


async def test_phone_sized_start_by_touch(browser: Any, web_server: Any) -> None:
    page = await new_page(
        browser,
        web_server,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    await sign_in(page, "Theo")
    await start_against_bot(page, {"strategist": True})
    for _ in range(3):  # the setup tile (or the bot's), tapped on the map
        if await page.locator(".akr-spot").count():
            break
        await page.wait_for_timeout(300)
    spot = page.locator(".akr-spot").first
    await spot.tap()
    await page.wait_for_selector("[data-testid=ghost]")
    await page.tap("[data-testid=rotate-right]")
    await page.evaluate("document.querySelector('.akr-stage').scrollIntoView({block: 'start'})")
    await page.screenshot(path=shot_path("akrotiri-phone"))
    before = await version(page)
    await page.tap("[data-testid=confirm-tile]")
    await wait_version_change(page, before)
    await page.wait_for_selector("[data-testid=move-log] li:has-text('You place the')")
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392
    assert page.errors == []


async def _tap(page: Any, locator: Any, touch: bool) -> None:
    await (locator.tap() if touch else locator.click())


async def _play_step(page: Any, rng: random.Random, touch: bool) -> str:
    """One move of this seat, through the board's controls where a player would use them:
    the tile tapped on the map then Place, the free cube's island and colour, an objective,
    End the turn with the bar's primary button; other actions through the page's socket."""
    state = await inspect(page)
    game, moves = state["game"], state["legalMoves"]
    primary = page.locator("[data-primary]")
    if game["phase"] == "tile":
        spots = await visible(page, ".akr-spot")
        if not spots:
            await page.screenshot(path=shot_path("akrotiri-no-spot"))
            raise AssertionError("no legal cell in view")
        await (page.touchscreen.tap(*spots[0]) if touch else page.mouse.click(*spots[0]))
        await page.wait_for_selector("[data-testid=ghost]")
        await _tap(page, primary, touch)
        return "tile"
    if game["phase"] == "resources":
        picks = page.locator(".akr-pick:not(.selected)")
        if await picks.count():  # another island: the choice shows on the map and in words
            before = await page.inner_text("[data-testid=chosen-island]")
            await _tap(page, picks.first, touch)
            await page.wait_for_function(
                "t => document.querySelector('[data-testid=chosen-island]').innerText !== t",
                arg=before,
            )
            assert await page.locator("[data-testid=picked-island]").count()
        await _tap(page, page.locator("[data-testid^=cube-]").first, touch)
        return "cube"
    if game["phase"] in ("objective", "pick"):
        await _tap(page, page.locator("[data-testid^=keep-]").first, touch)
        return "objective"
    move = keen_choice(game, moves, rng)
    if move["type"] == "end_turn":
        await _tap(page, primary, touch)
    else:
        await page.evaluate(SEND, [move, state["version"]])
    return move["type"]


@pytest.mark.parametrize(
    ("size", "locale", "steps"),
    [(PHONE, "fr-FR", 45), (DESKTOP, "en-GB", 30)],
    ids=["phone-fr", "desktop-en"],
)
async def test_layout_at_every_step_against_a_bot(
    browser: Any, web_server: Any, size: dict[str, int], locale: str, steps: int
) -> None:
    phone = size is PHONE
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    page = await new_page(browser, web_server, locale=locale, viewport=size, **extra)
    await sign_in(page, "Theo")
    await start_against_bot(page)
    # A player scrolls the table into view once; from then on the map and the bar stay.
    await page.evaluate("document.querySelector('#board').scrollIntoView({block: 'start'})")
    await page.wait_for_timeout(200)
    await assert_layout(page, "akrotiri start")
    if phone:
        await screenshot(page, "akrotiri-phone-start")
    rng = random.Random(5)
    kinds: set[str] = set()
    for step in range(steps):
        if not await my_moves(page, timeout=20):
            break
        before = await version(page)
        kinds.add(await _play_step(page, rng, touch=phone))
        await wait_version_change(page, before)
        await my_moves(page, timeout=20)  # the next step's controls are drawn
        await page.wait_for_timeout(150)
        await assert_layout(page, f"akrotiri step {step}")
        overlaps = (await target_overlaps(page))["badges"]
        assert not overlaps, f"sail targets cover one another at step {step}: {overlaps}"
        if phone and step == 25:
            await screenshot(page, "akrotiri-phone-mid")
    assert {"tile", "cube", "objective", "end_turn"} <= kinds, kinds
    # The rest of the game through the socket, then the room's result panel.
    await play_keenly([page], RESULT, seed=7)
    await page.wait_for_selector(RESULT)
    await page.wait_for_timeout(200)
    table = await page.inner_text(RESULT)
    assert "Rang" in table if phone else "Rank" in table
    if phone:  # the room shows the result first (it scrolls to it when the game ends)
        await page.evaluate("document.querySelector('#result').scrollIntoView({block: 'start'})")
        await screenshot(page, "akrotiri-phone-end")
    # Then the finished archipelago, which the player scrolls to.
    await page.locator("#board [data-role=map]").scroll_into_view_if_needed()
    await assert_layout(page, "akrotiri end")
    assert page.errors == []
