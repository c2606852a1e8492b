// Akrotiri SVG pieces: terrain icons, temples, boats, and the seat and cube colours.
const NS = "http://www.w3.org/2000/svg";
// Seat colours by palette index (the room may give each seat an index a rematch keeps).
export const SEAT_COLOURS = ["#b5532f", "#1d5f8a", "#5b3a86", "#2f7a3c", "#8a5a12", "#b0306a"];
export const seatColour = (index) => SEAT_COLOURS[((Number(index) || 0) % SEAT_COLOURS.length + SEAT_COLOURS.length) % SEAT_COLOURS.length];
export const CUBE_COLOURS = { orange: "#e8842a", blue: "#3a8fd6", green: "#4f9a3a", grey: "#8e8e8e" };

/** Create an SVG element with attributes and optional children. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  node.append(...children);
  return node;
}

const fmt = (n) => n.toFixed(1);

/** A terrain icon (volcano, lake, tree, mountain) centred at SVG point (x, y). */
export function terrainIcon(terrain, x, y, r = 11) {
  const group = svg("g", { class: `akr-icon akr-icon-${terrain}` });
  if (terrain === "volcano") {
    group.append(
      svg("path", { d: `M${fmt(x - r)},${fmt(y + r * 0.8)}L${fmt(x - r * 0.25)},${fmt(y - r * 0.7)}L${fmt(x + r * 0.25)},${fmt(y - r * 0.7)}L${fmt(x + r)},${fmt(y + r * 0.8)}Z`, fill: "#8a3b1f" }),
      svg("path", { d: `M${fmt(x - r * 0.25)},${fmt(y - r * 0.7)}L${fmt(x)},${fmt(y - r * 1.2)}L${fmt(x + r * 0.25)},${fmt(y - r * 0.7)}Z`, fill: "#f0702a" }),
    );
  } else if (terrain === "lake") {
    group.append(svg("ellipse", { cx: x, cy: y, rx: r, ry: r * 0.62, fill: "#2f7fc4", stroke: "#e9f4fb", "stroke-width": 1.5 }));
  } else if (terrain === "tree") {
    group.append(
      svg("rect", { x: x - r * 0.14, y: y + r * 0.2, width: r * 0.28, height: r * 0.7, fill: "#6b4a2a" }),
      svg("circle", { cx: x, cy: y - r * 0.15, r: r * 0.72, fill: "#3d8a2e" }),
    );
  } else {
    group.append(
      svg("path", { d: `M${fmt(x - r)},${fmt(y + r * 0.8)}L${fmt(x - r * 0.1)},${fmt(y - r * 0.9)}L${fmt(x + r)},${fmt(y + r * 0.8)}Z`, fill: "#777" }),
      svg("path", { d: `M${fmt(x - r * 0.36)},${fmt(y - r * 0.22)}L${fmt(x - r * 0.1)},${fmt(y - r * 0.9)}L${fmt(x + r * 0.22)},${fmt(y - r * 0.3)}Z`, fill: "#f4f4f4" }),
    );
  }
  return group;
}

/** A small temple (roof and three columns) in a seat's colour. */
export function templeShape(x, y, colour, s = 13) {
  const group = svg("g", { class: "akr-temple" });
  group.append(
    svg("path", { d: `M${fmt(x - s)},${fmt(y - s * 0.35)}L${fmt(x)},${fmt(y - s)}L${fmt(x + s)},${fmt(y - s * 0.35)}Z`, fill: colour, stroke: "#2a1f14", "stroke-width": 1.2 }),
    svg("rect", { x: x - s, y: y + s * 0.7, width: 2 * s, height: s * 0.3, fill: colour, stroke: "#2a1f14", "stroke-width": 1.2 }),
  );
  for (const dx of [-0.65, 0, 0.65]) {
    group.append(svg("rect", { x: x + dx * s - s * 0.13, y: y - s * 0.3, width: s * 0.26, height: s, fill: "#fffaf0", stroke: "#2a1f14", "stroke-width": 0.8 }));
  }
  return group;
}

/** A boat in a seat's colour with its cargo. */
export function boatShape(x, y, colour, cargo, s = 18) {
  const group = svg("g", { class: "akr-boat" });
  group.append(
    svg("path", { d: `M${fmt(x - s)},${fmt(y)}L${fmt(x + s)},${fmt(y)}L${fmt(x + s * 0.65)},${fmt(y + s * 0.55)}L${fmt(x - s * 0.65)},${fmt(y + s * 0.55)}Z`, fill: colour, stroke: "#1b1209", "stroke-width": 1.5 }),
    svg("path", { d: `M${fmt(x - s * 0.05)},${fmt(y - s * 1.1)}L${fmt(x - s * 0.05)},${fmt(y)}L${fmt(x - s * 0.75)},${fmt(y - s * 0.15)}Z`, fill: "#fffdf5", stroke: "#1b1209", "stroke-width": 1 }),
  );
  cargo.forEach((colour_, i) => {
    group.append(svg("rect", { x: x - 15 + i * 10.5, y: y + 0.5, width: 9, height: 9, fill: CUBE_COLOURS[colour_], stroke: "#222", "stroke-width": 0.9, "data-colour": colour_ }));
  });
  return group;
}

