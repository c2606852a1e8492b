// Choosing among the legal placements the server sent: snapping to a point, rotating,
// stepping with the arrow keys. Pure functions over `legal_moves` entries; no rules here.
import { moveCentroid, movePositions } from "./hex.js";

/** The move whose triangle centre is nearest to a world point. */
export function nearest(moves, [x, y]) {
  let best = null;
  let bestDistance = Infinity;
  for (const move of moves) {
    const [mx, my] = moveCentroid(move);
    const distance = Math.hypot(mx - x, my - y);
    if (distance < bestDistance) {
      best = move;
      bestDistance = distance;
    }
  }
  return best;
}

/** The move nearest to a point, preferring rotation `rot` when it has any placement. */
export function snapMove(moves, rot, point) {
  const rotated = moves.filter((move) => move.rot === rot);
  return nearest(rotated.length ? rotated : moves, point);
}

/**
 * The next rotation (clockwise if dir > 0) that has a placement, and its placement nearest
 * to `from`; null if there is none.
 */
export function rotateMove(moves, rot, dir, from) {
  const here = moveCentroid(from);
  for (let k = 1; k <= 6; k += 1) {
    const next = (((rot + dir * k) % 6) + 6) % 6;
    const options = moves.filter((move) => move.rot === next);
    if (options.length) return nearest(options, here);
  }
  return null;
}

/** The nearest placement roughly in direction (dx, dy) from `from` (same rotation first). */
export function stepMove(moves, from, dx, dy) {
  const [x, y] = moveCentroid(from);
  const pick = (candidates) => {
    let best = null;
    let bestScore = Infinity;
    for (const move of candidates) {
      const [mx, my] = moveCentroid(move);
      const distance = Math.hypot(mx - x, my - y);
      if (distance < 1) continue;
      const along = ((mx - x) * dx + (my - y) * dy) / distance;
      if (along < 0.35) continue;
      const score = distance * (2 - along);
      if (score < bestScore) {
        best = move;
        bestScore = score;
      }
    }
    return best;
  };
  return pick(moves.filter((move) => move.rot === from.rot)) || pick(moves);
}

/** Every position some placement would cover (to highlight where the tile may go). */
export function spotsOf(moves) {
  const seen = new Map();
  for (const move of moves) {
    for (const [q, r] of movePositions(move)) seen.set(`${q},${r}`, [q, r]);
  }
  return [...seen.values()];
}
