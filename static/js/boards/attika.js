// The Attika board: the growing map as SVG, your stacks, drawn building, reserve and hand,
// every player's reserve and progress (the radar), paying with jokers, placing new map pieces,
// the log in words and the final table. Like chessground it holds no rules: every control is
// built from the legal moves the server sent (`legal_moves`), costs included.
import { t } from "../i18n.js";
import { useStylesheet } from "./stylesheet.js";
import { centre, rotate } from "./attika/hex.js";
import { baseId, buildingName, eventText, mergeEvents } from "./attika/log.js";
import { MapView } from "./attika/mapview.js";
import { canonicalExtra, extraCount, paymentPanel } from "./attika/payment.js";
import {
  buildingCard,
  button,
  el,
  finalPanel,
  handRow,
  logPanel,
  pieceCard,
  playersPanel,
  stacksRow,
} from "./attika/panels.js";

const CSS_HREF = "/static/css/attika.css";

/** Everything the board remembers between renders. */
const S = {
  root: null,
  ctx: null,
  game: null,
  parts: null,
  map: null,
  moves: null,
  movesKey: "",
  selected: null,
  chosen: null,
  extra: {},
  rot: 0,
  ghost: null,
  pinned: false,
  cursor: null,
  hintSeat: null,
  log: new Map(),
  fresh: new Set(),
  fitKey: "",
  finalKey: "",
};

function gameOf(view) {
  if (!view) return null;
  if (view.game && typeof view.game === "object") return view.game;
  return view.land ? view : null;
}

function isReplay() {
  return document.body.dataset.page === "replay";
}

function names() {
  const room = S.ctx.room;
  return S.game.players.map((p) => room?.seats?.[p.seat]?.name || t("attika.seat", { n: p.seat + 1 }));
}

function me() {
  return S.ctx.seat === null || S.ctx.seat === undefined ? null : S.ctx.seat;
}

// ---------- the legal moves, sorted by what they drive ----------

function digest() {
  const d = { draws: new Map(), builds: new Map(), pending: [], reserve: null, end: null, take: null, pass: null, places: [] };
  const moves = S.ctx.canMove ? S.ctx.legalMoves || [] : [];
  for (const move of moves) {
    if (move.type === "draw") d.draws.set(move.stack, move);
    else if (move.type === "build") {
      if (!d.builds.has(move.building)) d.builds.set(move.building, []);
      d.builds.get(move.building).push(move);
    } else if (move.type === "build_pending") d.pending.push(move);
    else if (move.type === "reserve_pending") d.reserve = move;
    else if (move.type === "end_actions") d.end = move;
    else if (move.type === "take_card") d.take = move;
    else if (move.type === "pass") d.pass = move;
    else if (move.type === "place_piece") d.places.push(move);
  }
  d.count = moves.length;
  return d;
}

/** The building moves of the current selection (the drawn building, or a reserve one). */
function spotMoves() {
  if (S.selected === "pending") return S.moves.pending;
  if (S.selected) return S.moves.builds.get(S.selected) || [];
  return [];
}

function spotsOf(moves) {
  return moves.map((m) => ({
    q: m.q,
    r: m.r,
    free: m.cost.free,
    cards: Object.values(m.pay || {}).reduce((a, b) => a + b, 0),
  }));
}

function anchors() {
  const seen = new Map();
  for (const m of S.moves.places) seen.set(`${m.q},${m.r}`, [m.q, m.r]);
  return [...seen.values()];
}

/** The anchor nearest the middle of the land (where a new piece is first shown). */
function centralAnchor() {
  const land = S.game.land;
  const mx = land.reduce((a, c) => a + centre(c.q, c.r)[0], 0) / land.length;
  const my = land.reduce((a, c) => a + centre(c.q, c.r)[1], 0) / land.length;
  let best = null;
  let bestD = Infinity;
  for (const [q, r] of anchors()) {
    const [x, y] = centre(q, r);
    const d = (x - mx) ** 2 + (y - my) ** 2;
    if (d < bestD) [best, bestD] = [[q, r], d];
  }
  return best;
}

function placeMove(q, r, rot) {
  return S.moves.places.find((m) => m.q === q && m.r === r && m.rot === rot) || null;
}

/** Reset the selection when the legal moves change (a new turn, or a move was sent). */
function syncMoves() {
  S.moves = digest();
  const moves = S.ctx.canMove ? S.ctx.legalMoves || [] : [];
  const key = `${S.ctx.canMove}:${moves.length}:${moves[0] ? JSON.stringify(moves[0]) : ""}:${S.game.moves}`;
  if (key === S.movesKey) return;
  S.movesKey = key;
  S.chosen = null;
  S.extra = {};
  S.cursor = null;
  S.selected = S.moves.pending.length || S.moves.reserve ? "pending" : null;
  if (!S.moves.places.length) {
    S.ghost = null;
    S.pinned = false;
  } else if (!S.ghost || !placeMove(S.ghost.q, S.ghost.r, S.rot)) {
    const [q, r] = centralAnchor();
    S.ghost = { q, r };
    S.pinned = false;
    S.rot = 0;
  }
}

// ---------- actions ----------

function send(move) {
  if (!S.ctx.canMove) return;
  S.chosen = null;
  S.selected = null;
  S.ctx.onMove(move);
}

function pickBuilding(id) {
  S.selected = S.selected === id ? null : id;
  S.chosen = null;
  S.cursor = null;
  draw();
  if (S.selected) S.parts.mapHost.focus({ preventScroll: true });
}

function chooseSpot(move) {
  S.chosen = move;
  S.extra = canonicalExtra(move);
  S.cursor = { q: move.q, r: move.r };
  draw();
  S.root.querySelector("[data-testid=pay-confirm]")?.focus({ preventScroll: true });
}

function changeExtra(symbol, delta) {
  const move = S.chosen;
  if (!move) return;
  const hand = S.game.hand || {};
  const rest = (hand[symbol] ?? 0) - (move.matched?.[symbol] ?? 0);
  const now = S.extra[symbol] ?? 0;
  const total = Object.values(S.extra).reduce((a, b) => a + b, 0);
  const next = now + delta;
  if (next < 0 || next > rest) return;
  if (delta > 0 && total >= extraCount(move)) {
    // Full: take the card from the symbol given most, so "+" always does something.
    const from = Object.keys(S.extra).filter((s) => s !== symbol && S.extra[s] > 0).sort((a, b) => S.extra[b] - S.extra[a])[0];
    if (!from) return;
    S.extra[from] -= 1;
  }
  S.extra[symbol] = next;
  draw();
}

function confirmBuild(pay) {
  const move = S.chosen;
  if (!move) return;
  send({ ...move, pay });
}

function cancel() {
  S.chosen = null;
  S.cursor = null;
  if (S.selected !== "pending") S.selected = null;
  draw();
}

function placePiece() {
  if (!S.ghost) return;
  const move = placeMove(S.ghost.q, S.ghost.r, S.rot);
  if (move) send(move);
}

function rotatePiece(dir) {
  if (!S.moves.places.length || !S.ghost) return;
  S.rot = (S.rot + dir + 6) % 6;
  drawDynamic();
}

// ---------- pointer and keyboard on the map ----------

function onHover([q, r]) {
  if (!S.moves?.places.length || S.pinned) return;
  if (placeMove(q, r, S.rot) && (!S.ghost || S.ghost.q !== q || S.ghost.r !== r)) {
    S.ghost = { q, r };
    drawDynamic();
  }
}

function onTap([q, r], kind) {
  if (S.moves.places.length) {
    if (!placeMove(q, r, S.rot)) return;
    const same = S.ghost && S.ghost.q === q && S.ghost.r === r;
    if (same && (kind === "mouse" || S.pinned)) {
      placePiece();
      return;
    }
    S.ghost = { q, r };
    S.pinned = true;
    drawDynamic();
    return;
  }
  const move = spotMoves().find((m) => m.q === q && m.r === r);
  if (move) chooseSpot(move);
}

/** The candidate nearest to `from` in the arrow's direction (world coordinates). */
function stepTo(candidates, from, dx, dy) {
  const [fx, fy] = centre(from.q, from.r);
  let best = null;
  let bestScore = Infinity;
  for (const c of candidates) {
    const [x, y] = centre(c.q, c.r);
    const vx = x - fx;
    const vy = y - fy;
    const along = vx * dx + vy * dy;
    if (along <= 1) continue;
    const across = Math.abs(vx * dy - vy * dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

function onKey(event) {
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const placing = S.moves?.places.length > 0;
  const spots = spotMoves();
  if (arrows[event.key]) {
    const [dx, dy] = arrows[event.key];
    if (placing && S.ghost) {
      const next = stepTo(anchors().map(([q, r]) => ({ q, r })), S.ghost, dx, dy);
      if (next) S.ghost = { q: next.q, r: next.r };
      S.pinned = true;
      drawDynamic();
    } else if (spots.length) {
      const from = S.cursor || spots[0];
      const next = S.cursor ? stepTo(spots, from, dx, dy) : spots[0];
      if (next) S.cursor = { q: next.q, r: next.r };
      drawDynamic();
    } else {
      S.map.pan(dx, dy);
    }
  } else if ((event.key === "r" || event.key === "R") && placing) {
    rotatePiece(event.shiftKey ? -1 : 1);
  } else if (event.key === "Enter" && placing) {
    placePiece();
  } else if (event.key === "Enter" && S.cursor && spots.length) {
    const move = spots.find((m) => m.q === S.cursor.q && m.r === S.cursor.r);
    if (move) chooseSpot(move);
  } else if (event.key === "Escape" && (S.chosen || S.selected)) {
    cancel();
  } else if (event.key === "+" || event.key === "=") {
    S.map.zoom(1 / 1.25);
  } else if (event.key === "-") {
    S.map.zoom(1.25);
  } else {
    return;
  }
  event.preventDefault();
}

/** Digits 1–4 draw from the stacks when a draw is offered (anywhere on the board). */
function onBoardKey(event) {
  if (event.target.closest("input, textarea, select")) return;
  if (/^[1-4]$/.test(event.key) && S.moves?.draws.size) {
    const move = S.moves.draws.get(Number(event.key) - 1);
    if (move) {
      event.preventDefault();
      send(move);
    }
  }
}

// ---------- building the page ----------

function build(element) {
  useStylesheet(CSS_HREF);
  element.replaceChildren();
  element.classList.add("at-board");
  const root = el("div", "at-root");
  const parts = {
    header: el("div", "at-header"),
    announce: el("p", "at-announce"),
    final: el("div", "at-final-slot"),
    main: el("div", "at-main"),
    side: el("div", "at-side"),
    below: el("div", "at-below"),
  };
  parts.announce.setAttribute("aria-live", "polite");
  parts.announce.dataset.testid = "last-move";
  const mapHead = el("div", "at-map-head");
  parts.mapTitle = el("h3", "", t("attika.map"));
  parts.tools = el("div", "at-tools");
  mapHead.append(parts.mapTitle, parts.tools);
  parts.mapHost = el("div", "at-map");
  parts.mapHost.tabIndex = 0;
  parts.mapHost.dataset.testid = "map";
  parts.mapHost.setAttribute("aria-label", t("attika.map_label"));
  parts.mapHost.addEventListener("keydown", onKey);
  parts.placeBar = el("div", "at-place-bar");
  parts.main.append(mapHead, parts.mapHost, parts.placeBar);
  root.append(parts.header, parts.announce, parts.final, parts.main, parts.side, parts.below);
  root.addEventListener("keydown", onBoardKey);
  element.append(root);
  S.root = element;
  S.parts = parts;
  S.finalKey = "";
  S.fitKey = "";
  S.map = new MapView(parts.mapHost, {
    label: t("attika.map_label"),
    onHover,
    onTap,
    onWheelRotate: (dir) => (S.moves?.places.length ? (rotatePiece(dir), true) : false),
  });
  parts.tools.append(
    button("+", () => S.map.zoom(1 / 1.25), { cls: "at-tool", title: t("attika.zoom_in") }),
    button("−", () => S.map.zoom(1.25), { cls: "at-tool", title: t("attika.zoom_out") }),
    button("⤢", () => fit(true), { cls: "at-tool", title: t("attika.fit") }),
  );
}

function fit(force = false) {
  const game = S.game;
  const cells = [...game.land.map((c) => [c.q, c.r]), ...game.shrines.map((s) => [s.q, s.r])];
  if (S.moves?.places.length) cells.push(...anchors());
  const key = `${cells.length}`;
  if (!force && (S.map.userMoved || key === S.fitKey)) return;
  S.fitKey = key;
  S.map.fit(cells);
}

// ---------- drawing ----------

function promptText() {
  const game = S.game;
  const mine = game.turn === me() && S.ctx.canMove;
  if (game.phase === "over") return t("attika.finished");
  if (!mine) return t("attika.wait_turn", { name: names()[game.turn] ?? "" });
  if (game.piece) return t("attika.prompt_piece");
  if (game.pending) return t("attika.prompt_pending", { building: buildingName(game.pending.building) });
  if (game.phase === "amphora") return t("attika.prompt_amphora", { n: game.players[game.turn].amphorae });
  if (game.option === "draw") return t("attika.prompt_draw_more", { n: game.actions_left });
  if (game.option === "build") return t("attika.prompt_build_more", { n: game.actions_left });
  return t("attika.prompt_start");
}

function drawHeader() {
  const header = S.parts.header;
  header.replaceChildren();
  const game = S.game;
  const turn = el("span", "at-turn");
  turn.dataset.testid = "at-turn";
  if (game.phase === "over") turn.textContent = t("attika.finished");
  else if (game.turn === me()) turn.textContent = t("attika.your_turn");
  else turn.textContent = t("attika.turn_of", { name: names()[game.turn] ?? "" });
  turn.classList.toggle("mine", game.turn === me() && game.phase !== "over");
  const prompt = el("span", "at-prompt", promptText());
  prompt.dataset.testid = "prompt";
  const supply = el(
    "span",
    "at-supply hint",
    t("attika.supply", { amphorae: game.supply.amphorae, deck: game.supply.deck, discard: game.supply.discard, pieces: game.supply.pieces }),
  );
  supply.dataset.testid = "supply";
  header.append(turn, prompt, supply);
}

function drawLog() {
  const game = S.game;
  const fresh = mergeEvents(S.log, game.log, names());
  if (!fresh.length) return;
  const last = fresh.filter((e) => eventText(e, names()));
  if (last.length) {
    S.parts.announce.textContent = last.map((e) => eventText(e, names())).join(" · ");
    S.parts.announce.classList.remove("other");
    void S.parts.announce.offsetWidth; // restart the highlight animation
    if (last[0].seat !== me()) S.parts.announce.classList.add("other");
  }
  const first = S.log.size === fresh.length;
  if (first || isReplay()) return;
  for (const event of fresh) {
    if (event.kind === "build" && event.seat !== me()) {
      const id = `${event.q},${event.r}`;
      S.fresh.add(id);
      setTimeout(() => {
        S.fresh.delete(id);
        if (S.game) drawMap();
      }, 1800);
    }
  }
}

function hintHexes() {
  const seat = S.hintSeat ?? me();
  if (seat === null || S.game.phase === "over") return null;
  const link = S.game.players[seat]?.link;
  return link ? link.hexes : null;
}

function drawMap() {
  S.map.draw(S.game, { names: names(), buildingName, fresh: S.fresh, hint: hintHexes() });
  fit();
  drawDynamic();
}

/** The parts that follow the pointer and keys: spots, anchors, ghost, cursor, place bar. */
function drawDynamic() {
  const spots = spotMoves();
  S.map.drawSpots(spotsOf(spots), S.chosen);
  const placing = S.moves.places.length > 0;
  S.map.drawAnchors(placing ? anchors() : []);
  S.map.drawGhost(placing ? S.game.piece : null, placing && S.ghost ? { ...S.ghost, rot: S.rot } : null, { pinned: S.pinned });
  S.map.drawCursor(placing ? null : S.cursor);
  drawPlaceBar();
}

function drawPlaceBar() {
  const bar = S.parts.placeBar;
  bar.replaceChildren();
  if (S.ctx.error) {
    const refused = el("p", "at-refused", S.ctx.error);
    refused.setAttribute("role", "alert");
    refused.dataset.testid = "refused";
    bar.append(refused);
  }
  const game = S.game;
  if (game.piece && S.moves.places.length) {
    const info = el("div", "at-piece-info");
    info.append(pieceCard(game.piece, S.rot, rotate), el("span", "", t("attika.piece_hint", { id: game.piece.id })));
    const buttons = el("div", "at-place-buttons");
    buttons.append(
      button(`⟳ ${t("attika.rotate")}`, () => rotatePiece(1), { cls: "at-secondary", testid: "rotate", title: t("attika.rotate_hint") }),
      button(`✓ ${t("attika.place")}`, placePiece, { cls: "at-confirm", testid: "place-piece" }),
    );
    bar.append(info, buttons, el("p", "hint", t("attika.piece_keys")));
  } else if (game.piece) {
    bar.append(el("p", "hint", t("attika.piece_other", { name: names()[game.turn] ?? "", id: game.piece.id })));
  } else if (S.chosen) {
    bar.append(
      paymentPanel({
        move: S.chosen,
        hand: game.hand,
        extra: S.extra,
        onExtra: changeExtra,
        onConfirm: confirmBuild,
        onCancel: cancel,
      }),
    );
  } else if (spotMoves().length) {
    bar.append(el("p", "hint", t("attika.spot_hint")));
  }
}

function drawSide() {
  const side = S.parts.side;
  const game = S.game;
  const seat = me();
  const sections = [];
  if (seat !== null && game.phase !== "over") {
    const player = game.players[seat];
    const mine = el("section", "at-mine");
    mine.append(el("h3", "", t("attika.your_city", { city: t(`attika.city.${player.city}`) })));
    if (game.pending && game.pending.seat === seat) {
      const info = game.catalog.buildings.find((b) => b.id === game.pending.building);
      const box = el("div", "at-pending");
      box.append(el("p", "at-label", t("attika.drawn")));
      const count = S.moves.pending.length;
      box.append(buildingCard(info, { spots: { count, free: S.moves.pending.filter((m) => m.cost.free).length }, testid: "pending", selected: true }));
      if (S.moves.reserve) {
        box.append(button(t("attika.to_reserve"), () => send(S.moves.reserve), { cls: "at-secondary", testid: "reserve-pending" }));
      }
      mine.append(box);
    }
    mine.append(el("p", "at-label", t("attika.your_stacks")), stacksRow({ player, draws: S.moves.draws, onDraw: send }));
    mine.append(el("p", "at-label", t("attika.your_reserve")));
    const reserve = el("div", "at-reserve");
    reserve.dataset.testid = "reserve";
    for (const id of player.reserve) {
      const info = game.catalog.buildings.find((b) => b.id === id);
      // Twins (Towers, Ships, Roads) are offered once, under the first in the reserve.
      const key = S.moves.builds.has(id) ? id : [...S.moves.builds.keys()].find((k) => baseId(k) === baseId(id)) ?? id;
      const moves = S.moves.builds.get(key) || [];
      reserve.append(
        buildingCard(info, {
          spots: S.ctx.canMove ? { count: moves.length, free: moves.filter((m) => m.cost.free).length } : null,
          selected: S.selected === key,
          onPick: () => pickBuilding(key),
          testid: `reserve-${id}`,
        }),
      );
    }
    if (!player.reserve.length) reserve.append(el("p", "hint", t("attika.reserve_empty")));
    mine.append(reserve);
    mine.append(el("p", "at-label", t("attika.your_hand")), handRow(game.hand));
    const actions = el("div", "at-actions");
    if (S.moves.end) {
      actions.append(button(t("attika.end_turn", { cards: S.moves.end.cards }), () => send(S.moves.end), { testid: "end-turn" }));
    }
    if (S.moves.take) actions.append(button(t("attika.take_card"), () => send(S.moves.take), { testid: "take-card" }));
    if (S.moves.pass) actions.append(button(t("attika.pass"), () => send(S.moves.pass), { cls: "at-secondary", testid: "pass" }));
    if (actions.childElementCount) mine.append(actions);
    sections.push(mine);
  }
  sections.push(playersPanel({ game, names: names(), me: seat, hintSeat: S.hintSeat ?? seat, onHint: showHint }));
  side.replaceChildren(...sections);
}

function showHint(seat) {
  S.hintSeat = seat;
  drawAll();
}

function focusedSelector() {
  const active = document.activeElement;
  if (!active || !S.root.contains(active)) return null;
  const testid = active.dataset?.testid;
  return testid ? `[data-testid="${testid}"]` : null;
}

function drawAll() {
  const focused = focusedSelector();
  const game = S.game;
  drawHeader();
  drawLog();
  const result = S.ctx.view?.result;
  const finalKey = result ? JSON.stringify([result, names()]) : "";
  if (finalKey !== S.finalKey) {
    S.finalKey = finalKey;
    S.parts.final.replaceChildren();
    if (result) S.parts.final.append(finalPanel({ result, game, names: names() }));
  }
  drawMap();
  drawSide();
  const entries = [...S.log.values()].sort((a, b) => a.n - b.n || a.index - b.index);
  S.parts.below.replaceChildren(logPanel(entries));
  if (focused) S.root.querySelector(focused)?.focus({ preventScroll: true });
}

function draw() {
  drawAll();
}

export default {
  /** This board draws the final table itself (room.js then hides its generic one). */
  showsResult: true,
  /** Draw the view; offer only the server's legal moves; `onMove(move)` sends one. */
  render(element, ctx) {
    const game = gameOf(ctx.view);
    if (!game) {
      if (S.root !== element || !element.querySelector(".at-waiting")) {
        useStylesheet(CSS_HREF);
        element.replaceChildren(el("p", "hint at-waiting", t("attika.not_started")));
        S.root = null;
      }
      return;
    }
    if (S.root !== element || !element.querySelector(".at-root")) build(element);
    S.ctx = { ...ctx, seat: ctx.seat ?? null };
    S.game = game;
    if (isReplay()) S.log = new Map();
    syncMoves();
    drawAll();
  },
};
