// Agorapolis card art: the five sectors in the board's colours, each with the dice a
// player bet there, one sector showing a full house.
import { SECTORS, SECTOR_COLOUR } from "../boards/agorapolis/dom.js";
import { svg } from "./svg.js";

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** One die face as SVG, top-left at (x, y), side `size`. */
export function dieFace(x, y, value, size = 24, colour = "#2a1f14") {
  const group = svg("g", { class: "art-die", "data-value": value });
  group.append(svg("rect", { x, y, width: size, height: size, rx: size * 0.18, fill: "#fffdf7", stroke: colour, "stroke-width": 1.6 }));
  const step = size * 0.27;
  for (const [dx, dy] of PIPS[value]) {
    group.append(svg("circle", { cx: x + size / 2 + dx * step, cy: y + size / 2 + dy * step, r: size * 0.09, fill: colour }));
  }
  return group;
}

const BETS = [
  [3, 3, 3, 5, 5],
  [2, 6],
  [1, 2, 3, 4],
  [4, 4],
  [6, 6, 1],
];

export function draw(root) {
  SECTORS.forEach((sector, index) => {
    const x = 14 + index * 61;
    const colour = SECTOR_COLOUR[sector];
    root.append(svg("rect", { x, y: 14, width: 54, height: 152, rx: 8, fill: colour, opacity: 0.16 }));
    root.append(svg("rect", { x, y: 14, width: 54, height: 10, rx: 4, fill: colour }));
    BETS[index].forEach((value, n) => root.append(dieFace(x + 13, 32 + n * 26, value, 24, colour)));
  });
}
