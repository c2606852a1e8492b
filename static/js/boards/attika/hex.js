// Attika drawing helpers: pointy-top hex geometry (axial q/r as in docs/games/attika.md:
// x = √3·(q + r/2), y = 1.5·r), SVG builders, landscape symbols and player colours.
// Pure drawing: no rules live here.

export const SIZE = 28;
const SQ3 = Math.sqrt(3);
const SVG_NS = "http://www.w3.org/2000/svg";

/** The six neighbour offsets (spec §2.1). */
export const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
];

export const SYMBOLS = ["water", "forest", "hill", "mountain"];

/** Land tint by symbol (blank land is sand). */
export const LAND = { null: "#efe3c4", water: "#cde5ef", forest: "#d4e5c0", hill: "#efd9a6", mountain: "#dcd8d2" };
/** Symbol ink. */
export const INK = { water: "#2c7bb6", forest: "#2f7d32", hill: "#b0761c", mountain: "#5d5a57" };
/** Player colours by seat (Athens, Corinth, Sparta, Thebes). */
export const PLAYER = ["#1f5fbf", "#c4302b", "#e08e0b", "#7b3fa0"];

/** Centre of hex (q, r) in world units. */
export function centre(q, r, size = SIZE) {
  return [SQ3 * size * (q + r / 2), 1.5 * size * r];
}

/** Nearest axial hex of a world point. */
export function hexAt(x, y, size = SIZE) {
  const q = ((SQ3 / 3) * x - y / 3) / size;
  const r = ((2 / 3) * y) / size;
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq, rr];
}

/** The six corners of a pointy-top hex centred at (x, y). */
export function corners(x, y, size = SIZE) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push([x + size * Math.cos(angle), y + size * Math.sin(angle)]);
  }
  return points;
}

export function pointsAttr(points) {
  return points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");
}

/** Rotate a local piece offset by k 60° steps: one step maps (q, r) to (-r, q + r). */
export function rotate(q, r, k) {
  let [a, b] = [q, r];
  for (let i = 0; i < ((k % 6) + 6) % 6; i += 1) [a, b] = [-b, a + b];
  return [a, b];
}

/** Create an SVG element with attributes and children. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

/** A small landscape symbol drawn at (x, y) with scale `s` (1 ≈ a third of a hex). */
export function symbolIcon(symbol, x, y, s = 1) {
  const g = svg("g", { class: `at-sym at-sym-${symbol}`, transform: `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${s})` });
  const ink = INK[symbol];
  if (symbol === "water") {
    for (const dy of [-3.5, 2.5]) {
      g.append(svg("path", { d: `M-8 ${dy} q2 -3 4 0 t4 0 t4 0 t4 0`, fill: "none", stroke: ink, "stroke-width": 2, "stroke-linecap": "round" }));
    }
  } else if (symbol === "forest") {
    g.append(svg("path", { d: "M0 -9 L7 3 L-7 3 Z", fill: ink }));
    g.append(svg("path", { d: "M0 -5 L8 7 L-8 7 Z", fill: ink, opacity: 0.85 }));
    g.append(svg("rect", { x: -1.3, y: 7, width: 2.6, height: 3, fill: "#6b4a1f" }));
  } else if (symbol === "hill") {
    g.append(svg("path", { d: "M-10 6 Q-4 -7 2 6 Z", fill: ink }));
    g.append(svg("path", { d: "M-3 6 Q4 -4 10 6 Z", fill: ink, opacity: 0.75 }));
  } else if (symbol === "mountain") {
    g.append(svg("path", { d: "M-10 7 L-2 -8 L3 1 L6 -3 L11 7 Z", fill: ink }));
    g.append(svg("path", { d: "M-2 -8 L-4.6 -3.2 L-2 -4.4 L0.4 -3.4 Z", fill: "#fff" }));
  }
  return g;
}

/** A shrine: a little temple front. */
export function shrineIcon(x, y, s = 1) {
  const g = svg("g", { class: "at-shrine-icon", transform: `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${s})` });
  g.append(svg("path", { d: "M-11 -4 L0 -11 L11 -4 Z", fill: "#f4ecd8" }));
  for (const cx of [-8, -3, 2, 7]) g.append(svg("rect", { x: cx, y: -3, width: 2.2, height: 10, fill: "#f4ecd8" }));
  g.append(svg("rect", { x: -11, y: 7, width: 22, height: 2.4, fill: "#f4ecd8" }));
  return g;
}
