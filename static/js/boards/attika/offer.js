// The legal moves sorted by the control they drive (stacks, reserve cards, map spots, piece
// anchors, buttons), and small geometric helpers over them. No rules: only what was sent.
import { centre } from "./hex.js";

/** Group the seat's legal moves by kind. */
export function digest(moves) {
  const d = { draws: new Map(), builds: new Map(), pending: [], reserve: null, end: null, take: null, pass: null, places: [] };
  for (const move of moves) {
    if (move.type === "draw") d.draws.set(move.stack, move);
    else if (move.type === "build") {
      if (!d.builds.has(move.building)) d.builds.set(move.building, []);
      d.builds.get(move.building).push(move);
    } else if (move.type === "build_pending") d.pending.push(move);
    else if (move.type === "reserve_pending") d.reserve = move;
    else if (move.type === "end_actions") d.end = move;
    else if (move.type === "take_card") d.take = move;
    else if (move.type === "pass") d.pass = move;
    else if (move.type === "place_piece") d.places.push(move);
  }
  return d;
}

/** Map spots of build moves: position, free or not, and the canonical number of cards. */
export function spotsOf(moves) {
  return moves.map((m) => ({
    q: m.q,
    r: m.r,
    free: m.cost.free,
    cards: Object.values(m.pay || {}).reduce((a, b) => a + b, 0),
  }));
}

/** The distinct anchors of place_piece moves, as [q, r]. */
export function anchorsOf(places) {
  const seen = new Map();
  for (const m of places) seen.set(`${m.q},${m.r}`, [m.q, m.r]);
  return [...seen.values()];
}

/** The place_piece move for an anchor and rotation, if offered. */
export function placeMoveOf(places, q, r, rot) {
  return places.find((m) => m.q === q && m.r === r && m.rot === rot) || null;
}

/** The anchor nearest the middle of the land (where a new piece is first shown). */
export function centralAnchor(land, anchors) {
  const mx = land.reduce((a, c) => a + centre(c.q, c.r)[0], 0) / land.length;
  const my = land.reduce((a, c) => a + centre(c.q, c.r)[1], 0) / land.length;
  let best = anchors[0] || null;
  let bestD = Infinity;
  for (const [q, r] of anchors) {
    const [x, y] = centre(q, r);
    const d = (x - mx) ** 2 + (y - my) ** 2;
    if (d < bestD) [best, bestD] = [[q, r], d];
  }
  return best;
}

/** The candidate nearest to `from` in an arrow's direction (world coordinates). */
export function stepTo(candidates, from, dx, dy) {
  const [fx, fy] = centre(from.q, from.r);
  let best = null;
  let bestScore = Infinity;
  for (const c of candidates) {
    const [x, y] = centre(c.q, c.r);
    const vx = x - fx;
    const vy = y - fy;
    const along = vx * dx + vy * dy;
    if (along <= 1) continue;
    const score = along + 2 * Math.abs(vx * dy - vy * dx);
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
