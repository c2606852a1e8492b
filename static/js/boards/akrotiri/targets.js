// The boat's sail targets on the map: one numbered badge (the cost in actions) per port it
// can reach. Ports of one tile lie a fifth of a tile apart, and a port sits next to the
// temple or dig site of its island, so a badge drawn on its port would cover its neighbours:
// badges are spread apart (and off dig sites, temples, boats, cubes and icons) as little as
// needed, and a badge moved off its port is tied to it by a short line ending in a ring on
// the port.
import { svg } from "./shapes.js";

/** Badge radius, in SVG units (a tile is 100): about 26 screen px across at the fitted zoom. */
export const BADGE_R = 12.5;
const GAP = 4; // between two badges
const CLEAR = 2; // between a badge and an obstacle
const MAX_SHIFT = 64; // how far a badge may leave its port
const PORT_R = 8; // a port's ring
const fmt = (n) => n.toFixed(1);

/** How deep a badge centred at `p` (radius r) reaches into the rectangle `o` (0: clear of it). */
function intoRect([x, y], o, r) {
  const dx = x - Math.min(Math.max(x, o.x0), o.x1);
  const dy = y - Math.min(Math.max(y, o.y0), o.y1);
  return Math.max(0, r - Math.hypot(dx, dy));
}

/** Places to try around an anchor, nearest first: the anchor, then rings of 16 points. */
function candidates([ax, ay]) {
  const out = [[ax, ay]];
  for (let d = 4; d <= MAX_SHIFT; d += 4) {
    for (let k = 0; k < 16; k += 1) {
      const angle = -Math.PI / 2 + (k * Math.PI) / 8; // from straight up, clockwise on screen
      out.push([ax + d * Math.cos(angle), ay + d * Math.sin(angle)]);
    }
  }
  return out;
}

/**
 * Where to draw each badge: on its anchor (the port) if nothing is there, else at the nearest
 * place (at most MAX_SHIFT away) that neither covers an obstacle (a rectangle {x0, y0, x1,
 * y1, w}: a dig site, a temple, a boat, a cube, an icon; w weighs how bad covering it is) nor
 * an already placed badge, nor another target's port (where that badge's tie ends); where
 * no place is free, the one that overlaps least, a badge counting far more than anything
 * else. Ports are served in order; the same input gives the same places.
 * @param {number[][]} anchors SVG points @param {{x0: number, y0: number, x1: number, y1: number, w?: number}[]} obstacles
 * @returns {number[][]} SVG points, in the anchors' order
 */
export function spreadBadges(anchors, obstacles = [], r = BADGE_R) {
  const placed = [];
  for (const [i, anchor] of anchors.entries()) {
    let best = null;
    for (const p of candidates(anchor)) {
      let cost = 0;
      for (const q of placed) cost += 100 * Math.max(0, 2 * r + GAP - Math.hypot(p[0] - q[0], p[1] - q[1]));
      for (const o of obstacles) cost += (o.w ?? 1) * intoRect(p, o, r + CLEAR);
      // Nor on another target's port, where that badge's tie would end.
      for (const [j, q] of anchors.entries()) {
        if (j !== i) cost += 2 * Math.max(0, r + PORT_R - Math.hypot(p[0] - q[0], p[1] - q[1]));
      }
      if (!best || cost < best[0] - 1e-9) best = [cost, p];
      if (cost === 0) break;
    }
    placed.push(best[1]);
  }
  return placed;
}

/**
 * Draw the sail targets into `layer`: ties (line and ring, not tappable) under the badges,
 * then the badges (the tap targets, data-hit="port").
 * @param {{key: string, cost: number, testid: string, pos: number[]}[]} targets pos in SVG units
 */
export function drawTargets(layer, targets, obstacles) {
  const places = spreadBadges(targets.map((target) => target.pos), obstacles);
  const ties = svg("g", { class: "akr-target-ties" });
  const badges = [];
  targets.forEach(({ key, cost, testid, pos: [px, py] }, i) => {
    const [x, y] = places[i];
    if (Math.hypot(x - px, y - py) > BADGE_R * 0.6) {
      ties.append(
        svg("line", { x1: fmt(px), y1: fmt(py), x2: fmt(x), y2: fmt(y) }),
        svg("circle", { cx: fmt(px), cy: fmt(py), r: PORT_R }),
      );
    }
    const group = svg("g", { class: "akr-target", "data-hit": "port", "data-port": key, "data-testid": testid });
    group.append(svg("circle", { cx: fmt(x), cy: fmt(y), r: BADGE_R }), svg("text", { x: fmt(x), y: fmt(y + 4.8) }, String(cost)));
    badges.push(group);
  });
  layer.append(ties, ...badges);
}
