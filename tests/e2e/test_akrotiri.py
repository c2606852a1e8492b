"""Akrotiri in real browsers: a complete two-player game through an invite link with a
spectator (the first turns clicked on the board, a reload mid-game, the rest played through
the page's socket with the legal moves the board shows), a phone-sized game start, and the
board's controls exercised on sampled views (only legal moves are ever sent)."""

from __future__ import annotations

from typing import Any

from tests.e2e.akrotiri_helpers import (
    EXERCISE,
    FINAL,
    board_samples,
    click_free_cube,
    click_tile_step,
    clicked_turn,
    create_room,
    drag_tile_step,
    inspect,
    my_moves,
    play_keenly,
    version,
    wait_version_change,
    whose_turn,
)
from tests.e2e.conftest import shot_path
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
    assert "places tile" in await carol.inner_text("[data-testid=move-log]")
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

    await play_keenly(players, FINAL)
    for page in (*players, carol):
        await page.wait_for_selector(FINAL)
    await lina.locator(FINAL).screenshot(path=shot_path("akrotiri-final"))
    await carol.screenshot(path=shot_path("akrotiri-final-spectator"), full_page=True)
    result = await lina.evaluate("window.agoraRoom.socket.view.result")
    for seat in (0, 1):
        shown = await lina.inner_text(f"[data-testid=final-total-{seat}]")
        assert int(shown) == result["scores"][seat]
    winners = ", ".join(["Lina", "Niko"][s] for s in result["ranking"][0])
    assert await lina.inner_text("[data-testid=akr-winner]") == f"Winner: {winners}"
    assert (await niko.inner_text("[data-testid=akr-winner]")).startswith("Vainqueur : ")
    assert (await carol.inner_text("[data-testid=akr-winner]")).startswith("Winner: ")
    for page, words in ((lina, "Game over"), (niko, "Partie terminée"), (carol, "Game over")):
        await says_game_over_once(page, words)
    # Every objective is revealed at the end, in every view.
    for page in (*players, carol):
        game = (await inspect(page))["game"]
        assert all(p["objectives"] is not None for p in game["players"])
    for page in (*players, carol):
        assert "akrotiri." not in await page.inner_text("#board")
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
    await become_guest(page, "Theo")
    await create_room(page, {"strategist": True}, private=False)
    await page.select_option("#bot-level", "random")  # fast games
    await page.click("#bot-button")
    await page.wait_for_selector("#start-button:not([disabled])")
    await page.click("#start-button")
    await page.wait_for_selector(".akr-map-svg .akr-thera")
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
    await page.wait_for_selector("[data-testid=move-log] li:has-text('Theo places tile')")
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392
    assert page.errors == []


async def test_board_sends_only_legal_moves_in_every_step(browser: Any, web_server: Any) -> None:
    samples = board_samples()
    phases = {s["view"]["game"]["phase"] for s in samples}
    assert {"tile", "resources", "objective", "actions", "over"} <= phases
    page = await new_page(browser, web_server, locale="fr-FR")
    outcome = await page.evaluate(EXERCISE, samples)
    print(f"{len(samples)} samples, {outcome['sentTotal']} moves sent")
    assert outcome["problems"] == []
    assert outcome["sentTotal"] > len(samples) // 2
    assert page.errors == []
