// The Akropolis board: cities as SVG, the construction site, placing a tile with a ghost
// preview, live scores, move log, solo Architect and final table. Like chessground it holds no
// rules: the only placements it offers are the legal moves the server sent (`legal_moves`).
import { t } from "../i18n.js";
import { CityView } from "./akropolis/city.js";
import { fillHeader, fillPlaceBar, toolButton } from "./akropolis/bars.js";
import { describeMove, markedLog, setHinted, showHint } from "./akropolis/hint.js";
import { loadLog, noteLastMove } from "./akropolis/history.js";
import { spotsOf } from "./akropolis/placing.js";
import {
  affordable,
  cancel,
  confirm,
  drawWith,
  hover,
  onKey,
  overGhost,
  pickTile,
  rotate,
  syncMoves,
  tap,
} from "./akropolis/hand.js";
import { drawResult, seatName } from "./akropolis/result.js";
import { S, gameOf, myMoves, names, tileMoves } from "./akropolis/state.js";
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
  // Why the last try was refused (a tile too dear, a spot where the tile cannot go): said
  // at the top of the bar, between the city and the site, and read out when it changes.
  parts.why = el("p", "ak-why");
  parts.why.setAttribute("role", "status");
  parts.why.dataset.testid = "why-not";
  parts.dock.append(parts.why, parts.site, parts.place);
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
  S.city.drawTried(mine ? S.tried : null);
  drawPlaceBar();
}

function drawPlaceBar() {
  const tile = S.selected !== null ? S.game.site.find((item) => item.index === S.selected)?.tile : null;
  S.parts.dock.classList.toggle("placing", S.selected !== null && S.ctx.canMove);
  if (S.parts.why.textContent !== (S.why ?? "")) S.parts.why.textContent = S.why ?? "";
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
  // A boolean: classList.toggle(name, undefined) would flip the class at every draw.
  const overview = Boolean(S.overview) && S.game.cities.length > 1;
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
    const stones = game.cities.find((city) => city.seat === S.ctx.seat)?.stones ?? Infinity;
    S.parts.site.append(
      siteRow({ game, affordable, stones, selected: S.selected, canMove: canPick, primary: canPick && S.selected === null, onPick: pickTile }),
    );
  }
  S.parts.dock.hidden = game.finished && !S.ctx.error;
  drawCity();
  S.parts.scores.replaceChildren(scorePanel({ game, names: names() }));
  const side = [];
  if (game.architect) side.push(architectPanel(game.architect));
  side.push(logPanel(markedLog(S.log)));
  S.parts.side.replaceChildren(...side);
}

drawWith({ all: draw, ghost: drawGhost });

export default {
  /** The final table, for the room's result panel: ranks, players, scores by type, labelled. */
  drawResult(box, ctx) {
    injectCss();
    drawResult(box, ctx);
  },
  seatName,
  /** A hint in words, and shown on the board (static/js/hints.js). */
  describeMove,
  showHint,
  /** Mark the turns (numbers from 1, as the move log's) played after a hint. */
  markHinted(numbers) {
    if (setHinted(numbers) && S.game && S.root) draw();
  },
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
