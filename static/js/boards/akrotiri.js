// The Akrotiri board: the archipelago as SVG (turned by 180° for the north seat), the tile to
// place with its legal cells, the boat's reachable ports with their cost, the market, plan
// cards drawn as their pattern with the quarters that prove them, objectives, the track,
// the log in words and the final table. Like chessground it holds no rules: every control
// comes from the `legal_moves` the server sent.
import { t } from "../i18n.js";
import { actionPanel, movesOf, skipSpendQuestion, spendQuestion } from "./akrotiri/controls.js";
import { describeMove, hintedSeqs, keepHint, outline, setHinted, showHint as preselectHint } from "./akrotiri/hint.js";
import { eventText, quarterLabel } from "./akrotiri/log.js";
import { MapView } from "./akrotiri/map.js";
import { button, el, finalPanel } from "./akrotiri/panels.js";
import { confirmTile, onDrag, onHover, placingHooks, rotate, setSpot, step, tileMoves, uniqueCells } from "./akrotiri/placing.js";
import { buyRefusal, planRefusal, portRefusal, saleRefusal } from "./akrotiri/refusals.js";
import { handSection, headerLine, sideSections } from "./akrotiri/sections.js";
import { colourOf, flip, gameOf, myMoves, names, S } from "./akrotiri/state.js";
import { isReplay } from "./replay.js";
import { useStylesheet } from "./stylesheet.js";

const CSS_HREF = new URL("../../css/akrotiri.css", import.meta.url).href;

placingHooks({ draw: () => draw(), send: (move) => send(move) });

// ---------- building ----------

function build(element) {
  useStylesheet(CSS_HREF);
  element.replaceChildren();
  element.classList.add("akr-board");
  const root = el("div", "akr-root");
  const parts = {
    header: el("div", "akr-header"),
    announce: el("p", "akr-announce"),
    final: el("div", "akr-final-slot"),
    stage: el("section", "akr-stage"),
    actions: el("div", "akr-bar"),
    more: el("div", "akr-more-slot"),
    hand: el("div", "akr-hand-slot"),
    side: el("div", "akr-side"),
  };
  parts.announce.setAttribute("aria-live", "polite");
  parts.actions.tabIndex = -1; // where the focus waits when the control it was on is gone
  // Why a touched control's move is not possible, said next to the step's controls.
  parts.why = el("p", "akr-why");
  parts.why.setAttribute("aria-live", "polite");
  parts.why.dataset.testid = "why-not";
  parts.why.id = "akr-why";
  parts.announce.dataset.testid = "last-move";
  const tools = el("div", "akr-tools");
  tools.append(
    button("+", () => S.map.zoom(1 / 1.25), { cls: "akr-tool", aria: t("akrotiri.zoom_in") }),
    button("−", () => S.map.zoom(1.25), { cls: "akr-tool", aria: t("akrotiri.zoom_out") }),
    button("⤢", () => fit(true, true), { cls: "akr-tool", aria: t("akrotiri.fit") }),
  );
  const head = el("div", "akr-stage-head");
  parts.mapTitle = el("h3", "", t("akrotiri.map"));
  head.append(parts.mapTitle, tools);
  parts.mapHost = el("div", "akr-map");
  parts.mapHost.tabIndex = 0;
  parts.mapHost.dataset.testid = "map";
  parts.mapHost.dataset.role = "map";
  parts.compass = el("span", "akr-compass");
  parts.compass.setAttribute("aria-hidden", "true");
  parts.mapHost.append(parts.compass);
  parts.mapHost.addEventListener("keydown", onKey);
  parts.stage.append(head, parts.mapHost);
  const main = el("div", "akr-main");
  main.append(parts.more, parts.hand);
  const body = el("div", "akr-body");
  body.append(main, parts.side);
  root.append(parts.header, parts.announce, parts.final, parts.stage, parts.actions, body);
  element.append(root);
  S.root = element;
  S.parts = parts;
  S.finalKey = "";
  S.fitKey = "";
  S.map = new MapView(parts.mapHost, {
    label: t("akrotiri.map"),
    onTap,
    onHover,
    onDrag,
    onResize: () => {
      if (S.game && S.root?.isConnected && !S.map.userMoved) fit(true);
    },
  });
}

// ---------- input ----------

/**
 * Say why the touched control's move is not possible (null: nothing to say). The words are
 * read out from the action bar's live region; they show there (a tap on the map) or next to
 * the control (`where`: "plans", "sell", "buy_plans"), drawn by the next draw().
 */
function explain(text, where = "bar") {
  S.why = text ? { text, where } : null;
  S.parts.why.textContent = text || "";
  S.parts.why.classList.toggle("akr-sr", Boolean(text) && where !== "bar");
}

function sendNow(move) {
  if (!S.ctx.canMove) return;
  explain(null);
  S.spot = null;
  S.pinned = false;
  S.confirm = null;
  S.ctx.onMove(move);
}

/** Send a move; one that spends drachmas (and cannot be taken back) asks first, once. */
function send(move) {
  if (!S.ctx.canMove) return;
  const question = skipSpendQuestion() ? null : spendQuestion(move, S.game);
  if (!question) {
    sendNow(move);
    return;
  }
  S.confirm = { move, question };
  draw();
}

function onTap(hit) {
  const moves = myMoves();
  if (hit.hit === "cell") {
    const cell = [Number(hit.cx), Number(hit.cy)];
    if (S.spot && S.spot.cell[0] === cell[0] && S.spot.cell[1] === cell[1] && S.pinned) confirmTile();
    else setSpot(cell);
  } else if (hit.hit === "ghost") {
    // A tap settles the tile where it follows the pointer; a tap on a settled tile lays it.
    if (S.pinned) confirmTile();
    else setSpot(S.spot.cell, true);
  } else if (hit.hit === "piece") {
    S.piece = hit.piece;
    draw();
  } else if (hit.hit === "port" || hit.hit === "dock") {
    const move = movesOf(moves, "move").find((m) => m.to === hit.port);
    if (move) send(move);
    else explain(portRefusal({ game: S.game, seat: S.ctx.seat, port: hit.port, moves }));
  } else if (hit.hit === "quarter") {
    const quarter = [Number(hit.qx), Number(hit.qy)];
    const digs = movesOf(moves, "excavate").filter((m) => m.quarter[0] === quarter[0] && m.quarter[1] === quarter[1]);
    const move = digs.find((m) => m.card === S.plan) || digs[0];
    if (move) send(move);
  }
}

function onKey(event) {
  const keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const placing = S.game?.phase === "tile" && tileMoves().length;
  if (keys[event.key] && placing) step(...keys[event.key]);
  else if (keys[event.key]) S.map.pan(...keys[event.key]);
  else if ((event.key === "r" || event.key === "R") && placing) rotate(event.shiftKey ? -1 : 1);
  else if (event.key === "Enter" && S.spot) confirmTile();
  else if (event.key === "Escape" && S.spot) {
    S.spot = null;
    draw();
  } else if (event.key === "+" || event.key === "=") S.map.zoom(1 / 1.25);
  else if (event.key === "-") S.map.zoom(1.25);
  else return;
  event.preventDefault();
}

// ---------- drawing ----------

/** Where the player looks now: the tile being placed, the new tile, or the own boat. */
function focusPoint() {
  const game = S.game;
  if (S.spot) return [S.spot.cell[0] + 0.5, S.spot.cell[1] + 0.5];
  if (game.phase === "resources" && game.placing?.tile) {
    const placed = game.placements.find((p) => p.tile === game.placing.tile);
    if (placed) return [placed.cell[0] + 0.5, placed.cell[1] + 0.5];
  }
  if (game.phase === "tile") return [0, 0];
  const seat = S.ctx.seat ?? game.turn ?? 0;
  const port = S.map.ports?.get(game.boats[seat]?.at);
  return port ? port.pos : [0, 0];
}

function fit(force = false, all = false) {
  const cells = [[-1, -1], [0, -1], [-1, 0], [0, 0], ...S.game.placements.map((p) => p.cell), ...uniqueCells()];
  const key = `${cells.length}:${flip()}:${S.game.phase}`;
  if (!force && (S.map.userMoved || key === S.fitKey)) return;
  S.fitKey = key;
  S.map.fit(cells, flip(), { focus: focusPoint(), all });
}

/** Reset choices when the legal moves change (a new step, or a move was sent). */
function syncMoves() {
  const moves = myMoves();
  const key = `${S.ctx.canMove}:${S.game.phase}:${S.game.seq ?? S.game.log.at(-1)?.seq}:${moves.length}:${JSON.stringify(moves[0] ?? null)}`;
  if (key === S.movesKey) return;
  S.movesKey = key;
  S.picks = {};
  explain(null);
  if (S.game.phase !== "tile") {
    S.spot = null;
    S.pinned = false;
  }
  S.piece = null;
  S.confirm = null;
  keepHint();
}

/** Note the newest event; tiles the other player placed are animated. */
function noteEvents(game) {
  const last = game.log.at(-1);
  const seq = last ? last.seq : 0;
  if (isReplay()) {
    // A replay step (backwards too) or the review's better move: its event, its tile outlined.
    S.lastSeq = seq;
    S.parts.announce.textContent = last ? eventText(last, names(), game) || "" : "";
    S.marked = new Set(last?.type === "place_tile" ? [last.tile] : []);
    return;
  }
  if (S.lastSeq === null || S.parts.announce.textContent === "") {
    S.lastSeq = seq;
    S.parts.announce.textContent = last ? eventText(last, names(), game) || "" : "";
    return;
  }
  if (seq === S.lastSeq) return;
  const fresh = game.log.filter((e) => e.seq > S.lastSeq);
  S.lastSeq = seq;
  const texts = fresh.map((e) => eventText(e, names(), game)).filter(Boolean);
  if (texts.length) S.parts.announce.textContent = texts.slice(-3).join(" · ");
  for (const event of fresh) {
    if (event.type === "place_tile" && event.seat !== S.ctx.seat) {
      const tile = event.tile; // later patches change the view's log entries in place
      S.fresh.add(tile);
      setTimeout(() => {
        S.fresh.delete(tile);
        if (S.game) draw();
      }, 1800);
    }
  }
}

function drawMap() {
  const game = S.game;
  const moves = myMoves();
  S.map.draw(game, { flip: flip(), fresh: S.fresh, marked: S.marked, colourOf });
  const me = S.ctx.seat !== null ? game.players[S.ctx.seat] : null;
  const selected = me?.plans?.find((c) => c.id === S.plan);
  const overlay = { proof: selected ? selected.proven_at : [] };
  if (game.phase === "tile") {
    overlay.cells = uniqueCells().map((cell) => ({ cell, selected: S.spot && S.spot.cell[0] === cell[0] && S.spot.cell[1] === cell[1] }));
  } else if (game.phase === "resources") {
    const pieces = [...new Set(movesOf(moves, "place_resources").map((m) => m.piece))];
    if (!pieces.includes(S.piece)) S.piece = pieces[0] ?? null;
    overlay.pieces = pieces;
    overlay.selectedPiece = S.piece;
  } else if (game.phase === "actions") {
    overlay.ports = movesOf(moves, "move").map((m) => ({ port: m.to, cost: m.cost, testid: `port-${m.to}` }));
    const digs = movesOf(moves, "excavate").filter((m) => !S.plan || m.card === S.plan);
    const byQuarter = new Map();
    for (const move of digs) byQuarter.set(move.quarter.join(","), move);
    overlay.quarters = [...byQuarter.values()].map((m) => m.quarter);
  }
  S.map.overlay(overlay);
  const hand = me?.tile;
  S.map.ghost(game.phase === "tile" && S.spot && hand ? { tile: hand, cell: S.spot.cell, rot: S.spot.rot } : null, { pinned: S.pinned });
  fit();
  S.parts.mapTitle.textContent = flip() ? t("akrotiri.map_north") : t("akrotiri.map");
  S.parts.compass.textContent = t(flip() ? "akrotiri.compass_down" : "akrotiri.compass_up");
}

function draw() {
  const focused = document.activeElement;
  const focusKey = focused?.dataset?.testid;
  const hadFocus = Boolean(focused && focused !== S.root && S.root.contains(focused));
  const game = S.game;
  S.parts.header.replaceChildren(...headerLine({ game, names: names(), seat: S.ctx.seat, headline: S.ctx.headline }));
  const result = S.ctx.view?.result;
  // The live room draws the final table in its result panel (drawResult); the replay keeps it here.
  const finalKey = result && !S.ctx.headline ? JSON.stringify([result, names()]) : "";
  if (finalKey !== S.finalKey) {
    S.finalKey = finalKey;
    S.parts.final.replaceChildren();
    if (finalKey) S.parts.final.append(finalPanel({ result, names: names(), game }));
  }
  drawMap();
  const ui = {
    game,
    moves: myMoves(),
    canMove: S.ctx.canMove,
    names: names(),
    error: S.ctx.error,
    spot: S.spot,
    piece: S.piece,
    sailsOpen: S.sailsOpen,
    confirm: S.confirm,
    send,
    sendNow,
    cancelSpend: () => {
      S.confirm = null;
      draw();
    },
    setPiece: (key) => {
      S.piece = key;
      draw();
    },
    pieceName: (key) => {
      const piece = S.map.pieces?.get(key);
      return piece ? quarterLabel(piece.quarters[0], game.placements) : "";
    },
    rotate,
    confirmTile,
    setSailsOpen: (open) => {
      S.sailsOpen = open;
    },
    whyNot: (type) => {
      const refusal = type === "sell" ? saleRefusal : buyRefusal;
      explain(refusal({ game, seat: S.ctx.seat, moves: myMoves() }), type);
      draw();
    },
    why: S.why,
    pick: (type) => S.picks[type] || {},
    setPick: (type, item, n) => {
      S.picks[type] = { ...(S.picks[type] || {}), [item]: Math.max(0, n) };
      draw();
    },
  };
  const panel = actionPanel(ui);
  S.parts.actions.replaceChildren(panel.bar, S.parts.why);
  S.parts.more.replaceChildren(panel.more);
  S.parts.hand.replaceChildren(
    ...handSection({
      game,
      seat: S.ctx.seat,
      plan: S.plan,
      why: S.why?.where === "plans" ? S.why.text : null,
      rot: S.spot ? S.spot.rot : S.rot,
      flip: flip(),
      onPlan: (card) => {
        S.plan = S.plan === card.id ? null : card.id;
        explain(S.plan ? planRefusal({ game, seat: S.ctx.seat, card, moves: myMoves(), map: S.map }) : null, "plans");
        draw();
      },
    }),
  );
  S.parts.side.replaceChildren(...sideSections({ game, names: names(), seat: S.ctx.seat, colourOf, hinted: hintedSeqs(game) }));
  outline(S.root);
  if (focusKey) S.root.querySelector(`[data-testid="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
  if (hadFocus && !S.root.contains(document.activeElement)) keepFocus();
}

/**
 * The control a keyboard user was on is gone (its move was sent, a stepper reached its
 * limit): focus stays in the board, on the spend question's answer or on the action bar,
 * from where Tab reaches the step's controls (never back to the top of the page).
 */
function keepFocus() {
  const target = (S.confirm && S.root.querySelector("[data-testid=spend-yes]")) || S.parts.actions;
  target.focus({ preventScroll: true });
}

export default {
  /** A move's refusal shows in this board's action bar (room.js then keeps it from above the board). */
  showsRefusals: true,
  /** This board draws the final table itself (room.js then hides its generic one). */
  showsResult: true,
  /** The final table for the room's result panel: ranks, players, the score's parts labelled. */
  drawResult(box, ctx) {
    const result = ctx?.view?.result || ctx?.result;
    if (!result) return;
    const game = gameOf(ctx.view) || S.game;
    const seats = ctx.room?.seats || S.ctx?.room?.seats || [];
    const who = [0, 1].map((seat) => seats[seat]?.name || t("akrotiri.seat", { n: seat + 1 }));
    useStylesheet(CSS_HREF);
    box.replaceChildren(finalPanel({ result, names: who, game, headline: false }));
  },
  /** Draw the view; offer only the server's legal moves; `onMove(move)` sends one. */
  render(element, ctx) {
    const game = gameOf(ctx.view);
    if (!game) {
      useStylesheet(CSS_HREF);
      if (S.root !== element || !element.querySelector(".akr-waiting")) {
        element.replaceChildren(el("p", "hint akr-waiting", t("akrotiri.not_started")));
        S.root = null;
      }
      return;
    }
    if (S.root !== element || !element.querySelector(".akr-root")) build(element);
    S.ctx = { ...ctx, seat: ctx.seat ?? null };
    S.game = game;
    noteEvents(game);
    syncMoves();
    draw();
  },
  /** A hint in words, and shown on the board (static/js/hints.js, akrotiri/hint.js). */
  describeMove,
  showHint(move) {
    if (!preselectHint(move) || !S.root) return false;
    if (move.type === "place_tile" && !S.map.userMoved) S.fitKey = ""; // bring its cell into view
    draw();
    return true;
  },
  /** Mark the moves (numbered from 1 among the moves in force) played after a hint. */
  markHinted(numbers, total = null) {
    if (setHinted(numbers, total, S.game) && S.game && S.root) draw();
  },
  /** For tests and tools: the view and legal moves the board is showing. */
  inspect() {
    return { game: S.game, legalMoves: myMoves(), seat: S.ctx?.seat ?? null };
  },
};

