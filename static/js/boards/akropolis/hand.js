// The tile in hand: picking a site tile, the ghost that follows the pointer or settles on a
// tap, rotating it, stepping it with the arrow keys, placing it or putting it back. Only the
// server's legal moves are offered (state.js); a try they do not allow (a tile too dear, a
// spot where the tile cannot go) is said in words (why.js). The board (akropolis.js) draws.
import { turnsPlayed } from "./log.js";
import { SIZE, centre, moveCentroid, movePositions, positionAt } from "./hex.js";
import { nearest, rotateMove, snapMove, spotsOf, stepMove } from "./placing.js";
import { S, myMoves, tileMoves } from "./state.js";
import { triangleAt, whySpot, whyTile } from "./why.js";

/** How the board redraws, all of it or only the ghost and the action bar (set by akropolis.js). */
const redraw = { all: () => {}, ghost: () => {} };

export function drawWith({ all, ghost }) {
  redraw.all = all;
  redraw.ghost = ghost;
}

/** Say why a try is refused (until the next thing the player does), and where it was. */
function say(words, tried = null) {
  S.why = words;
  S.tried = tried;
}

function unsay() {
  S.why = null;
  S.tried = null;
}

function myCity() {
  return S.game.cities.find((city) => city.seat === S.ctx.seat);
}

/** Reset the selection when the legal moves change (new turn, or a move was sent). */
export function syncMoves() {
  const moves = myMoves();
  const key = `${S.ctx.canMove}:${moves.length}:${moves[0] ? JSON.stringify(moves[0]) : ""}:${S.game.turn}:${turnsPlayed(S.game)}`;
  if (key === S.movesKey) return;
  S.movesKey = key;
  S.selected = null;
  S.ghost = null;
  S.pinned = false;
  unsay();
}

export function affordable(index) {
  const moves = myMoves();
  if (moves.length) return moves.some((move) => move.tile === index);
  const me = S.game.cities.find((city) => city.seat === S.ctx.seat);
  return !me || index <= me.stones;
}

export function pickTile(index) {
  if (!tileMoves(index).length) {
    // On the player's turn, a tile they cannot take says why (a card, or its number key).
    const item = S.game.site.find((entry) => entry.index === index);
    const me = myCity();
    if (!S.ctx.canMove || !item || !me) return;
    say(whyTile(item, me.stones));
    redraw.all();
    return;
  }
  unsay();
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
  redraw.all();
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
export function hover(point) {
  if (S.selected === null) return;
  const move = snap(point);
  if (move && move !== S.ghost) {
    S.ghost = move;
    S.rot = move.rot;
    redraw.ghost();
  }
}

/**
 * A click or tap on the city. With a mouse the ghost already follows the pointer, so a click on
 * it places it. A touch first settles the ghost on the tapped spot; a second tap on it places it.
 */
export function tap(point, kind) {
  if (S.selected === null) return;
  const move = snap(point);
  if (!move) return;
  const [tq, tr] = positionAt(...point);
  const mine = myCity();
  if (mine && S.shown === mine.seat && !spotsOf(tileMoves()).some(([q, r]) => q === tq && r === tr)) {
    // No offered placement covers the touched hex: say why not on the three hexes around
    // the corner touched, and bring the tile to the nearest spot where it may go, unplaced.
    const triangle = triangleAt(point);
    say(whySpot(mine, triangle), triangle);
    S.ghost = move;
    S.rot = move.rot;
    S.pinned = kind !== "mouse";
    redraw.ghost();
    return;
  }
  unsay();
  if (move === S.ghost && (kind === "mouse" || S.pinned)) {
    confirm();
    return;
  }
  S.ghost = move;
  S.rot = move.rot;
  S.pinned = true;
  redraw.ghost();
}

/** Rotate the ghost to the next rotation that has a legal spot, staying near where it is. */
export function overGhost(point) {
  if (!S.ghost || !point) return false;
  const [x, y] = point;
  return movePositions(S.ghost).some(([q, r]) => {
    const [cx, cy] = centre(q, r);
    return Math.hypot(cx - x, cy - y) < SIZE * 1.05;
  });
}

export function rotate(dir) {
  if (!S.ghost) return;
  const move = rotateMove(tileMoves(), S.rot, dir, S.ghost);
  if (!move) return;
  unsay();
  S.ghost = move;
  S.rot = move.rot;
  redraw.ghost();
}

/** Move the ghost to the nearest legal spot in a direction (arrow keys). */
function step(dx, dy) {
  if (!S.ghost) return;
  const move = stepMove(tileMoves(), S.ghost, dx, dy);
  if (!move) return;
  unsay();
  S.ghost = move;
  S.rot = move.rot;
  S.pinned = true;
  redraw.ghost();
}

export function confirm() {
  if (!S.ghost || !S.ctx.canMove) return;
  const move = { ...S.ghost };
  unsay();
  S.selected = null;
  S.ghost = null;
  S.pinned = false;
  S.ctx.onMove(move);
}

export function cancel() {
  unsay();
  S.selected = null;
  S.ghost = null;
  S.pinned = false;
  redraw.all();
}

export function onKey(event) {
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
