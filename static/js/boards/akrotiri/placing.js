// Placing the tile in hand: the legal cells and turns (from the legal moves only), the tile
// following the mouse, dragged or walked with the arrow keys, turned, then laid.
import { movesOf } from "./controls.js";
import { flip, myMoves, S } from "./state.js";

/** The board's redraw and send, given once by the board (they live in akrotiri.js). */
const hooks = { draw: () => {}, send: () => {} };
export function placingHooks({ draw, send }) {
  hooks.draw = draw;
  hooks.send = send;
}

export function tileMoves() {
  return movesOf(myMoves(), "place_tile");
}

function rotsAt(cell) {
  return tileMoves().filter((m) => m.cell[0] === cell[0] && m.cell[1] === cell[1]).map((m) => m.rot);
}

export function setSpot(cell, pinned = true) {
  const rots = rotsAt(cell);
  if (!rots.length) return;
  S.spot = { cell, rot: rots.includes(S.rot) ? S.rot : rots[0] };
  S.rot = S.spot.rot;
  S.pinned = pinned;
  hooks.draw();
}

export function rotate(dir) {
  if (!S.spot) {
    S.rot = (S.rot + dir + 4) % 4;
    hooks.draw();
    return;
  }
  const rots = rotsAt(S.spot.cell);
  for (let step = 1; step <= 4; step += 1) {
    const rot = (S.spot.rot + dir * step + 8) % 4;
    if (rots.includes(rot)) {
      S.spot = { ...S.spot, rot };
      S.rot = rot;
      break;
    }
  }
  hooks.draw();
}

export function confirmTile() {
  if (!S.spot) return;
  const move = tileMoves().find((m) => m.cell[0] === S.spot.cell[0] && m.cell[1] === S.spot.cell[1] && m.rot === S.spot.rot);
  if (move) hooks.send(move);
}

/** Arrow keys walk the tile between legal cells in the direction seen on screen. */
export function step(dx, dy) {
  const cells = uniqueCells();
  if (!cells.length) return false;
  const [gx, gy] = flip() ? [-dx, dy] : [dx, -dy];
  const from = S.spot?.cell || cells[0];
  let best = null;
  for (const cell of cells) {
    const vx = cell[0] - from[0];
    const vy = cell[1] - from[1];
    const along = vx * gx + vy * gy;
    if (along <= 0) continue;
    const score = along + 2 * Math.abs(vx * gy - vy * gx);
    if (!best || score < best[0]) best = [score, cell];
  }
  setSpot(best ? best[1] : from);
  return true;
}

export function uniqueCells() {
  const seen = new Map();
  for (const move of tileMoves()) seen.set(move.cell.join(","), move.cell);
  return [...seen.values()];
}

/** A legal cell under a table point, or null. */
function cellUnder([x, y]) {
  const cell = [Math.floor(x), Math.floor(y)];
  return rotsAt(cell).length ? cell : null;
}

/** Mouse only: the tile follows the pointer over legal cells until it is pinned. */
export function onHover(point) {
  if (S.game?.phase !== "tile" || S.pinned) return;
  const cell = cellUnder(point);
  if (cell && !(S.spot && S.spot.cell[0] === cell[0] && S.spot.cell[1] === cell[1])) setSpot(cell, false);
}

/** Dragging the tile: it snaps to the legal cell under the pointer. */
export function onDrag(point) {
  const cell = cellUnder(point);
  if (cell && !(S.spot && S.spot.cell[0] === cell[0] && S.spot.cell[1] === cell[1])) setSpot(cell, true);
}
