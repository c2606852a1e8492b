// The Attika board: the growing map as SVG with an action bar under it (sticky at the bottom
// of the screen: prompt, stacks, the drawn building, placing a new piece of land, paying,
// end turn), your reserve and hand, every player's progress (the radar), the log in words and
// the final table. Like chessground it holds no rules: the prompt, the cards and every control
// are built from the legal moves the server sent (`legal_moves`), costs included, so they
// cannot disagree; every "cannot" says why.
// The board's state is in attika/state.js, the player's actions and keys in
// attika/actions.js, the drawing in attika/draw.js.
import { t } from "../i18n.js";
import { isReplay } from "./replay.js";
import { useStylesheet } from "./stylesheet.js";
import { noteTurn, onBoardKey, onHover, onKey, onTap } from "./attika/actions.js";
import { drawAll, fit } from "./attika/draw.js";
import { describeMove, forgetHint, setHinted, showHint } from "./attika/hint.js";
import { MapView } from "./attika/mapview.js";
import { button, el, resultTable } from "./attika/panels.js";
import { skeleton } from "./attika/skeleton.js";
import { S, colourOf, gameOf, namesOf, syncMoves } from "./attika/state.js";

const CSS_HREF = new URL("../../css/attika.css", import.meta.url).href;

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
    topBand: () => toolsBand(parts),
  });
  // The map's height leaves room for the bar: both stay on screen together (attika.css).
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => {
      element.style.setProperty("--at-bar-h", `${Math.round(parts.bar.getBoundingClientRect().height)}px`);
    }).observe(parts.bar);
    // The first fit may come before the stylesheet lays the map and its floating buttons
    // out: fit again when the map's width or the buttons' band change, unless the player
    // has moved the map.
    let shape = "";
    const refit = new ResizeObserver(() => {
      const now = `${Math.round(parts.mapHost.getBoundingClientRect().width)}:${toolsBand(parts)}`;
      if (now === shape || !S.game || S.root !== element) return;
      shape = now;
      if (!S.map.userMoved) fit(true);
    });
    refit.observe(parts.mapHost);
    refit.observe(parts.tools);
  }
  parts.tools.append(
    button("+", () => S.map.zoom(1 / 1.25), { cls: "at-tool", title: t("attika.zoom_in"), testid: "zoom-in" }),
    button("−", () => S.map.zoom(1.25), { cls: "at-tool", title: t("attika.zoom_out"), testid: "zoom-out" }),
    button("⤢", () => fit(true), { cls: "at-tool", title: t("attika.fit"), testid: "zoom-fit" }),
  );
}

/** How far down the map the zoom buttons reach (px): the land is fitted under them. */
function toolsBand(parts) {
  const tools = parts.tools.getBoundingClientRect();
  if (!tools.height) return 0;
  return Math.max(0, Math.ceil(tools.bottom - parts.mapHost.getBoundingClientRect().top) + 4);
}

export default {
  /** A hint in words, and shown on the board (static/js/hints.js, attika/hint.js). */
  describeMove,
  showHint,
  /** Mark the moves (numbers from 1, as the log's events) played after a hint. */
  markHinted(numbers) {
    if (setHinted(numbers) && S.game && S.root) drawAll();
  },
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
    forgetHint(game);
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
