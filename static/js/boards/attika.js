// The Attika board: the growing map as SVG with an action bar under it (sticky at the bottom
// of the screen: prompt, stacks, the drawn building, placing a new piece of land, paying,
// end turn), your reserve and hand, every player's progress (the radar), the log in words and
// the final table. Like chessground it holds no rules: the prompt, the cards and every control
// are built from the legal moves the server sent (`legal_moves`), costs included, so they
// cannot disagree; every "cannot" says why.
import { t } from "../i18n.js";
import { isReplay } from "./replay.js";
import { useStylesheet } from "./stylesheet.js";
import { noteEvents } from "./attika/history.js";
import { buildingName } from "./attika/log.js";
import { MapView } from "./attika/mapview.js";
import { minePanel, offerKnown, promptText } from "./attika/mine.js";
import { anchorsOf, centralAnchor, digest, placeMoveOf, spotsOf, stepTo } from "./attika/offer.js";
import { button, el, finalPanel, logPanel, playersPanel, resultTable } from "./attika/panels.js";
import { canonicalExtra, extraCount } from "./attika/payment.js";
import { actionBar, skeleton } from "./attika/skeleton.js";
import { whereText } from "./attika/words.js";

const CSS_HREF = new URL("../../css/attika.css", import.meta.url).href;
/** localStorage key: the player asked not to be asked again before spending an amphora. */
const SKIP_SPEND_QUESTION = "agora.attika.skipSpendQuestion";

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
  confirm: null,
  payOpen: null,
  wasMoving: false,
  keepSoon: false,
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

function namesOf(game, room) {
  return game.players.map((p) => room?.seats?.[p.seat]?.name || t("attika.seat", { n: p.seat + 1 }));
}

function names() {
  return namesOf(S.game, S.ctx.room);
}

/** A seat's palette index: the room's (a rematch keeps each player's colour), else the seat. */
function colourOf(seat) {
  return S.ctx?.colour?.(seat) ?? seat;
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
  if (S.ctx.canMove && moves.length) S.keepSoon = true;
  S.chosen = null;
  S.confirm = null;
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
  S.confirm = null;
  S.ctx.onMove(move);
}

function skipsQuestion() {
  try {
    return localStorage.getItem(SKIP_SPEND_QUESTION) === "1";
  } catch {
    return false;
  }
}

/** Send a move; one that spends an amphora and draws (no take-back) asks first, once. */
function ask(move) {
  const spends = move.type === "take_card" || (move.type === "draw" && move.amphora);
  if (!spends || skipsQuestion()) {
    send(move);
    return;
  }
  const stackName = move.type === "draw" ? (move.stack === 0 ? t("attika.log.main_stack") : t("attika.log.stack_n", { n: move.stack })) : "";
  S.confirm = {
    move,
    stackName,
    onYes: (skip) => {
      if (skip) {
        try {
          localStorage.setItem(SKIP_SPEND_QUESTION, "1");
        } catch {
          // private mode: the question comes back next time
        }
      }
      send(move);
    },
    onNo: () => {
      S.confirm = null;
      drawAll();
    },
  };
  drawAll();
  S.root.querySelector("[data-testid=confirm-yes]")?.focus({ preventScroll: true });
}

/** Bring the map and its action bar wholly on screen (when they fit) if they are not. */
function revealStage() {
  const stage = S.parts?.stage;
  if (!stage || isReplay()) return;
  const box = stage.getBoundingClientRect();
  const vh = window.innerHeight;
  if (box.top >= -1 && box.bottom <= vh + 1) return;
  stage.scrollIntoView({ block: box.height <= vh ? "end" : "start", behavior: "instant" });
}

/** After a move of the seat: bring the map and the bar back if too little of them shows. */
function keepStage() {
  if (!S.parts || isReplay() || !S.ctx.canMove) return;
  const map = S.parts.mapHost.getBoundingClientRect();
  const vh = window.innerHeight;
  const seen = Math.min(map.bottom, vh) - Math.max(map.top, 0);
  const primary = S.parts.bar.querySelector("[data-primary]")?.getBoundingClientRect();
  const off = primary && (primary.top < 0 || primary.bottom > vh + 1);
  if (seen < Math.min(map.height, vh / 3) || off) revealStage();
}

function pickBuilding(id, event) {
  S.selected = S.selected === id ? null : id;
  S.chosen = null;
  S.cursor = null;
  drawAll();
  if (!S.selected) return;
  revealStage();
  // A keyboard choice (no pointer: detail 0) goes on to the map's arrows.
  if (event && event.detail === 0) S.parts.mapHost.focus({ preventScroll: true });
}

function cancelPick() {
  S.selected = null;
  S.chosen = null;
  S.cursor = null;
  drawAll();
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
      ask(move);
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
    wheelHint: t("attika.wheel_hint"),
    colourOf,
    onHover,
    onTap,
  });
  // The map's height leaves room for the bar: both stay on screen together (attika.css).
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => {
      element.style.setProperty("--at-bar-h", `${Math.round(parts.bar.getBoundingClientRect().height)}px`);
    }).observe(parts.bar);
  }
  parts.tools.append(
    button("+", () => S.map.zoom(1 / 1.25), { cls: "at-tool", title: t("attika.zoom_in"), testid: "zoom-in" }),
    button("−", () => S.map.zoom(1.25), { cls: "at-tool", title: t("attika.zoom_out"), testid: "zoom-out" }),
    button("⤢", () => fit(true), { cls: "at-tool", title: t("attika.fit"), testid: "zoom-fit" }),
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
  drawBar();
}

function drawBar() {
  const game = S.game;
  const seat = me();
  const selectedName = S.selected && S.selected !== "pending" && spotMoves().length ? buildingName(S.selected) : null;
  const payment = S.chosen
    ? {
        move: S.chosen,
        hand: game.hand,
        extra: S.extra,
        where: whereText(game, S.chosen.q, S.chosen.r),
        // The cost's details open by default where there is room (not on a phone).
        open: S.payOpen ?? window.matchMedia("(min-width: 601px)").matches,
        onToggle: (open) => {
          S.payOpen = open;
        },
        onExtra: changeExtra,
        onConfirm: confirmBuild,
        onCancel: cancel,
      }
    : null;
  let prompt = promptText({ game, me: seat, canMove: S.ctx.canMove, names: names(), offer: S.moves, selectedName });
  // In the room, whose turn it is shows above the board: the bar then stays out of the way.
  if (S.ctx.headline && seat !== null && !S.ctx.canMove && !game.piece) prompt = "";
  S.parts.bar.replaceChildren(
    ...actionBar({
      error: S.ctx.error,
      prompt,
      game,
      me: seat,
      canMove: Boolean(S.ctx.canMove) && game.phase !== "over",
      offer: S.moves,
      placing: S.moves.places.length > 0,
      rot: S.rot,
      payment,
      selectedName,
      confirm: S.confirm,
      onRotate: () => rotatePiece(1),
      onPlace: placePiece,
      onSend: send,
      onAsk: ask,
      onCancelPick: cancelPick,
    }),
  );
  S.parts.bar.hidden = !S.parts.bar.childElementCount;
  // For tests and styles: "act" (controls shown), "loading" (moves not yet known), "wait", "over".
  const moving = Boolean(S.ctx.canMove) && game.phase !== "over";
  S.parts.bar.dataset.state = game.phase === "over" ? "over" : !moving ? "wait" : offerKnown(S.moves) ? "act" : "loading";
}

function drawSide() {
  const game = S.game;
  const seat = me();
  const sections = [];
  if (seat !== null && game.phase !== "over") {
    const args = { game, me: seat, offer: S.moves, canMove: S.ctx.canMove, selected: S.selected };
    sections.push(minePanel({ ...args, onPick: pickBuilding }));
  }
  sections.push(playersPanel({ game, names: names(), me: seat, hintSeat: S.hintSeat ?? seat, onHint: showHint, colourOf }));
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
  drawLog();
  // The live room draws the result above the board (drawResult); a replay keeps it here.
  const result = S.ctx.headline ? null : S.ctx.view?.result;
  const finalKey = result ? JSON.stringify([result, names(), game.players.map((p) => colourOf(p.seat))]) : "";
  if (finalKey !== S.finalKey) {
    S.finalKey = finalKey;
    S.parts.final.replaceChildren();
    if (result) S.parts.final.append(finalPanel({ result, game, names: names(), colourOf }));
  }
  S.root.classList.toggle("at-over", game.phase === "over" && Boolean(S.ctx.headline));
  drawMap();
  drawSide();
  const entries = [...S.log.values()].sort((a, b) => a.n - b.n || a.index - b.index);
  S.parts.below.replaceChildren(logPanel(entries, colourOf));
  if (focused) S.root.querySelector(focused)?.focus({ preventScroll: true });
}

/** The seat's turn just began (or its moves changed from none): bring the map on screen. */
function noteTurn() {
  const moving = Boolean(S.ctx.canMove) && S.game.phase !== "over";
  if (moving && !S.wasMoving) requestAnimationFrame(revealStage);
  else if (S.keepSoon) requestAnimationFrame(keepStage);
  S.keepSoon = false;
  S.wasMoving = moving;
}

export default {
  /** A move's refusal shows in this board's action bar (room.js then keeps it from above the board). */
  showsRefusals: true,
  /** This board draws the final table itself (drawResult; room.js hides its generic one). */
  showsResult: true,
  /**
   * The final table in the room's result panel (`box`, empty): ranks, players, and the
   * breakdown in labelled columns. The room names the winner above it.
   */
  drawResult(box, ctx) {
    useStylesheet(CSS_HREF);
    const game = gameOf(ctx.view);
    const result = ctx.view?.result;
    if (!game || !result) return;
    const colour = (seat) => ctx.colour?.(seat) ?? seat;
    box.classList.add("at-result-box");
    box.replaceChildren(resultTable({ result, game, names: namesOf(game, ctx.room), colourOf: colour }));
  },
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
      noteTurn();
    } else if (!S.frame) {
      S.frame = requestAnimationFrame(() => {
        S.frame = 0;
        syncMoves();
        drawAll();
        noteTurn();
      });
    }
  },
};
