// The Akropolis board: cities as SVG, the construction site, placing a tile with a ghost
// preview, live scores, move log, solo Architect and final table. Like chessground it holds no
// rules: the only placements it offers are the legal moves the server sent (`legal_moves`).
import { t } from "../i18n.js";
import { CityView } from "./akropolis/city.js";
import { SIZE, centre, moveCentroid, movePositions } from "./akropolis/hex.js";
import { fillHeader, fillPlaceBar, toolButton } from "./akropolis/bars.js";
import { loadLog, noteLastMove } from "./akropolis/history.js";
import { turnsPlayed } from "./akropolis/log.js";
import { nearest, rotateMove, snapMove, spotsOf, stepMove } from "./akropolis/placing.js";
import {
  architectPanel,
  cityGrid,
  el,
  finalPanel,
  hexWords,
  logPanel,
  playerChips,
  scorePanel,
  siteRow,
  stonesText,
} from "./akropolis/panels.js";
import { isReplay } from "./replay.js";
import { useStylesheet } from "./stylesheet.js";

const CSS_HREF = new URL("../../css/akropolis.css", import.meta.url).href;

/** Everything the board remembers between renders. */
const S = {
  root: null,
  ctx: null,
  game: null,
  selected: null,
  rot: 0,
  ghost: null,
  pinned: false,
  shown: null,
  movesKey: "",
  log: new Map(),
  lastKey: null,
  logLoaded: false,
  fresh: new Map(),
  marked: new Map(),
  pulse: new Set(),
  fitKey: "",
};

function injectCss() {
  useStylesheet(CSS_HREF);
}

/** Build the persistent skeleton once per element. */
function build(element) {
  injectCss();
  element.replaceChildren();
  element.classList.add("ak-board");
  const root = el("div", "ak-root");
  const parts = {
    header: el("div", "ak-header"),
    players: el("div", "ak-players-slot"),
    final: el("div", "ak-final-slot"),
    stage: el("section", "ak-stage"),
    side: el("div", "ak-side"),
  };
  parts.announce = el("p", "ak-announce");
  parts.announce.setAttribute("aria-live", "polite");
  parts.announce.dataset.testid = "last-move";
  const cityHead = el("div", "ak-city-head");
  parts.cityTitle = el("h3", "ak-city-title");
  parts.tools = el("div", "ak-tools");
  cityHead.append(parts.cityTitle, parts.tools);
  parts.cityHost = el("div", "ak-city");
  parts.cityHost.tabIndex = 0;
  parts.cityHost.dataset.testid = "city";
  parts.cityHost.id = "ak-city";
  parts.cityHost.setAttribute("role", "tabpanel");
  // The map (the city, or every city side by side) and, under it, the action bar: the
  // construction site and the tile in hand with Rotate / Cancel / Place. The bar sticks to the
  // bottom of the screen, so the map and what to do next are on screen together on a phone.
  parts.cityHost.dataset.role = "map";
  parts.overview = el("div", "ak-overview-slot");
  parts.overview.dataset.role = "map";
  parts.dock = el("div", "ak-dock");
  parts.dock.dataset.testid = "action-bar";
  parts.site = el("div", "ak-site-slot");
  parts.place = el("div", "ak-place");
  parts.dock.append(parts.site, parts.place);
  parts.stage.append(cityHead, parts.cityHost, parts.overview, parts.dock);
  parts.main = el("div", "ak-main");
  parts.scores = el("div", "ak-scores-slot");
  parts.main.append(parts.stage, parts.scores);
  const body = el("div", "ak-body");
  body.append(parts.main, parts.side);
  root.append(parts.header, parts.announce, parts.final, parts.players, body);
  element.append(root);
  S.root = element;
  S.finalKey = "";
  S.parts = parts;
  S.city = new CityView(parts.cityHost, {
    label: t("akropolis.city"),
    onHover: (point) => hover(point),
    onTap: (point, kind) => tap(point, kind),
    onWheelRotate: (point, dir) => (overGhost(point) ? (rotate(dir), true) : false),
    describe: (cell) => `${hexWords(cell.hex)} · ${t("akropolis.level_n", { n: cell.level })}`,
  });
  parts.cityHost.addEventListener("keydown", onKey);
  buildTools(parts.tools);
}

function buildTools(tools) {
  tools.append(
    toolButton("+", t("akropolis.zoom_in"), () => S.city.zoom(1 / 1.25)),
    toolButton("−", t("akropolis.zoom_out"), () => S.city.zoom(1.25)),
    toolButton("⤢", t("akropolis.fit"), () => fitCity(true), "fit"),
    toolButton("▦", t("akropolis.overview"), () => {
      S.overview = !S.overview;
      draw();
    }, "overview"),
  );
}

/** The game view, whether render got the socket view ({to_act, result, game}) or a bare one. */
function gameOf(view) {
  if (!view) return null;
  if (view.game && typeof view.game === "object") return view.game;
  return view.cities ? view : null;
}

function names() {
  return namesFor(S.game, S.ctx.room);
}

/** Each seat's name (the Architect's in solo), by seat. */
function namesFor(game, room) {
  const list = [];
  for (let seat = 0; seat < Math.max(game.seats, 2); seat += 1) {
    if (game.solo && seat === 1) list.push(t("akropolis.architect"));
    else list.push(room?.seats?.[seat]?.name || t("akropolis.seat", { n: seat + 1 }));
  }
  return list;
}

function myMoves() {
  return S.ctx.canMove ? S.ctx.legalMoves || [] : [];
}

function tileMoves(index = S.selected) {
  return myMoves().filter((move) => move.tile === index);
}

// ---------- placing ----------

/** Reset the selection when the legal moves change (new turn, or a move was sent). */
function syncMoves() {
  const moves = myMoves();
  const key = `${S.ctx.canMove}:${moves.length}:${moves[0] ? JSON.stringify(moves[0]) : ""}:${S.game.turn}:${turnsPlayed(S.game)}`;
  if (key === S.movesKey) return;
  S.movesKey = key;
  S.selected = null;
  S.ghost = null;
  S.pinned = false;
}

function affordable(index) {
  const moves = myMoves();
  if (moves.length) return moves.some((move) => move.tile === index);
  const me = S.game.cities.find((city) => city.seat === S.ctx.seat);
  return !me || index <= me.stones;
}

function pickTile(index) {
  if (!tileMoves(index).length) return;
  if (S.selected === index) {
    S.selected = null;
    S.ghost = null;
  } else {
    S.selected = index;
    const moves = tileMoves(index);
    const centre = S.ghost ? moveCentroid(S.ghost) : [0, 0];
    S.ghost = nearest(moves.filter((m) => m.rot === S.rot), centre) || moves[0];
    S.rot = S.ghost.rot;
    if (S.ctx.seat !== null) S.shown = S.ctx.seat;
    S.overview = false;
  }
  S.pinned = false;
  draw();
  if (S.selected !== null) {
    S.parts.cityHost.focus({ preventScroll: true });
    // On a small screen, bring the whole city above the action bar (its scroll margin).
    if (window.matchMedia?.("(max-width: 600px)").matches) S.parts.cityHost.scrollIntoView({ block: "nearest" });
  }
}

/** The legal move of the selected tile that snaps to a world point (current rotation first). */
function snap(point) {
  return snapMove(tileMoves(), S.rot, point);
}

/** Mouse only: the ghost follows the pointer, snapping to the nearest legal spot. */
function hover(point) {
  if (S.selected === null) return;
  const move = snap(point);
  if (move && move !== S.ghost) {
    S.ghost = move;
    S.rot = move.rot;
    drawGhost();
  }
}

/**
 * A click or tap on the city. With a mouse the ghost already follows the pointer, so a click on
 * it places it. A touch first settles the ghost on the tapped spot; a second tap on it places it.
 */
function tap(point, kind) {
  if (S.selected === null) return;
  const move = snap(point);
  if (!move) return;
  if (move === S.ghost && (kind === "mouse" || S.pinned)) {
    confirm();
    return;
  }
  S.ghost = move;
  S.rot = move.rot;
  S.pinned = true;
  drawGhost();
}

/** Rotate the ghost to the next rotation that has a legal spot, staying near where it is. */
function overGhost(point) {
  if (!S.ghost || !point) return false;
  const [x, y] = point;
  return movePositions(S.ghost).some(([q, r]) => {
    const [cx, cy] = centre(q, r);
    return Math.hypot(cx - x, cy - y) < SIZE * 1.05;
  });
}

function rotate(dir) {
  if (!S.ghost) return;
  const move = rotateMove(tileMoves(), S.rot, dir, S.ghost);
  if (!move) return;
  S.ghost = move;
  S.rot = move.rot;
  drawGhost();
}

/** Move the ghost to the nearest legal spot in a direction (arrow keys). */
function step(dx, dy) {
  if (!S.ghost) return;
  const move = stepMove(tileMoves(), S.ghost, dx, dy);
  if (!move) return;
  S.ghost = move;
  S.rot = move.rot;
  S.pinned = true;
  drawGhost();
}

function confirm() {
  if (!S.ghost || !S.ctx.canMove) return;
  const move = { ...S.ghost };
  S.selected = null;
  S.ghost = null;
  S.pinned = false;
  S.ctx.onMove(move);
}

function cancel() {
  S.selected = null;
  S.ghost = null;
  S.pinned = false;
  draw();
}

function onKey(event) {
  const keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (keys[event.key] && S.ghost) {
    step(...keys[event.key]);
  } else if (keys[event.key]) {
    S.city.pan(...keys[event.key]);
  } else if ((event.key === "r" || event.key === "R") && S.ghost) {
    rotate(event.shiftKey ? -1 : 1);
  } else if (event.key === "Enter" && S.ghost) {
    confirm();
  } else if (event.key === "Escape" && S.selected !== null) {
    cancel();
  } else if (/^[1-9]$/.test(event.key) && S.ctx.canMove) {
    pickTile(Number(event.key) - 1);
  } else if (event.key === "+" || event.key === "=") {
    S.city.zoom(1 / 1.25);
  } else if (event.key === "-") {
    S.city.zoom(1.25);
  } else {
    return;
  }
  event.preventDefault();
}

// ---------- drawing ----------

function shownCity() {
  return S.game.cities.find((city) => city.seat === S.shown) || S.game.cities[0];
}

function spotPositions() {
  return spotsOf(tileMoves());
}

function fitCity(force = false) {
  const city = shownCity();
  const positions = [...city.hexes.map((cell) => [cell.q, cell.r]), ...spotPositions()];
  // Refit when what is shown changes, not only its size: a review's better move has as many
  // hexes as the move played, elsewhere.
  const key = `${city.seat}:${positions.map(([q, r]) => `${q},${r}`).join(" ")}`;
  if (!force && (S.city.userMoved || key === S.fitKey)) return;
  S.fitKey = key;
  S.city.fit(positions);
}

function ghostText(move) {
  let text = t("akropolis.level_n", { n: move.level });
  if (move.stones) text += ` · +${stonesText(move.stones)}`;
  return text;
}

function drawGhost() {
  const tile = S.selected !== null ? S.game.site.find((item) => item.index === S.selected)?.tile : null;
  const mine = S.shown === S.ctx.seat;
  S.city.drawGhost(mine ? S.ghost : null, tile, { pinned: S.pinned, text: S.ghost ? ghostText(S.ghost) : "" });
  drawPlaceBar();
}

function drawPlaceBar() {
  const tile = S.selected !== null ? S.game.site.find((item) => item.index === S.selected)?.tile : null;
  S.parts.dock.classList.toggle("placing", S.selected !== null && S.ctx.canMove);
  fillPlaceBar(S.parts.place, {
    error: S.ctx.error,
    canMove: S.ctx.canMove,
    game: S.game,
    names: names(),
    selected: S.selected,
    ghost: S.ghost,
    tile,
    waiting: !(S.ctx.legalMoves || []).length,
    onRotate: () => rotate(1),
    onCancel: cancel,
    onConfirm: confirm,
  });
}

function drawCity() {
  const overview = S.overview && S.game.cities.length > 1;
  S.parts.cityHost.hidden = overview;
  S.parts.overview.replaceChildren();
  S.parts.stage.classList.toggle("ak-overview-on", overview);
  if (overview) {
    S.parts.cityTitle.textContent = t("akropolis.overview");
    S.parts.overview.append(cityGrid({ game: S.game, names: names(), me: S.ctx.seat, fresh: S.fresh, onShow: showCity }));
  }
  const city = shownCity();
  const mine = city.seat === S.ctx.seat;
  if (!overview) S.parts.cityTitle.textContent = mine ? t("akropolis.your_city") : t("akropolis.city_of", { name: names()[city.seat] });
  S.parts.cityHost.setAttribute(
    "aria-label",
    `${S.parts.cityTitle.textContent}. ${S.ghost ? t("akropolis.keys_hint") : ""}`,
  );
  S.city.svg.setAttribute("aria-label", S.parts.cityTitle.textContent);
  S.city.draw(city, {
    spots: mine ? spotPositions() : [],
    fresh: S.fresh.get(city.seat) || new Set(),
    marked: S.marked.get(city.seat) || new Set(),
  });
  fitCity();
  drawGhost();
}

/** Show one city large (from a player chip or the overview). */
function showCity(seat) {
  S.shown = seat;
  S.overview = false;
  S.pulse.delete(seat);
  S.fitKey = "";
  S.city.userMoved = false;
  draw();
}

/** A selector for the focused site card or player chip, to give focus back after a redraw. */
function focusedSelector() {
  const active = document.activeElement;
  if (!active || !S.root.contains(active)) return null;
  if (active.matches(".ak-card")) return `.ak-card[data-index="${active.dataset.index}"]`;
  if (active.matches(".ak-chip")) return `.ak-chip[data-seat="${active.dataset.seat}"]`;
  return null;
}

function draw() {
  const focused = focusedSelector();
  drawAll();
  if (focused) S.root.querySelector(focused)?.focus({ preventScroll: true });
}

function drawAll() {
  const game = S.game;
  const result = S.ctx.view?.result;
  fillHeader(S.parts.header, { game, names: names(), seat: S.ctx.seat, headline: S.ctx.headline });
  // The live room draws the final table in its result panel (drawResult); a replay's board,
  // with no headline, keeps its own.
  const finalKey = result ? JSON.stringify([result, names(), Boolean(S.ctx.headline)]) : "";
  if (finalKey !== S.finalKey) {
    S.finalKey = finalKey;
    S.parts.final.replaceChildren();
    if (result && !S.ctx.headline) S.parts.final.append(finalPanel({ result, names: names(), game, headline: true }));
    if (result && S.ctx.headline) ownTableUnlessTheRoomDraws(finalKey);
  }
  S.parts.players.replaceChildren(
    playerChips({
      game,
      names: names(),
      me: S.ctx.seat,
      shown: S.shown,
      fresh: S.fresh,
      pulse: S.pulse,
      onShow: showCity,
    }),
  );
  S.parts.site.replaceChildren();
  if (!game.finished) {
    const canPick = myMoves().length > 0;
    S.parts.site.append(
      siteRow({ game, affordable, selected: S.selected, canMove: canPick, primary: canPick && S.selected === null, onPick: pickTile }),
    );
  }
  S.parts.dock.hidden = game.finished && !S.ctx.error;
  drawCity();
  S.parts.scores.replaceChildren(scorePanel({ game, names: names() }));
  const side = [];
  if (game.architect) side.push(architectPanel(game.architect));
  const entries = [...S.log.entries()].sort((a, b) => a[0] - b[0]).map(([, lines]) => lines);
  side.push(logPanel(entries));
  S.parts.side.replaceChildren(...side);
}

/**
 * Until the room page draws its result panel with the board's table (drawResult), a live
 * game's end would show no table at all: draw it in the board when the room has not asked
 * for it by the end of this update.
 */
function ownTableUnlessTheRoomDraws(key) {
  queueMicrotask(() => {
    if (S.finalKey !== key || S.roomDrewResult === key || !S.parts) return;
    if (S.parts.final.childElementCount) return;
    S.parts.final.append(finalPanel({ result: S.ctx.view.result, names: names(), game: S.game, headline: true }));
  });
}

/** The final table, for the room's result panel: ranks, players, scores by type, labelled. */
function drawResult(box, ctx = {}) {
  injectCss();
  const view = ctx.view ?? S.ctx?.view;
  const game = gameOf(view) ?? S.game;
  const result = ctx.result ?? view?.result;
  if (!game || !result) return;
  S.roomDrewResult = S.finalKey;
  S.parts?.final.replaceChildren();
  box.append(finalPanel({ result, names: namesFor(game, ctx.room ?? S.ctx?.room), game }));
}

/** A seat's name as the board says it (in solo, seat 1 is the Illustrious Architect). */
function seatName(seat, ctx = {}) {
  const game = gameOf(ctx.view ?? S.ctx?.view) ?? S.game;
  return game ? namesFor(game, ctx.room ?? S.ctx?.room)[seat] : undefined;
}

export default {
  drawResult,
  seatName,
  /** A move's refusal shows in this board's action bar (room.js then keeps it from above the board). */
  showsRefusals: true,
  /** This board draws the final table itself (drawResult: room.js then has no generic one). */
  showsResult: true,
  /** Draw the view; offer only the server's legal moves; `onMove(move)` sends one. */
  render(element, ctx) {
    const game = gameOf(ctx.view);
    if (!game) {
      if (S.root !== element || !element.querySelector(".ak-waiting")) {
        injectCss();
        element.replaceChildren(el("p", "hint ak-waiting", t("akropolis.not_started")));
        S.root = null;
      }
      return;
    }
    if (S.root !== element || !element.querySelector(".ak-root")) build(element);
    S.ctx = { ...ctx, seat: ctx.seat ?? null };
    S.game = game;
    if (S.shown === null || !game.cities.some((city) => city.seat === S.shown)) {
      S.shown = game.cities.some((city) => city.seat === S.ctx.seat) ? S.ctx.seat : game.cities[0].seat;
    }
    if (isReplay()) {
      S.log = new Map();
      S.lastKey = null;
    }
    noteLastMove(S, game, names(), draw);
    syncMoves();
    draw();
    loadLog(S, names(), draw);
  },
};
