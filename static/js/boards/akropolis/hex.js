// Akropolis drawing helpers: hex geometry (flat-topped, axial q/r, y downward) and SVG
// shapes for hexes and tiles. Pure drawing: no rules live here (legality comes from the server).

export const SIZE = 30;
const SQ3 = Math.sqrt(3);
const SVG_NS = "http://www.w3.org/2000/svg";

/** Clockwise directions (docs/games/akropolis.md): N, NE, SE, S, SW, NW. */
export const CW = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

export const TYPES = ["house", "market", "barracks", "temple", "garden"];

/** Base colour of each district type; quarries are stone grey. */
export const COLOURS = {
  house: "#3c6fb0",
  market: "#e2ab2f",
  barracks: "#c4472f",
  temple: "#7a55a8",
  garden: "#5a9439",
  quarry: "#9b9284",
};

/** Centre of hex (q, r) in world units. */
export function centre(q, r, size = SIZE) {
  return [1.5 * size * q, SQ3 * size * (r + q / 2)];
}

/** Nearest axial position of a world point. */
export function positionAt(x, y, size = SIZE) {
  const q = (2 / 3) * (x / size);
  const r = (-1 / 3) * (x / size) + (SQ3 / 3) * (y / size);
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

/** The six corners of a hex centred at (x, y); corner i at 60·i degrees. */
export function corners(x, y, size = SIZE) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 3) * i;
    points.push([x + size * Math.cos(angle), y + size * Math.sin(angle)]);
  }
  return points;
}

/** The two corner indices bounding the edge toward CW direction `d`. */
export function edgeCorners(d) {
  return [(4 + d) % 6, (5 + d) % 6];
}

/** The three positions a move covers: h0, h1, h2. */
export function movePositions(move) {
  const [aq, ar] = CW[move.rot];
  const [bq, br] = CW[(move.rot + 1) % 6];
  return [
    [move.q, move.r],
    [move.q + aq, move.r + ar],
    [move.q + bq, move.r + br],
  ];
}

/** World centroid of a move's three hexes. */
export function moveCentroid(move) {
  const points = movePositions(move).map(([q, r]) => centre(q, r));
  return [(points[0][0] + points[1][0] + points[2][0]) / 3, (points[0][1] + points[1][1] + points[2][1]) / 3];
}

/** Mix a hex colour `#rrggbb` toward white (amount > 0) or black (amount < 0). */
export function shade(colour, amount) {
  const value = parseInt(colour.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const k = Math.abs(amount);
  const channel = (shift) => Math.round(((value >> shift) & 255) * (1 - k) + target * k);
  return `rgb(${channel(16)}, ${channel(8)}, ${channel(0)})`;
}

/** Fill colour of a hex content at a level: higher is deeper in tone. */
export function fillFor(hex, level = 1) {
  const base = COLOURS[hex.kind === "quarry" ? "quarry" : hex.type] || "#999999";
  const tones = { 1: 0.28, 2: 0, 3: -0.2, 4: -0.33 };
  const tone = tones[Math.min(level, 4)] ?? 0.28;
  return hex.kind === "plaza" ? shade(base, 0.5 + tone * 0.6) : shade(base, tone);
}

/** Create an SVG element with attributes. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function pointsAttr(points) {
  return points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");
}

/** A small white pictogram for a district type, centred at (x, y). */
function glyph(type, x, y, k) {
  const paths = {
    house: `M${-6 * k},${1 * k} L0,${-6 * k} L${6 * k},${1 * k} L${6 * k},${7 * k} L${-6 * k},${7 * k} Z`,
    market: `M${-7 * k},${-2 * k} L${-4 * k},${-7 * k} L${4 * k},${-7 * k} L${7 * k},${-2 * k} Z M${-5 * k},${-1 * k} L${-5 * k},${7 * k} L${5 * k},${7 * k} L${5 * k},${-1 * k} Z`,
    barracks: `M${-6 * k},${7 * k} L${-6 * k},${-6 * k} L${-3 * k},${-6 * k} L${-3 * k},${-3 * k} L${-1 * k},${-3 * k} L${-1 * k},${-6 * k} L${1 * k},${-6 * k} L${1 * k},${-3 * k} L${3 * k},${-3 * k} L${3 * k},${-6 * k} L${6 * k},${-6 * k} L${6 * k},${7 * k} Z`,
    temple: `M${-7 * k},${-3 * k} L0,${-7 * k} L${7 * k},${-3 * k} Z M${-6 * k},${-2 * k} h${2.4 * k} v${8 * k} h${-2.4 * k} Z M${-1.2 * k},${-2 * k} h${2.4 * k} v${8 * k} h${-2.4 * k} Z M${3.6 * k},${-2 * k} h${2.4 * k} v${8 * k} h${-2.4 * k} Z M${-7 * k},${6 * k} h${14 * k} v${1.5 * k} h${-14 * k} Z`,
    garden: `M0,${-7 * k} C${7 * k},${-7 * k} ${8 * k},${2 * k} ${1 * k},${3 * k} L${1 * k},${7 * k} L${-1 * k},${7 * k} L${-1 * k},${3 * k} C${-8 * k},${2 * k} ${-7 * k},${-7 * k} 0,${-7 * k} Z`,
  };
  const path = paths[type];
  if (!path) return null;
  return svg("path", { d: path, transform: `translate(${x.toFixed(2)},${(y - 2 * k).toFixed(2)})`, class: "ak-glyph" });
}

/** Quarry: a few stones. */
function rocks(x, y, k) {
  const group = svg("g", { class: "ak-rocks", transform: `translate(${x.toFixed(2)},${y.toFixed(2)})` });
  for (const [dx, dy, rx] of [
    [-5, 1, 5],
    [4, -2, 4.5],
    [1, 6, 3.5],
  ]) {
    group.append(svg("ellipse", { cx: dx * k, cy: dy * k - 2 * k, rx: rx * k, ry: rx * 0.7 * k }));
  }
  return group;
}

/** Stars of a plaza, as text. */
function stars(hex, x, y, k) {
  const count = hex.stars || 1;
  const fontSize = [15, 13, 11][Math.min(count, 3) - 1] * k;
  const text = svg("text", { x, y: y + 1 * k, class: "ak-stars", "font-size": fontSize, fill: COLOURS[hex.type] });
  text.textContent = "★".repeat(count);
  return text;
}

/**
 * One hex: polygon filled by type and level, a pictogram, and a level number.
 * `options.level` (number), `options.showLevel`, `options.size`.
 */
export function hexShape(hex, x, y, { level = 1, showLevel = true, size = SIZE, cls = "" } = {}) {
  const k = size / SIZE;
  const group = svg("g", { class: `ak-hex ak-${hex.kind} ${hex.type ? `ak-t-${hex.type}` : ""} ${cls}`.trim() });
  group.append(
    svg("polygon", {
      points: pointsAttr(corners(x, y, size)),
      fill: fillFor(hex, level),
      class: "ak-face",
    }),
  );
  if (hex.kind === "plaza") {
    group.append(svg("polygon", { points: pointsAttr(corners(x, y, size * 0.78)), class: "ak-plaza-ring", stroke: COLOURS[hex.type] }));
    group.append(stars(hex, x, y, k));
  } else if (hex.kind === "quarry") {
    group.append(rocks(x, y, k));
  } else {
    group.append(glyph(hex.type, x, y, k * 1.25));
  }
  if (showLevel) {
    group.append(svg("circle", { cx: x, cy: y + size * 0.62, r: 6.2 * k, class: `ak-level-dot ak-l${Math.min(level, 4)}` }));
    const number = svg("text", { x, y: y + size * 0.62 + 0.4 * k, class: "ak-level", "font-size": 8.5 * k });
    number.textContent = String(level);
    group.append(number);
  }
  return group;
}

/**
 * A tile card: its three hexes in the reference orientation (rot 0), or turned `rot` sixths
 * clockwise (the tile in hand, as the preview on the city shows it), in its own small SVG.
 */
export function tileCard(tile, size = 16, rot = 0) {
  const move = { q: 0, r: 0, rot };
  const positions = movePositions(move);
  const [cx, cy] = moveCentroid(move).map((v) => (v * size) / SIZE);
  const span = size * 3.7;
  const root = svg("svg", {
    class: "ak-tile-svg",
    viewBox: `${(cx - span / 2).toFixed(2)} ${(cy - span / 2).toFixed(2)} ${span} ${span}`,
    "aria-hidden": "true",
  });
  tile.hexes.forEach((hex, index) => {
    const [x, y] = centre(positions[index][0], positions[index][1], size);
    root.append(hexShape(hex, x, y, { size, showLevel: false }));
  });
  root.append(tileOutline(positions, size));
  return root;
}

/** Thick outline around a group of positions (edges not shared within the group). */
export function tileOutline(positions, size = SIZE, cls = "ak-tile-edge") {
  const inside = new Set(positions.map(([q, r]) => `${q},${r}`));
  let d = "";
  for (const [q, r] of positions) {
    const [x, y] = centre(q, r, size);
    const points = corners(x, y, size);
    CW.forEach(([dq, dr], dir) => {
      if (inside.has(`${q + dq},${r + dr}`)) return;
      const [a, b] = edgeCorners(dir);
      d += `M${points[a][0].toFixed(2)},${points[a][1].toFixed(2)}L${points[b][0].toFixed(2)},${points[b][1].toFixed(2)}`;
    });
  }
  return svg("path", { d, class: cls });
}

/**
 * Border paths of a city's visible hexes: `thick` where the neighbour belongs to another tile
 * (or is empty), `thin` between two hexes of the same tile.
 */
export function tileEdges(hexes, size = SIZE) {
  const byPos = new Map(hexes.map((cell) => [`${cell.q},${cell.r}`, cell]));
  let thick = "";
  let thin = "";
  for (const cell of hexes) {
    const [x, y] = centre(cell.q, cell.r, size);
    const points = corners(x, y, size);
    CW.forEach(([dq, dr], dir) => {
      const other = byPos.get(`${cell.q + dq},${cell.r + dr}`);
      const [a, b] = edgeCorners(dir);
      const seg = `M${points[a][0].toFixed(1)},${points[a][1].toFixed(1)}L${points[b][0].toFixed(1)},${points[b][1].toFixed(1)}`;
      if (other && other.tile_id === cell.tile_id) thin += seg;
      else thick += seg;
    });
  }
  return { thin, thick };
}
