"""Akrotiri's board on views sampled from the rules module, without a room: only legal moves
are ever sent from any step, spending drachmas asks once, the sail targets never cover one
another, and no two places of a map share a name."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.akrotiri_helpers import TARGET_OVERLAPS
from tests.e2e.pages import new_page


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


def board_samples(games: int = 6) -> list[dict[str, Any]]:
    """Views and legal moves from seeded keen random games of the rules module: one sample
    per step kind and move-type mix, for the mover and for a spectator."""
    from app.games import akrotiri
    from tests.games.akrotiri.fuzz import keen_move

    samples: list[dict[str, Any]] = []
    seen: set[tuple[Any, ...]] = set()
    for seed in range(games):
        rng = random.Random(seed)
        state = akrotiri.setup(2, {"strategist": seed % 2 == 1}, seed)
        while akrotiri.result(state) is None:
            (seat,) = akrotiri.to_act(state)
            moves = akrotiri.legal_moves(state, seat)
            key = (state["phase"], seat, tuple(sorted({m["type"] for m in moves})))
            if key not in seen:
                seen.add(key)
                for who, offered in ((seat, moves), (None, [])):
                    view = {"to_act": [seat], "result": None, "game": akrotiri.view(state, who)}
                    samples.append({"view": view, "seat": who, "moves": offered})
            if state["phase"] == "actions" and rng.random() < 0.9:
                move = keen_move(state, seat, moves, rng)
            else:
                move = rng.choice(moves)
            state = akrotiri.apply(state, seat, move)
        final: dict[str, Any] = {
            "to_act": [],
            "result": akrotiri.result(state),
            "game": akrotiri.view(state, 0),
        }
        samples.append({"view": final, "seat": 0, "moves": []})
    return samples


# In the page: render each sample, press every stepper and button of the action panel and
# tap every overlay of the map; every move the board sends must be one of the legal moves.
EXERCISE = """async (samples) => {
  const board = (await import(new URL("boards/akrotiri.js",
    document.querySelector("script[type=module]").src))).default;
  const host = document.createElement("div");
  document.body.prepend(host);
  const plain = (x) => x && typeof x === "object" && !Array.isArray(x);
  const sorted = (k, x) => (plain(x) ? Object.fromEntries(Object.entries(x).sort()) : x);
  const canon = (v) => JSON.stringify(v, sorted);
  const problems = [];
  let sentTotal = 0;
  const tap = (node) => {
    node.scrollIntoView({ block: "center" });
    const box = node.getBoundingClientRect();
    const svgEl = node.ownerSVGElement || node.closest("svg");
    const at = {
      clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, pointerId: 7, bubbles: true,
    };
    svgEl.dispatchEvent(new PointerEvent("pointerdown", at));
    svgEl.dispatchEvent(new PointerEvent("pointerup", at));
  };
  for (const [i, s] of samples.entries()) {
    const legal = new Set(s.moves.map(canon));
    const sent = [];
    const props = {
      view: s.view, seat: s.seat, legalMoves: s.moves, canMove: s.moves.length > 0,
      room: { seats: [{ position: 0, name: "Ana" }, { position: 1, name: "Bo" }] },
      onMove: (m) => sent.push(m),
    };
    const where = `${i} (${s.view.game.phase}, seat ${s.seat})`;
    try {
      board.render(host, props);
      const steppers = ["orange", "blue", "easy"].map((x) => `[data-testid$=-more-${x}]`).join();
      for (const plus of host.querySelectorAll(steppers)) plus.click();
      for (const node of host.querySelectorAll("[data-testid^=akr-actions] button")) {
        if (!node.disabled) node.click();
      }
      host.querySelector("[data-testid=spend-yes]")?.click();  // a spend asked about
      board.render(host, props);
      const overlays = ".akr-target, .akr-dig, .akr-pick, .akr-spot";
      const count = host.querySelectorAll(overlays).length;
      for (let k = 0; k < count; k += 1) {
        const node = host.querySelectorAll(overlays)[k];  // a tap may redraw the overlays
        if (node) tap(node);
      }
      const ghost = host.querySelector("[data-testid=ghost]");
      if (ghost) tap(ghost);
      host.querySelector("[data-testid=spend-yes]")?.click();
      const shown = host.innerText.match(/\\b[TEMG]\\d{2}\\b|\\(-?\\d+, ?-?\\d+\\)/);
      if (shown) problems.push(`${where}: internal id or coordinate shown: ${shown[0]}`);
      const raw = host.innerText.match(/akrotiri\\.[\\w.]+/);
      if (raw) problems.push(`${where}: raw key ${raw[0]}`);
      if (s.moves.length && !sent.length) problems.push(`${where}: no control sent a move`);
      for (const move of sent) {
        if (!legal.has(canon(move))) problems.push(`${where}: sent an illegal move ${canon(move)}`);
      }
      sentTotal += sent.length;
    } catch (error) {
      problems.push(`${where}: ${error.stack}`);
    }
  }
  host.remove();
  return { problems, sentTotal };
}"""


def sail_samples(games: int = 8, every: int = 3) -> list[dict[str, Any]]:
    """Views where the mover may sail, from seeded keen random games (every few such steps)."""
    from app.games import akrotiri
    from tests.games.akrotiri.fuzz import keen_move

    samples: list[dict[str, Any]] = []
    for seed in range(100, 100 + games):
        rng = random.Random(seed)
        state = akrotiri.setup(2, {"strategist": seed % 2 == 1}, seed)
        count = 0
        while akrotiri.result(state) is None:
            (seat,) = akrotiri.to_act(state)
            moves = akrotiri.legal_moves(state, seat)
            if any(m["type"] == "move" for m in moves):
                count += 1
                if count % every == 0:
                    view = {"to_act": [seat], "result": None, "game": akrotiri.view(state, seat)}
                    samples.append({"view": view, "seat": seat, "moves": moves})
            if state["phase"] == "actions" and rng.random() < 0.9:
                move = keen_move(state, seat, moves, rng)
            else:
                move = rng.choice(moves)
            state = akrotiri.apply(state, seat, move)
    return samples


# In the page: each sample drawn on a phone-sized board, its whole map shown; the sail
# badges that overlap one another, and what a badge covers (temple, boat, cube, dig site).
TARGETS = """async ([samples, overlaps]) => {
  const board = (await import(new URL("boards/akrotiri.js",
    document.querySelector("script[type=module]").src))).default;
  const host = document.createElement("div");
  host.style.width = "390px";
  document.body.prepend(host);
  const check = eval(overlaps);
  const found = { badges: [], covered: [], targets: 0 };
  for (const [i, s] of samples.entries()) {
    board.render(host, {
      view: s.view, seat: s.seat, legalMoves: s.moves, canMove: true,
      room: { seats: [{ position: 0, name: "Ana" }, { position: 1, name: "Bo" }] },
      onMove: () => {},
    });
    found.targets += host.querySelectorAll(".akr-target").length;
    const seen = check();
    found.badges.push(...seen.badges.map((b) => `${i}: ${b}`));
    found.covered.push(...seen.covered.map((c) => `${i}: ${c}`));
  }
  host.remove();
  return found;
}"""


async def test_sail_targets_never_cover_one_another(browser: Any, web_server: Any) -> None:
    samples = sail_samples()
    page = await new_page(browser, web_server, locale="fr-FR")
    found = await page.evaluate(TARGETS, [samples, TARGET_OVERLAPS])
    print(f"{len(samples)} views, {found['targets']} targets, covered: {found['covered']}")
    assert found["targets"] > len(samples)
    assert found["badges"] == []
    # Off temples, boats, cubes, icons and dig sites too, but for a rare crowded corner.
    assert len(found["covered"]) * 100 <= found["targets"], found["covered"]
    assert page.errors == []


# In the page: the names of every placed tile and every port of each sampled map.
NAMES = """async (maps) => {
  const names = await import(new URL("boards/akrotiri/names.js",
    document.querySelector("script[type=module]").src));
  const geometry = await import(new URL("boards/akrotiri/geometry.js",
    document.querySelector("script[type=module]").src));
  return maps.map((placements) => ({
    tiles: placements.map((p) => names.tileName(p.tile, p.cell, placements)),
    ports: placements.flatMap((p) => geometry.placedTile(p.tile, p.cell[0], p.cell[1], p.rot)
      .ports.map((port) => names.portName(port.key, placements))),
  }));
}"""


async def test_no_two_places_of_a_map_share_a_name(browser: Any, web_server: Any) -> None:
    from app.games import akrotiri

    maps = []
    for seed in range(40):
        rng = random.Random(seed)
        state = akrotiri.setup(2, {}, seed)
        while akrotiri.result(state) is None:
            (seat,) = akrotiri.to_act(state)
            state = akrotiri.apply(state, seat, rng.choice(akrotiri.legal_moves(state, seat)))
        maps.append(akrotiri.view(state, 0)["placements"])
    for lang in ("en-GB", "fr-FR"):
        page = await new_page(browser, web_server, locale=lang)
        for named in await page.evaluate(NAMES, maps):
            for kind in ("tiles", "ports"):
                doubles = {n for n in named[kind] if named[kind].count(n) > 1}
                assert not doubles, (lang, kind, doubles)
        assert page.errors == []


async def test_spending_drachmas_asks_once_unless_told_not_to(
    browser: Any, web_server: Any
) -> None:
    samples = [s for s in board_samples() if any(m["type"] == "excavate" for m in s["moves"])]
    assert samples, "no sampled view offers an excavation"
    page = await new_page(browser, web_server)
    outcome = await page.evaluate(ASK_BEFORE_SPENDING, samples[0])
    assert outcome["askedFirst"] and outcome["sentAfterYes"] == 1, outcome
    assert outcome["cancelSends"] == 0 and outcome["remembered"] == "1", outcome
    assert outcome["sentWithoutAsking"] == 1, outcome
    assert not outcome["ids"], outcome
    assert page.errors == []


ASK_BEFORE_SPENDING = """async (s) => {
  const board = (await import(new URL("boards/akrotiri.js",
    document.querySelector("script[type=module]").src))).default;
  localStorage.removeItem("agora.akrotiri.noSpendQuestion");
  const host = document.createElement("div");
  document.body.prepend(host);
  const sent = [];
  const props = {
    view: s.view, seat: s.seat, legalMoves: s.moves, canMove: true,
    room: { seats: [{ position: 0, name: "Ana" }, { position: 1, name: "Bo" }] },
    onMove: (m) => sent.push(m),
  };
  board.render(host, props);
  const dig = () => host.querySelector("[data-testid^=dig-]");
  dig().click();
  const question = host.querySelector("[data-testid=spend-question]");
  const askedFirst = Boolean(question) && sent.length === 0
    && host.querySelectorAll("[data-primary]").length === 1
    && Boolean(host.querySelector("[data-testid=spend-yes][data-primary]"));
  const ids = /\\b[TEMG]\\d{2}\\b/.test(question?.innerText || "X99");
  host.querySelector("[data-testid=spend-no]").click();
  const cancelSends = sent.length;
  dig().click();
  host.querySelector("[data-testid=no-spend-question]").click();
  host.querySelector("[data-testid=spend-yes]").click();
  const sentAfterYes = sent.length;
  const remembered = localStorage.getItem("agora.akrotiri.noSpendQuestion");
  board.render(host, props);
  dig().click();
  const sentWithoutAsking = sent.length - sentAfterYes;
  localStorage.removeItem("agora.akrotiri.noSpendQuestion");
  host.remove();
  return { askedFirst, cancelSends, sentAfterYes, remembered, sentWithoutAsking, ids };
}"""
