// Akropolis card art: a small city drawn with the board's own hexes (hex.js), a raised
// tile with its shadow, and a site tile waiting to be placed.
import { centre, corners, hexShape, tileCard, tileEdges } from "../boards/akropolis/hex.js";
import { svg } from "./svg.js";

export const stylesheet = new URL("../../css/akropolis.css", import.meta.url).href;

const d = (type) => ({ kind: "district", type });
const p = (type, stars) => ({ kind: "plaza", type, stars });
const Q = { kind: "quarry" };

/** Visible hexes of a pleasant mid-game city: [q, r, level, hex, tile]. */
export const CITY = [
  [0, 0, 1, p("house", 1), 0],
  [0, -1, 1, Q, 0],
  [-1, 1, 1, Q, 0],
  [1, 0, 2, d("house"), 3],
  [1, -1, 2, d("house"), 3],
  [2, -1, 2, p("market", 2), 3],
  [-1, 0, 1, d("house"), 1],
  [-2, 1, 1, d("garden"), 1],
  [-2, 0, 1, d("barracks"), 1],
  [0, 1, 1, d("market"), 2],
  [1, 1, 1, d("temple"), 2],
  [0, 2, 1, p("garden", 3), 2],
  [-1, -1, 1, d("temple"), 4],
  [0, -2, 1, d("house"), 4],
  [-1, -2, 1, p("temple", 2), 4],
];

export function cityHexes(city = CITY) {
  return city.map(([q, r, level, hex, tile]) => ({ q, r, level, hex, tile_id: tile }));
}

/** Draw hexes (lowest first, raised ones lifted with a shadow) and tile borders into `group`. */
export function drawCity(group, hexes) {
  const sorted = [...hexes].sort((a, b) => a.level - b.level || a.r - b.r || a.q - b.q);
  for (const cell of sorted) {
    const [x, y] = centre(cell.q, cell.r);
    if (cell.level > 1) {
      const shadow = corners(x + 1.5, y + (cell.level - 1) * 2.5 + 2).map(([a, b]) => `${a},${b}`).join(" ");
      group.append(svg("polygon", { points: shadow, class: "ak-shadow" }));
    }
    group.append(hexShape(cell.hex, x, y, { level: cell.level }));
  }
  const { thin, thick } = tileEdges(hexes);
  group.append(svg("path", { d: thin, class: "ak-inner-edge" }), svg("path", { d: thick, class: "ak-tile-edge" }));
}

export function draw(root) {
  const city = svg("g", { transform: "translate(120 100) scale(0.58)" });
  drawCity(city, cityHexes());
  root.append(city);
  const card = tileCard({ hexes: [p("barracks", 2), d("house"), Q] }, 16);
  const holder = svg("g", { transform: "translate(236 28) rotate(8)" });
  const inner = svg("svg", { x: 0, y: 0, width: 70, height: 70, viewBox: card.getAttribute("viewBox") });
  inner.append(...card.childNodes);
  holder.append(svg("rect", { x: -4, y: -4, width: 78, height: 78, rx: 8, class: "art-card" }), inner);
  root.append(holder);
}
