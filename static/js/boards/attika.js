// The Attika board: the growing map as SVG, your stacks, drawn building, reserve and hand,
// every player's reserve and progress (the radar), paying with jokers, placing new map pieces,
// the log in words and the final table. Like chessground it holds no rules: every control is
// built from the legal moves the server sent (`legal_moves`), costs included.
import { t } from "../i18n.js";
import { isReplay } from "./replay.js";
import { useStylesheet } from "./stylesheet.js";
import { noteEvents } from "./attika/history.js";
import { buildingName } from "./attika/log.js";
import { MapView } from "./attika/mapview.js";
import { headerRow, minePanel } from "./attika/mine.js";
import { anchorsOf, centralAnchor, digest, placeMoveOf, spotsOf, stepTo } from "./attika/offer.js";
import { button, el, finalPanel, logPanel, playersPanel } from "./attika/panels.js";
import { canonicalExtra, extraCount } from "./attika/payment.js";
import { placeBar, skeleton } from "./attika/skeleton.js";

const CSS_HREF = new URL("../../css/attika.css", import.meta.url).href;

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
  marked: new Set(),
  fitKey: "",
  finalKey: "",
  frame: 0,
};

function gameOf(view) {
  if (!view) return null;
  if (view.game && typeof view.game === "object") return view.game;
  return view.land ? view : null;
}

function names() {
  const room = S.ctx.room;
  return S.game.players.map((p) => room?.seats?.[p.seat]?.name || t("attika.seat", { n: p.seat + 1 }));
}

function me() {
  return S.ctx.seat === null || S.ctx.seat === undefined ? null : S.ctx.seat;
}

// ---------- the legal moves ----------

function myMoves() {
  return S.ctx.canMove ? S.ctx.legalMoves || [] : [];
}

/** The building moves of the current selection (the drawn building, or a reserve one). */
function spotMoves() {
  if (S.selected === "pending") return S.moves.pending;
  if (S.selected) return S.moves.builds.get(S.selected) || [];
  return [];
}

function anchors() {
  return anchorsOf(S.moves.places);
}

function placeMove(q, r, rot) {
  return placeMoveOf(S.moves.places, q, r, rot);
}

/** Reset the selection when the legal moves change (a new turn, or a move was sent). */
function syncMoves() {
  const moves = myMoves();
  S.moves = digest(moves);
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
    const [q, r] = centralAnchor(S.game.land, anchors());
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
  drawAll();
  if (S.selected) S.parts.mapHost.focus({ preventScroll: true });
}

function chooseSpot(move) {
  S.chosen = move;
  S.extra = canonicalExtra(move);
  S.cursor = { q: move.q, r: move.r };
  drawAll();
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
  drawAll();
}

function confirmBuild(pay) {
  const move = S.chosen;
  if (!move) return;
  send({ ...move, pay });
}

/** Back one step: from paying to choosing a spot, from choosing a spot to nothing. */
function cancel() {
  if (S.chosen) S.chosen = null;
  else if (S.selected !== "pending") S.selected = null;
  S.cursor = null;
  drawAll();
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
  const parts = skeleton(element, { onKey, onBoardKey });
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

function drawHeader() {
  const args = { game: S.game, me: me(), canMove: S.ctx.canMove, names: names(), headline: S.ctx.headline };
  S.parts.header.replaceChildren(...headerRow(args));
}

function drawLog() {
  noteEvents(S, names(), me(), drawMap);
}

function hintHexes() {
  const seat = S.hintSeat ?? me();
  if (seat === null || S.game.phase === "over") return null;
  const link = S.game.players[seat]?.link;
  return link ? link.hexes : null;
}

function drawMap() {
  S.map.draw(S.game, { names: names(), buildingName, fresh: S.fresh, marked: S.marked, hint: hintHexes() });
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
  const game = S.game;
  S.parts.placeBar.replaceChildren(
    ...placeBar({
      error: S.ctx.error,
      game,
      placing: S.moves.places.length > 0,
      rot: S.rot,
      names: names(),
      selecting: spotMoves().length > 0,
      payment: S.chosen
        ? { move: S.chosen, hand: game.hand, extra: S.extra, onExtra: changeExtra, onConfirm: confirmBuild, onCancel: cancel }
        : null,
      onRotate: () => rotatePiece(1),
      onPlace: placePiece,
    }),
  );
}

function drawSide() {
  const game = S.game;
  const seat = me();
  const sections = [];
  if (seat !== null && game.phase !== "over") {
    const args = { game, me: seat, offer: S.moves, canMove: S.ctx.canMove, selected: S.selected };
    sections.push(minePanel({ ...args, onPick: pickBuilding, onSend: send }));
  }
  sections.push(playersPanel({ game, names: names(), me: seat, hintSeat: S.hintSeat ?? seat, onHint: showHint }));
  S.parts.side.replaceChildren(...sections);
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

export default {
  /** A move's refusal shows in this board's action bar (room.js then keeps it from above the board). */
  showsRefusals: true,
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
    const fresh = S.root !== element || !element.querySelector(".at-root");
    if (fresh) build(element);
    S.ctx = { ...ctx, seat: ctx.seat ?? null };
    S.game = game;
    if (isReplay()) S.log = new Map();
    // A burst of patches (a fast bot, a reconnect) is drawn once per frame.
    if (fresh || isReplay()) {
      syncMoves();
      drawAll();
    } else if (!S.frame) {
      S.frame = requestAnimationFrame(() => {
        S.frame = 0;
        syncMoves();
        drawAll();
      });
    }
  },
};
