// The Agorapolis board: a board per player (five sectors: reserve, bet, dice), the market,
// the renown track, the exploit marker and cards, the action order, the resist prompt with
// its countdown, and the end screen. Like chessground it holds no rules: every control comes
// from the `legal_moves` list the server sent, and it shows only what the view carries
// (another seat's secret commit is never in this seat's view).
import { t } from "../i18n.js";
import { actionPanel, pickDie, pickMarketDie } from "./agorapolis/actions.js";
import { button, el } from "./agorapolis/dom.js";
import {
  attackPanel,
  cardsPanel,
  exploitPanel,
  insightPanel,
  marketPanel,
  orderPanel,
  phaseBanner,
  readyStrip,
  renownTrack,
  resolutionPanel,
  strifePanel,
  tickCountdowns,
} from "./agorapolis/panels.js";
import { playerBoard } from "./agorapolis/players.js";
import { eventLog } from "./agorapolis/log.js";
import { finalPanel, finalTable } from "./agorapolis/result.js";
import { drawHint, hintWords, showHint } from "./agorapolis/hint.js";
import { marketRefusal, say } from "./agorapolis/refusals.js";
import { useStylesheet } from "./stylesheet.js";

const CSS_HREF = new URL("../../css/agorapolis.css", import.meta.url).href;

/** What the board remembers between renders. */
const S = { element: null, props: null, timer: null, pickedDie: null, dieKey: "", wantFocus: null, autoKey: "", zoom: 1 };

function injectCss() {
  useStylesheet(CSS_HREF);
}

/** The game view, whether render got the composed view ({to_act, result, game}) or a bare one. */
function gameOf(view) {
  if (!view) return null;
  if (view.game && typeof view.game === "object") return view.game;
  return view.players ? view : null;
}

/** Seat names from the room (fallback "Seat n"). */
function seatNames(game, room) {
  return game.players.map((p) => room?.seats?.[p.seat]?.name || t("agorapolis.seat", { n: p.seat + 1 }));
}

/** Keep the die picked on the board only while the same seat acts in the same sector. */
function syncPickedDie(game) {
  const key = `${game.round}:${game.sector}:${game.active_seat}`;
  if (key !== S.dieKey) {
    S.dieKey = key;
    S.pickedDie = null;
  }
}

/** Start (or stop) the one-second timer that refreshes countdowns. */
function syncTimer(hasDeadline) {
  if (hasDeadline && !S.timer) S.timer = setInterval(() => S.element && tickCountdowns(S.element), 250);
  if (!hasDeadline && S.timer) {
    clearInterval(S.timer);
    S.timer = null;
  }
}

/** Build the context shared by the panels. */
function context(props, game) {
  const view = props.view || {};
  const seat = props.seat ?? null;
  const ctx = {
    game,
    seat,
    names: seatNames(game, props.room),
    toAct: view.to_act || game.to_act || [],
    legalMoves: props.canMove ? props.legalMoves || [] : [],
    canMove: Boolean(props.canMove),
    onMove: (move) => props.onMove?.(move),
    redraw: () => draw(),
    pickedDie: S.pickedDie,
    autoResist: resistPreference() !== "ask",
    headline: Boolean(props.headline),
    colour: typeof props.colour === "function" ? props.colour : null,
  };
  const dieMoves = ctx.legalMoves.some((m) => "die" in m);
  if (dieMoves && game.phase === "ACTION_TURN") {
    ctx.dieClick = (index) => {
      S.pickedDie = index;
      pickDie(index);
      draw();
    };
  }
  if (game.phase === "ACTION_TURN" && ctx.legalMoves.some((m) => m.type === "finalise")) {
    ctx.marketClick = (index) => {
      const swap = ctx.legalMoves.some((m) => m.type === "commerce_swap" && m.market_die === index && (m.market ?? "common") === "common");
      if (swap) {
        pickMarketDie(index);
        draw();
        return;
      }
      const why = marketRefusal(ctx);
      if (why) say(S.element, "market", why);
    };
  }
  return ctx;
}

const RESIST_KEY = "agorapolis.resist";

/** The player's local resist preference: "ask", "never" or "max" (not part of the rules, §7.4). */
function resistPreference() {
  try {
    return localStorage.getItem(RESIST_KEY) || "ask";
  } catch {
    return "ask";
  }
}

/** Answer a resist prompt at once when the player chose "never" or "max" (once per prompt). */
function autoResist(ctx) {
  const moves = ctx.legalMoves;
  const preference = resistPreference();
  if (preference === "ask" || !moves.length || moves.some((m) => m.type !== "resist")) return;
  const key = JSON.stringify([ctx.game.round, ctx.game.events?.at(-1)?.seq, moves]);
  if (S.autoKey === key) return;
  S.autoKey = key;
  const sorted = [...moves].sort((a, b) => a.count - b.count);
  const move = preference === "never" ? sorted[0] : sorted[sorted.length - 1];
  setTimeout(() => ctx.onMove(move), 0);
}

/** The local "when attacked" preference, a labelled select. */
function preferencePanel() {
  const box = el("section", "agp-prefs");
  const label = el("label", "agp-field wide");
  label.append(el("span", "", t("agorapolis.pref.resist")));
  const select = el("select");
  select.dataset.focusKey = "pref:resist";
  select.dataset.testid = "pref-resist";
  for (const value of ["ask", "never", "max"]) {
    const option = el("option", "", t(`agorapolis.pref.resist_${value}`));
    option.value = value;
    option.selected = value === resistPreference();
    select.append(option);
  }
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(RESIST_KEY, select.value);
    } catch {
      // Private mode without storage: the prompt keeps asking.
    }
    draw();
  });
  label.append(select);
  box.append(label, el("p", "agp-sub", t("agorapolis.pref.resist_help")));
  return box;
}

/** Zoom steps of the cities (the board's map): pinch, the +/− buttons, or Ctrl/⌘ + wheel. */
const ZOOM_MIN = 0.6;
const ZOOM_MAX = 1.6;

function setZoom(map, zoom, tools = S.element?.querySelector(".agp-zoom")) {
  S.zoom = Math.round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom)) * 100) / 100;
  map.style.setProperty("--agp-zoom", String(S.zoom));
  for (const b of tools?.querySelectorAll("[data-zoom]") || []) {
    b.disabled = b.dataset.zoom === "in" ? S.zoom >= ZOOM_MAX : S.zoom <= ZOOM_MIN;
  }
}

/**
 * The board's map: every city (the seat's own first), zoomable. A wheel over it scrolls
 * the page; with Ctrl/⌘ held it zooms. Two fingers pinch; one finger scrolls as usual.
 */
function mapArea(ctx) {
  const game = ctx.game;
  const map = el("section", "agp-map");
  map.dataset.role = "map";
  map.setAttribute("aria-label", t("agorapolis.cities"));
  const tools = el("div", "agp-zoom");
  tools.setAttribute("role", "group");
  tools.setAttribute("aria-label", t("agorapolis.cities"));
  for (const [dir, text] of [["out", "−"], ["in", "+"]]) {
    const b = el("button", "agp-zoom-button", text);
    b.type = "button";
    b.dataset.zoom = dir;
    b.dataset.focusKey = `zoom:${dir}`;
    b.setAttribute("aria-label", t(`agorapolis.zoom_${dir}`));
    b.title = b.getAttribute("aria-label");
    b.addEventListener("click", () => setZoom(map, S.zoom * (dir === "in" ? 1.2 : 1 / 1.2), tools));
    tools.append(b);
  }
  const players = el("div", "agp-players");
  const order = [...game.players].sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
  for (const player of order) players.append(playerBoard(ctx, player));
  map.append(players);
  map.addEventListener("wheel", (event) => {
    if (!event.ctrlKey && !event.metaKey) return; // the page scrolls
    event.preventDefault();
    setZoom(map, S.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1));
  }, { passive: false });
  const touches = new Map();
  let pinch = null;
  map.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    touches.set(event.pointerId, [event.clientX, event.clientY]);
    if (touches.size === 2) {
      const [a, b] = [...touches.values()];
      pinch = { distance: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, zoom: S.zoom };
    }
  });
  map.addEventListener("pointermove", (event) => {
    if (!touches.has(event.pointerId)) return;
    touches.set(event.pointerId, [event.clientX, event.clientY]);
    if (pinch && touches.size === 2) {
      const [a, b] = [...touches.values()];
      setZoom(map, pinch.zoom * (Math.hypot(a[0] - b[0], a[1] - b[1]) / pinch.distance));
    }
  });
  const lift = (event) => {
    touches.delete(event.pointerId);
    if (touches.size < 2) pinch = null;
  };
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) map.addEventListener(type, lift);
  setZoom(map, S.zoom, tools);
  return [map, tools];
}

/** The main column: banner, prompts, then every player's city (the map). */
function mainColumn(ctx, view) {
  const game = ctx.game;
  const main = el("div", "agp-main");
  const [map, zoom] = mapArea(ctx);
  const banner = phaseBanner(ctx);
  banner.append(zoom);
  main.append(banner);
  if (game.phase?.startsWith("ACTION") && game.sector) main.append(orderPanel(ctx));
  else if ((game.committed || []).length || ctx.toAct.length > 1) main.append(readyStrip(ctx));
  // In the live room the result panel above the board holds the final table (drawResult).
  if (view.result && !ctx.headline) main.append(finalPanel(ctx, view.result));
  if (game.attack) main.append(attackPanel(ctx, view.deadline));
  main.append(map);
  return main;
}

/** The side column: renown track, market, action order, cards, exploit, resolution, log. */
function sideColumn(ctx) {
  const game = ctx.game;
  const side = el("div", "agp-side");
  side.append(renownTrack(ctx), marketPanel(ctx));
  side.append(cardsPanel(ctx));
  if (game.strife) side.append(strifePanel(ctx));
  if (game.insight) side.append(insightPanel(ctx));
  if (game.bids || game.exploit_draw || game.drawn_cards) side.append(exploitPanel(ctx));
  if (game.resolution) side.append(resolutionPanel(ctx));
  if (ctx.seat !== null && game.phase !== "GAME_OVER") side.append(preferencePanel());
  side.append(eventLog(ctx));
  return side;
}

/**
 * The board's first stop for the keyboard while the seat has a move to make: the move bar
 * comes last (after every city, the market and the log), so this jumps straight to it.
 * Parked off-screen like a skip link until it has the focus.
 */
function skipToMove(element) {
  const skip = button(t("agorapolis.skip_to_move"), () => {
    const bar = element.querySelector(".agp-actions");
    const usable = "button:not([aria-disabled]), select";
    const primary = bar?.querySelector("[data-primary]");
    // The primary control may be a row of choices (the bets): its first one then.
    const target = primary?.matches(usable) ? primary : primary?.querySelector(usable) || bar?.querySelector(usable);
    target?.focus();
  }, { cls: "agp-skip", testid: "agp-skip", key: "skip" });
  return skip;
}

/** Redraw everything from the last props, keeping keyboard focus on the same control. */
function draw() {
  const { element, props } = S;
  const game = gameOf(props?.view);
  if (!element) return;
  const focusKey = document.activeElement?.dataset?.focusKey;
  const focusInside = element.contains(document.activeElement);
  element.replaceChildren();
  if (!game) {
    element.append(el("p", "agp-sub", t("agorapolis.waiting_start")));
    syncTimer(false);
    return;
  }
  syncPickedDie(game);
  const view = props.view.game ? props.view : { game };
  const ctx = context(props, game);
  autoResist(ctx);
  const root = el("div", "agp-root");
  root.append(mainColumn(ctx, view), sideColumn(ctx));
  if (ctx.canMove && ctx.legalMoves.length) element.append(skipToMove(element));
  element.append(root);
  // The action bar comes last, outside the grid: sticky at the bottom of the screen while
  // the board scrolls, so the cities and the move being made are on screen together.
  if (ctx.canMove) element.append(actionPanel(ctx));
  drawHint(element, ctx);
  syncTimer(Boolean(view.deadline));
  restoreFocus(element, focusInside ? focusKey || "" : null);
}

/**
 * Keep keyboard focus across redraws: on the same control if it still exists, else on the
 * first control of the action panel as soon as one is offered again (after a move is sent
 * the panel is briefly empty while the next legal moves arrive).
 * @param {HTMLElement} element
 * @param {string|null} focusKey  the focused control's key, or null if focus was elsewhere
 */
function restoreFocus(element, focusKey) {
  if (focusKey !== null) S.wantFocus = focusKey;
  if (S.wantFocus === null) return;
  const idle = document.activeElement === document.body || element.contains(document.activeElement);
  if (!idle) {
    S.wantFocus = null;
    return;
  }
  const same = S.wantFocus && element.querySelector(`[data-focus-key="${CSS.escape(S.wantFocus)}"]`);
  const target = same || element.querySelector(".agp-actions button, .agp-actions select");
  if (target) {
    target.focus({ preventScroll: true });
    S.wantFocus = null;
  }
}

/** The seat names for a result drawn outside render (the room's result panel). */
function resultNames(ctx, game) {
  if (Array.isArray(ctx?.names)) return ctx.names;
  const count = ctx?.result?.breakdown?.length ?? game?.players?.length ?? 0;
  const seats = ctx?.room?.seats || S.props?.room?.seats || [];
  return Array.from({ length: count }, (_, seat) => seats[seat]?.name || t("agorapolis.seat", { n: seat + 1 }));
}

export default {
  /** This board draws the final table itself (in the room's result panel, via drawResult). */
  showsResult: true,
  /**
   * Draw the view; `onMove(move)` sends one of `legalMoves`.
   * @param {HTMLElement} element
   * @param {{view: object, seat: number|null, room: object, legalMoves: object[], canMove: boolean,
   *          onMove: Function, headline?: boolean, colour?: (seat: number) => number}} props
   */
  render(element, props) {
    injectCss();
    element.classList.add("agp-board");
    S.element = element;
    S.props = props;
    draw();
  },
  /** A hint in the player's words (static/js/hints.js), from what this seat's view shows. */
  describeMove(move) {
    const game = gameOf(S.props?.view);
    const names = game ? seatNames(game, S.props.room) : [];
    return hintWords(move, { game, seat: S.props?.seat ?? null, names });
  },
  /** Preselect the hinted move in its form, its die picked, and outline it. */
  showHint(move) {
    const shown = Boolean(S.props?.canMove) && showHint(move, S.props.legalMoves || []);
    if (shown && typeof move.die === "number") S.pickedDie = move.die;
    if (shown) draw();
    return shown;
  },
  /**
   * Fill the room's result panel with the final table: ranks, players, the renown
   * breakdown with labelled columns. No winner headline (the room says it once).
   * @param {HTMLElement} box
   * @param {{result?: object, view?: object, room?: object, names?: string[], seat?: number|null,
   *          colour?: (seat: number) => number}} ctx
   */
  drawResult(box, ctx = {}) {
    injectCss();
    const view = ctx.view ?? S.props?.view;
    const game = gameOf(view);
    const result = ctx.result ?? view?.result;
    box.replaceChildren();
    if (!result) return;
    const colour = typeof ctx.colour === "function" ? ctx.colour : S.props?.colour;
    const table = el("section", "agp-final agp-result");
    table.dataset.testid = "agp-final";
    table.append(finalTable({ names: resultNames(ctx, game), colour }, result));
    box.append(table);
  },
};
