"""Hints on the Akrotiri board (issue 39): in an unrated game against an easy bot the player
asks, reads the hint in the board's words (English, then French), sees it preselected on
the board, plays it and finds it marked in the board's log; and the board's words for every
legal move of the positions of a game, with none of the moves' raw fields."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.e2e.akrotiri_helpers import SEND, create_room, inspect, keen_choice, my_moves
from tests.e2e.audit import assert_clean, watch
from tests.e2e.conftest import shot_path
from tests.e2e.layout import INTERNAL, assert_layout
from tests.e2e.pages import become_guest, new_page

BOARD = """async () => (await import(new URL("boards/akrotiri.js",
  document.querySelector("script[type=module]").src))).default"""
# The board's words for each move given (null where it has none).
DESCRIBE = f"""async (moves) => {{
  const board = await ({BOARD})();
  return moves.map((move) => board.describeMove(move));
}}"""
# Field names and values of the moves, as the generic fallback would show them.
RAW = re.compile(
    r"\b(type|cell|rot|piece|colours?|card|quarter|to|cost|gain|decks|price|terrain)\s*:"
    r"|[{}\[\]]|undefined|NaN|null|\bT\d{2}:|\bTHERA\b|\bG\d{2}\b"
)
# Mark the last two moves in force (the room's log counts them) on the board; its marked lines.
MARK_LAST_TWO = f"""async () => {{
  const room = document.getElementById("room").dataset;
  const query = room.code ? `?code=${{encodeURIComponent(room.code)}}` : "";
  const log = await (await fetch(`/api/rooms/${{room.room}}/log${{query}}`)).json();
  const total = log.moves.filter((e) => e.kind === "move" && !e.undone).length;
  (await ({BOARD})()).markHinted([total - 1, total], total);
  return [...document.querySelectorAll("[data-testid=move-log] li:has(.hint-mark)")]
    .map((li) => li.textContent);
}}"""
# The log's lines of the last two events a move made (those of a deal, a reshuffle, an
# objective draw or the end come with another move).
LAST_TWO_MOVES = """() => {
  const extra = ["deal", "setup_done", "reshuffle", "draw_objectives", "game_over"];
  const items = [...document.querySelectorAll("[data-testid=move-log] li")];
  const events = window.agoraRoom.socket.view.game.log;
  return events.map((e, i) => [e, items[i]]).filter(([e]) => !extra.includes(e.type))
    .slice(-2).map(([, li]) => li.textContent);
}"""


def plain(words: str | None) -> bool:
    return bool(words) and not RAW.search(words or "") and not INTERNAL.search(words or "")


async def start_against_easy_bot(page: Any) -> None:
    await create_room(page)
    await page.select_option("#bot-level", "easy")
    await page.click("#bot-button")
    await page.wait_for_selector("#seats li[data-seat='1']")
    await page.wait_for_selector("#start-button:not([disabled]):not([hidden])")
    await page.click("#start-button")
    await page.wait_for_selector(".akr-map-svg .akr-thera")


async def ask(page: Any) -> str:
    await page.click("#hint-button:not([hidden])")
    await page.locator("[data-testid=hint-box]").wait_for()
    await page.wait_for_function("document.querySelector('#hint-text').textContent.length > 0")
    return await page.inner_text("#hint-text")


async def test_a_hint_in_words_preselected_played_and_marked(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server))
    await become_guest(page, "Lina")
    await start_against_easy_bot(page)
    words = await ask(page)  # the setup tile: whoever starts, Lina places one
    assert words.startswith("Hint: Place your "), words
    assert "turned as the map shows" in words and plain(words), words
    # The tile waits on its cell, turned, ready to place; "Place" is outlined.
    await page.wait_for_selector("[data-testid=ghost].pinned, [data-testid=ghost]")
    await page.wait_for_selector("[data-testid=confirm-tile][data-hinted]:not([disabled])")
    await assert_layout(page, "hint on the Akrotiri board")
    await page.screenshot(path=shot_path("hint-akrotiri"))

    await page.click("[data-testid=hint-play]")
    await page.locator("[data-testid=hint-box]").wait_for(state="hidden")
    await page.locator("[data-testid=hinted-moves] li").first.wait_for()
    assert await page.locator("[data-testid=hinted-moves] li").count() == 1
    marked = page.locator("[data-testid=move-log] li:has(.hint-mark)")
    await marked.first.wait_for()
    assert await marked.count() == 1
    line = await marked.first.inner_text()
    assert line.startswith("You place the "), line
    await page.locator(".akr-log").screenshot(path=shot_path("hint-akrotiri-log"))
    await page.reload()
    await page.locator("[data-testid=move-log] li:has(.hint-mark)").first.wait_for()
    assert await page.locator("[data-testid=move-log] li:has(.hint-mark)").count() == 1
    await assert_clean(page, "a hint on the Akrotiri board")
    assert page.errors == []


async def test_hints_in_french_through_the_turn(browser: Any, web_server: Any) -> None:
    """Zoé asks at each step of her first turns: every hint is in French words."""
    page = watch(await new_page(browser, web_server, locale="fr-FR"))
    await become_guest(page, "Zoé")
    await start_against_easy_bot(page)
    seen: list[str] = []
    for _ in range(6):
        words = await ask(page)
        assert words.startswith("Suggestion : "), words
        assert plain(words), words
        seen.append(words)
        # The control that plays it is outlined (a port or dig site on the map too).
        await page.wait_for_selector(".akr-board [data-hinted]")
        await page.screenshot(path=shot_path("hint-akrotiri-fr"))
        await page.click("[data-testid=hint-play]")
        await page.locator("[data-testid=hint-box]").wait_for(state="hidden")
        await page.wait_for_selector("#hint-button:not([hidden]):not([disabled])", timeout=60_000)
    assert any(w.startswith("Suggestion : Posez votre tuile ") for w in seen), seen
    # Each move played after a hint is marked once in the board's log (the setup's deal and
    # the bot's moves between them counted right).
    marks = page.locator("[data-testid=move-log] li:has(.hint-mark)")
    await page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=hinted-moves] li').length === 6"
    )
    assert await marks.count() == 6, await page.inner_text("[data-testid=move-log]")
    for line in await marks.all_inner_texts():
        assert line.startswith("Vous "), line
    assert page.errors == []


def made_up_moves(game: dict[str, Any]) -> list[dict[str, Any]]:
    """Moves of every kind the rules make, built from what the seat sees (the words must not
    depend on the position having them)."""
    me = game["players"][game["you"]]
    plans = me.get("plans") or []
    out: list[dict[str, Any]] = [
        {"type": "sell", "colours": ["blue", "blue", "green"], "gain": 7},
        {"type": "load", "colours": ["orange"]},
        {"type": "unload", "colours": ["grey", "orange"]},
        {"type": "buy_plans", "decks": ["easy", "hard"], "price": 3},
        {"type": "oracle", "terrain": "tree"},
        {"type": "keep_objective", "card": "G04"},
        {"type": "pick_objective", "card": "G11"},
        {"type": "move", "to": "THERA:T2", "cost": 0},
        {"type": "move", "to": "THERA:pNE", "cost": 2},
        {"type": "end_turn"},
    ]
    for placed in game["placements"]:
        qx, qy = 2 * placed["cell"][0], 2 * placed["cell"][1]
        for card in plans:
            out.append({"type": "excavate", "card": card["id"], "quarter": [qx + 1, qy]})
    return out


async def test_the_words_for_every_legal_move_of_a_game(browser: Any, web_server: Any) -> None:
    """Lina plays her turns through the socket; at each position the board describes every
    legal move the server pushed (and moves of the kinds the position lacks) in plain words."""
    page = watch(await new_page(browser, web_server))
    await become_guest(page, "Lina")
    await start_against_easy_bot(page)
    rng = random.Random(39)
    kinds: set[str] = set()  # described
    offered: set[str] = set()  # among the legal moves
    described = 0
    for _ in range(40):
        await my_moves(page, timeout=60)
        state = await inspect(page)  # the moves and the view of one version
        moves = state["legalMoves"]
        if state["game"]["finished"]:
            break
        if not moves:
            continue
        sample = list(moves) if len(moves) <= 60 else rng.sample(moves, 60)
        offered |= {move["type"] for move in moves}
        sample += made_up_moves(state["game"])
        words = await page.evaluate(DESCRIBE, sample)
        for move, text in zip(sample, words, strict=True):
            assert plain(text), (move, text)
            kinds.add(move["type"])
        described += len(sample)
        choice = keen_choice(state["game"], moves, rng)
        await page.evaluate(SEND, [choice, state["version"]])
        await page.wait_for_function(
            "v => window.agoraRoom.socket.version > v", arg=state["version"], timeout=60_000
        )
    assert {"place_tile", "place_resources", "keep_objective", "move", "end_turn"} <= offered
    assert len(kinds) == 12, kinds  # every kind of move the rules have
    assert described > 100
    # Later in the game the board's log holds only the last events: given how many moves are
    # in force, it marks the right ones (here the last two, as the room's log numbers them).
    await my_moves(page, timeout=60)  # Lina's turn: the bot waits
    assert (await inspect(page))["game"]["log"][0]["seq"] > 1
    marked = await page.evaluate(MARK_LAST_TWO)
    assert len(marked) == 2, marked
    assert marked == await page.evaluate(LAST_TWO_MOVES), marked
    assert page.errors == []
