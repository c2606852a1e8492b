"""Hints on the Attika board (issue 39): in an unrated game against a bot the player asks,
reads the hinted move in the board's words (English, and French on a phone), sees it on the
board (a stack or button outlined, a build's payment opened on its hex), plays it, and the
board's log marks it. Then the board's words for every legal move of random positions of
the real rules, in the three languages: no raw field, id or placeholder ever shows."""

from __future__ import annotations

import random
import re
from typing import Any

from app.games import attika
from app.i18n import translate
from tests.e2e.audit import problems, scoped_axe, watch
from tests.e2e.conftest import shot_path
from tests.e2e.layout import INTERNAL, assert_layout
from tests.e2e.pages import become_guest, new_page

PHONE = {"width": 390, "height": 844}

# Words that give a move away as data: a placeholder left, a key or an id, a missing string.
RAW = re.compile(
    r"[{}]|undefined|NaN|null|attika\.|\w_\w|"
    r"\b(type|stack|building|pay|cost|matched|jokers|amphora|rot|piece|cards|q|r)\s*[:=]"
)

# The board's log line of a hinted move, by the first words of the hint (English).
LOGGED = [
    ("Draw the top building", "drew the"),
    ("Spend an amphora to draw", "drew the"),
    ("Build the", "built the"),
    ("Put the drawn", "put the"),
    ("Place the new piece", "added a new piece"),
    ("End your turn", "ended the turn"),
    ("Spend an amphora for a card", "spent an amphora"),
    ("Pass", "passed"),
]
ENGLISH = tuple(start for start, _ in LOGGED)
FRENCH = ("Piochez", "Dépensez", "Bâtissez", "Mettez", "Posez", "Finissez", "Passez")
GERMAN: tuple[str, ...] = ("Das oberste", "Eine Amphore", "Gezogenes Gebäude", "Aus dem Vorrat")
GERMAN += ("Das neue", "Den Zug", "Passen")

# The board's modules as the page loaded them (under the release's asset path), so that the
# board state read here is the page's own.
MODULE = """(name) => {
  const app = document.querySelector('script[type=module][src$="/js/app.js"]').src;
  return import(new URL(`boards/attika/${name}.js`, app).href);
}"""

# Every legal move the socket pushed for this turn, in the board's words.
LEGAL_WORDS = f"""async () => {{
  const load = {MODULE};
  const {{ S }} = await load('state');
  const {{ describeMove }} = await load('hint');
  return (S.ctx?.legalMoves || []).map((move) => describeMove(move));
}}"""

# Each position's moves in words, told on that position's view (pure: the board's S unused).
DESCRIBE = f"""async (positions) => {{
  const load = {MODULE};
  const {{ describeMove }} = await load('hint');
  return positions.map(([view, moves]) => moves.map((move) => describeMove(move, view)));
}}"""

# What the board shows of the hint: the payment panel of a build, or the outlined control.
SHOWN = """() => {
  if (document.querySelector('[data-testid=payment] [data-testid=pay-confirm]')) return 'payment';
  const board = document.querySelector('.at-board[data-hint]');
  const id = board?.dataset.hint;
  return id && board.querySelector(`[data-testid="${id}"]`) ? id : null;
}"""


# The board shows a legal move that is not a build as a hint: which control, outlined how.
OUTLINE = f"""async () => {{
  const load = {MODULE};
  const {{ S }} = await load('state');
  const {{ showHint }} = await load('hint');
  const move = S.ctx.legalMoves.find((m) => !m.type.startsWith('build'));
  showHint(move);
  const control = document.querySelector('.at-board').dataset.hint;
  const node = document.querySelector(`[data-testid="${{control}}"]`);
  return {{ control, style: node && getComputedStyle(node).outlineStyle }};
}}"""


# The board drawn on its own (a page of the site) for a position, then a hint shown on it.
RENDER_AND_SHOW = f"""async ([view, moves, hinted]) => {{
  const load = {MODULE};
  const board = (await load('../attika')).default;
  const box = document.createElement('div');
  document.body.prepend(box);
  board.render(box, {{
    view: {{ to_act: [view.you], result: null, game: view }}, seat: view.you, headline: true,
    canMove: true, error: null, legalMoves: moves, room: {{ seats: [] }}, onMove: () => {{}},
  }});
  const shown = board.showHint(hinted);
  const ghost = box.querySelector('[data-testid=piece-ghost]');
  return {{ shown, control: box.dataset.hint, rot: ghost?.dataset.rot }};
}}"""


def clean(words: str) -> bool:
    return bool(words.strip()) and not RAW.search(words) and not INTERNAL.search(words)


async def start_against_easy_bot(page: Any) -> str:
    """An Attika room for two, the second seat an easy bot (a bot seat: never rated), started."""
    await page.select_option("#game-select", "attika")
    await page.fill("#seats-input", "2")
    await page.dispatch_event("#seats-input", "input")
    await page.click("#create-button")
    await page.wait_for_url(re.compile(r"/r/\w+"))
    await page.select_option("#bot-level", "easy")
    await page.click("#bot-button")
    await page.wait_for_selector("#seats li[data-seat='1']")
    await page.click("#start-button")
    return str(page.url)


async def my_turn_words(page: Any) -> list[str]:
    """The seat's turn has begun and its legal moves are on the board: each in words."""
    await page.wait_for_selector("#hint-button:not([hidden])")
    await page.wait_for_selector("[data-testid=action-bar][data-state=act]")
    words: list[str] = await page.evaluate(LEGAL_WORDS)
    assert words and all(isinstance(w, str) and clean(w) for w in words), words
    return words


async def ask(page: Any) -> str:
    """Ask for a hint; its words, once the board shows the move."""
    await page.click("#hint-button:not([hidden])")
    await page.locator("[data-testid=hint-box]").wait_for()
    await page.wait_for_selector("#hint-play:not([hidden])")
    words = await page.inner_text("#hint-text")
    assert clean(words), words
    await page.wait_for_function(SHOWN)
    return words


async def test_a_hint_in_attika_words_shown_played_and_marked(
    browser: Any, web_server: Any
) -> None:
    page = watch(await new_page(browser, web_server))
    await become_guest(page, "Lina")
    await start_against_easy_bot(page)
    await my_turn_words(page)  # the bot may have started
    marked = page.locator("[data-testid=move-log] li:has(.hint-mark)")
    for round_ in (1, 2):
        words = await ask(page)
        assert words.startswith("Hint: "), words
        logged = next((line for start, line in LOGGED if words[6:].startswith(start)), None)
        assert logged is not None, words
        shown = await page.evaluate(SHOWN)
        assert (shown == "payment") == words[6:].startswith("Build the"), (words, shown)
        if round_ == 1:
            await assert_layout(page, "hint shown on the Attika board")
            assert await scoped_axe(page, "#hint-box") == [] and problems(page) == []
            await page.screenshot(path=shot_path("hint-attika"))
        await page.click("[data-testid=hint-play]")
        await page.locator("[data-testid=hint-box]").wait_for(state="hidden")
        # The board's log marks the move played (its first line), and only moves after a hint.
        await page.wait_for_function(
            "(n) => document.querySelectorAll('[data-testid=move-log] li .hint-mark').length === n",
            arg=round_,
        )
        line = await marked.last.inner_text()
        assert line.startswith(f"Lina {logged}") and line.endswith("hint"), (words, line)
        assert await page.locator("[data-testid=hinted-moves] li").count() == round_
        # The outline went with the move.
        await page.wait_for_function("() => !document.querySelector('.at-board[data-hint]')")
        await my_turn_words(page)  # Lina again: her turn goes on, or the bot played its own
    await page.locator("[data-testid=move-log]").screenshot(path=shot_path("hint-attika-log"))
    # A hint that is not a build outlines its control (shown here with a move of the turn).
    outlined = await page.evaluate(OUTLINE)
    assert outlined["style"] == "dashed" and outlined["control"], outlined
    await page.locator("[data-testid=action-bar]").screenshot(path=shot_path("hint-attika-bar"))
    await page.reload()
    await page.locator("[data-testid=move-log] li:has(.hint-mark)").nth(1).wait_for()
    assert await marked.count() == 2
    assert page.errors == []


async def test_a_hint_in_french_on_a_phone(browser: Any, web_server: Any) -> None:
    page = watch(await new_page(browser, web_server, locale="fr-FR", viewport=PHONE))
    await become_guest(page, "Zoé")
    await start_against_easy_bot(page)
    words = await my_turn_words(page)
    assert all(w.startswith(FRENCH) for w in words), words
    text = await ask(page)
    assert text.startswith("Suggestion : ") and text[13:].startswith(FRENCH), text
    await assert_layout(page, "hint on the Attika board, phone")
    await page.screenshot(path=shot_path("hint-attika-phone-fr"))
    assert await scoped_axe(page, "#hint-box") == [] and problems(page) == []
    await page.click("[data-testid=hint-play]")
    await page.locator("[data-testid=move-log] li:has(.hint-mark)").first.wait_for()
    assert page.errors == []


def positions(games: int = 2, per_kind: int = 3) -> list[tuple[dict[str, Any], list[Any]]]:
    """Views and legal moves of random positions of real games: the first positions that
    offer each move type (and each kind of build: free, paid, with jokers, a new colony,
    with an amphora), a few of each, every move of them."""
    kinds: dict[str, int] = {}
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = attika.setup(2, {}, seed)
        while attika.result(state) is None:
            seat = next(iter(attika.to_act(state)))
            moves = list(attika.legal_moves(state, seat))
            seen = set()
            for move in moves:
                cost = move.get("cost") or {}
                seen.add(move["type"] + ("+amphora" if move.get("amphora") else ""))
                for flag in ("free", "founds_new_colony"):
                    if cost.get(flag):
                        seen.add(flag)
                if move.get("jokers"):
                    seen.add("jokers")
            wanted = [kind for kind in seen if kinds.get(kind, 0) < per_kind]
            if wanted:
                for kind in wanted:
                    kinds[kind] = kinds.get(kind, 0) + 1
                found.append((attika.view(state, seat), moves))
            builds = [m for m in moves if m["type"] in ("build", "build_pending", "place_piece")]
            pick = rng.choice(builds if builds and rng.random() < 0.7 else moves)
            state = attika.apply(state, seat, pick)
    every = {"draw", "build", "build_pending", "reserve_pending", "place_piece", "end_actions"}
    every |= {"pass", "take_card+amphora", "draw+amphora", "build+amphora"}
    assert every | {"free", "founds_new_colony", "jokers"} <= set(kinds), kinds
    return found


async def test_every_legal_move_of_random_positions_in_words(browser: Any, web_server: Any) -> None:
    """Pure: the board's words for a move read only the move and the view (no hidden part),
    so they can be checked on positions the page never showed."""
    sample = positions()
    assert len(sample) >= 8
    starts = {"en-GB": ENGLISH, "fr-FR": FRENCH, "de-DE": GERMAN}
    for locale, start in starts.items():
        page = await new_page(browser, web_server, locale=locale)
        told: list[list[str | None]] = await page.evaluate(DESCRIBE, sample)
        for (_view, moves), words in zip(sample, told, strict=True):
            for move, text in zip(moves, words, strict=True):
                assert isinstance(text, str) and clean(text), (locale, move, text)
                assert text.startswith(start), (locale, move, text)
        assert page.errors == []
    # In English, a build names the building as the board does, then where it goes.
    view, moves = next((v, m) for v, m in sample if any(x["type"] == "build" for x in m))
    build = next(m for m in moves if m["type"] == "build")
    name = translate("en", "attika.building." + re.sub(r"_\d+$", "", build["building"]))
    page = await new_page(browser, web_server)
    text = (await page.evaluate(DESCRIBE, [[view, [build]]]))[0][0]
    assert text.startswith(f"Build the {name} in the "), text
    # A new piece of land waits on the hinted spot, turned as hinted, its Place outlined.
    view, moves = next((v, m) for v, m in sample if m[0]["type"] == "place_piece")
    hinted = next(m for m in moves if m["rot"] == 2)
    shown = await page.evaluate(RENDER_AND_SHOW, [view, moves, hinted])
    assert shown == {"shown": True, "control": "place-piece", "rot": "2"}, shown
    assert page.errors == []
