// What the player does on the Attika board: sending a move (asking once before an
// irreversible spend), picking a building, a hex and its payment, placing and turning a new
// piece of land, the pointer and the keys on the map, and bringing the map and its action bar
// back on screen. Each action changes S and redraws (draw.js).
import { t } from "../../i18n.js";
import { isReplay } from "../replay.js";
import { drawAll, drawDynamic } from "./draw.js";
import { stepTo } from "./offer.js";
import { canonicalExtra, extraCount } from "./payment.js";
import { S, anchors, me, names, placeMove, spotMoves } from "./state.js";
import { whyNotBuilding, whyNotDraw, whyNotHere } from "./why.js";

/** localStorage key: the player asked not to be asked again before spending an amphora. */
const SKIP_SPEND_QUESTION = "agora.attika.skipSpendQuestion";

export function send(move) {
  if (!S.ctx.canMove) return;
  S.why = "";
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
export function ask(move) {
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

/** Say why the player's try is refused (the action bar's status line), and redraw. */
function refuse(text) {
  S.why = text;
  drawAll();
}

/** Drawing from stack `index` is not offered: say why. */
export function refuseDraw(index) {
  refuse(whyNotDraw(S.game, me(), index, names()));
}

export function pickBuilding(id, event) {
  if (!(S.moves.builds.get(id) || []).length) {
    // Not offered now (aria-disabled): the try is answered in words, nothing is selected.
    if (me() !== null) refuse(whyNotBuilding(S.game, me(), id, names()));
    return;
  }
  S.why = "";
  S.selected = S.selected === id ? null : id;
  S.chosen = null;
  S.cursor = null;
  drawAll();
  if (!S.selected) return;
  revealStage();
  // A keyboard choice (no pointer: detail 0) goes on to the map's arrows.
  if (event && event.detail === 0) S.parts.mapHost.focus({ preventScroll: true });
}

export function cancelPick() {
  S.why = "";
  S.selected = null;
  S.chosen = null;
  S.cursor = null;
  drawAll();
}

function chooseSpot(move) {
  S.why = "";
  S.chosen = move;
  S.extra = canonicalExtra(move);
  S.cursor = { q: move.q, r: move.r };
  drawAll();
  S.root.querySelector("[data-testid=pay-confirm]")?.focus({ preventScroll: true });
}

export function changeExtra(symbol, delta) {
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

export function confirmBuild(pay) {
  const move = S.chosen;
  if (!move) return;
  send({ ...move, pay });
}

/** Back one step: from paying to choosing a spot, from choosing a spot to nothing. */
export function cancel() {
  if (S.chosen) S.chosen = null;
  else if (S.selected !== "pending") S.selected = null;
  S.cursor = null;
  drawAll();
}

export function placePiece() {
  if (!S.ghost) return;
  const move = placeMove(S.ghost.q, S.ghost.r, S.rot);
  if (move) send(move);
}

export function rotatePiece(dir) {
  if (!S.moves.places.length || !S.ghost) return;
  S.rot = (S.rot + dir + 6) % 6;
  drawDynamic();
}

// ---------- pointer and keyboard on the map ----------

export function onHover([q, r]) {
  if (!S.moves?.places.length || S.pinned) return;
  if (placeMove(q, r, S.rot) && (!S.ghost || S.ghost.q !== q || S.ghost.r !== r)) {
    S.ghost = { q, r };
    drawDynamic();
  }
}

export function onTap([q, r], kind) {
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
  else if (S.selected && me() !== null && !S.chosen) {
    const id = S.selected === "pending" ? S.game.pending?.building : S.selected;
    if (id) refuse(whyNotHere(S.game, me(), id, q, r, names()));
  }
}

export function onKey(event) {
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
export function onBoardKey(event) {
  if (event.target.closest("input, textarea, select")) return;
  if (/^[1-4]$/.test(event.key) && S.game && me() !== null) {
    const index = Number(event.key) - 1;
    const move = S.moves?.draws.get(index);
    event.preventDefault();
    if (move) ask(move);
    else refuseDraw(index);
  }
}

/** The seat's turn just began (or its moves changed from none): bring the map on screen. */
export function noteTurn() {
  const moving = Boolean(S.ctx.canMove) && S.game.phase !== "over";
  if (moving && !S.wasMoving) requestAnimationFrame(revealStage);
  else if (S.keepSoon) requestAnimationFrame(keepStage);
  S.keepSoon = false;
  S.wasMoving = moving;
}
