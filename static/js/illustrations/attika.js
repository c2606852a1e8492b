// Attika card art (no board yet; the game's own board replaces this when it lands): a map
// of pointy-top hexes with landscapes, a few buildings, a shrine and amphorae.
import { svg } from "./svg.js";

const LAND = { water: "#7fb3d5", forest: "#5a8f3c", hill: "#c9a55a", mountain: "#9a8f85", blank: "#e8dcc0" };

function hex(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 3) * i + Math.PI / 6;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

export function draw(root) {
  const r = 19;
  const w = Math.sqrt(3) * r;
  const kinds = ["blank", "forest", "hill", "water", "mountain", "blank", "forest", "hill"];
  let n = 0;
  for (let row = 0; row < 5; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      const cx = 30 + col * w + (row % 2) * (w / 2);
      const cy = 22 + row * r * 1.5;
      const kind = kinds[(row * 3 + col * 5) % kinds.length];
      root.append(svg("polygon", { points: hex(cx, cy, r - 0.8), fill: LAND[kind], stroke: "#fffdf7", "stroke-width": 1.5 }));
      n += 1;
      if ((row === 1 && col === 2) || (row === 2 && col === 3) || (row === 2 && col === 4) || (row === 3 && col === 3)) {
        root.append(svg("path", { d: `M${cx - 8} ${cy + 6} v-9 l8 -6 l8 6 v9 z`, fill: "#1d5f8a", stroke: "#0e3550" }));
      }
      if (row === 1 && col === 6) {
        root.append(svg("path", { d: `M${cx - 9} ${cy + 7} h18 v-3 h-16 l8 -10 l8 10`, fill: "#fffdf7", stroke: "#6b5a3a" }));
      }
    }
  }
  for (const [x, y] of [[250, 140], [268, 146], [286, 140]]) {
    root.append(svg("path", { d: `M${x} ${y} q-7 10 0 20 q7 -10 0 -20 z`, fill: "#b5532f", stroke: "#6b2a14" }));
  }
  return n;
}
