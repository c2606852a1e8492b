// Akrotiri card art (no board yet; the game's own board replaces this when it lands):
// square sea tiles with islands, trade routes, a boat and a temple.
import { svg } from "./svg.js";

export function draw(root) {
  root.append(svg("rect", { x: 0, y: 0, width: 320, height: 180, fill: "#cfe6f2" }));
  for (let i = 0; i < 5; i += 1) {
    for (let j = 0; j < 3; j += 1) {
      root.append(svg("rect", { x: 20 + i * 56, y: 8 + j * 56, width: 56, height: 56, fill: "none", stroke: "#9cc3d9", "stroke-dasharray": "4 4" }));
    }
  }
  const islands = [
    [90, 60, 34, 22, "#e9d8a6"],
    [200, 110, 40, 26, "#e9d8a6"],
    [150, 92, 26, 18, "#f3e2b5"],
    [255, 48, 22, 16, "#e9d8a6"],
  ];
  root.append(svg("path", { d: "M90 60 Q140 40 150 92 T200 110 M150 92 Q210 60 255 48", fill: "none", stroke: "#4d7ea8", "stroke-width": 2, "stroke-dasharray": "6 4" }));
  for (const [cx, cy, rx, ry, fill] of islands) root.append(svg("ellipse", { cx, cy, rx, ry, fill, stroke: "#b59a5a", "stroke-width": 1.5 }));
  root.append(svg("path", { d: "M140 92 l8 -12 l8 12 z", fill: "#a8322a" }));
  const temple = svg("g", { transform: "translate(188 92)", fill: "#fffdf7", stroke: "#6b5a3a" });
  temple.append(svg("path", { d: "M0 10 L12 2 L24 10 Z" }), svg("rect", { x: 2, y: 10, width: 20, height: 12 }));
  root.append(temple);
  const boat = svg("g", { transform: "translate(112 118)" });
  boat.append(svg("path", { d: "M0 0 L30 0 L24 9 L6 9 Z", fill: "#7a4a2a" }), svg("path", { d: "M15 0 L15 -20 L27 -4 Z", fill: "#fffdf7", stroke: "#7a4a2a" }));
  root.append(boat);
}
