// Akropolis rules diagrams, drawn with the board's hex code: the starting tile, legal and
// illegal placements (from the examples file the tests check against the real rules) and a
// scored city.
import { COLOURS, centre, corners, hexShape, movePositions, tileEdges } from "../boards/akropolis/hex.js";
import { svg } from "../illustrations/svg.js";

export const stylesheet = new URL("../../css/akropolis.css", import.meta.url).href;
let examples = null;

async function load() {
  if (!examples) examples = await (await fetch(new URL("./akropolis-examples.json", import.meta.url))).json();
  return examples;
}

/** Visible hexes after stacking `placed` tiles (start tile implicit), like the server's city. */
function build(data, placed) {
  const top = new Map();
  for (const [q, r, hex] of data.start) top.set(`${q},${r}`, { q, r, level: 1, hex, tile_id: 0 });
  for (const [tile, q, r, rot] of placed) {
    const positions = movePositions({ q, r, rot });
    const level = (top.get(`${positions[0][0]},${positions[0][1]}`)?.level || 0) + 1;
    positions.forEach(([pq, pr], index) => {
      top.set(`${pq},${pr}`, { q: pq, r: pr, level, hex: data.tiles[String(tile)][index], tile_id: tile });
    });
  }
  return [...top.values()];
}

function viewBox(cells, pad = 38) {
  const xs = [];
  const ys = [];
  for (const cell of cells) {
    const [x, y] = centre(cell.q, cell.r);
    xs.push(x);
    ys.push(y);
  }
  const x0 = Math.min(...xs) - pad;
  const y0 = Math.min(...ys) - pad;
  return `${x0} ${y0} ${Math.max(...xs) + pad - x0} ${Math.max(...ys) + pad - y0}`;
}

function drawCells(group, cells) {
  const sorted = [...cells].sort((a, b) => a.level - b.level || a.r - b.r || a.q - b.q);
  for (const cell of sorted) {
    const [x, y] = centre(cell.q, cell.r);
    if (cell.level > 1) {
      const shadow = corners(x + 1.5, y + (cell.level - 1) * 2.5 + 2).map(([a, b]) => `${a},${b}`).join(" ");
      group.append(svg("polygon", { points: shadow, class: "ak-shadow" }));
    }
    group.append(hexShape(cell.hex, x, y, { level: cell.level }));
  }
  const { thin, thick } = tileEdges(cells);
  group.append(svg("path", { d: thin, class: "ak-inner-edge" }), svg("path", { d: thick, class: "ak-tile-edge" }));
}

/** The tile being placed: its hexes lifted to the level it would reach, outlined in colour. */
function drawTry(group, data, example, cells) {
  const [tile, q, r, rot] = example.try;
  const positions = movePositions({ q, r, rot });
  const heights = positions.map(([pq, pr]) => cells.find((c) => c.q === pq && c.r === pr)?.level || 0);
  const level = Math.max(...heights) + 1;
  const lift = (level - 1) * 2.5 + 4;
  const outline = example.legal ? "#2f6b1f" : "#b3261e";
  positions.forEach(([pq, pr], index) => {
    const [x, y] = centre(pq, pr);
    const hex = hexShape(data.tiles[String(tile)][index], x, y - lift, { level });
    hex.setAttribute("opacity", "0.88");
    group.append(hex);
    group.append(svg("polygon", { points: corners(x, y - lift).map(([a, b]) => `${a},${b}`).join(" "), fill: "none", stroke: outline, "stroke-width": 3.5, "stroke-dasharray": example.legal ? null : "7 4" }));
  });
  return outline;
}

/** A ✓ or ✗ badge in the top-left corner of the drawing. */
function verdictBadge(root, legal, colour) {
  const [x0, y0] = root.getAttribute("viewBox").split(" ").map(Number);
  const badge = svg("g", { transform: `translate(${x0 + 22} ${y0 + 22})` });
  badge.append(svg("circle", { r: 17, fill: colour }));
  const mark = svg("text", { y: 7, "text-anchor": "middle", "font-size": 22, "font-weight": 700, fill: "#fff" });
  mark.textContent = legal ? "✓" : "✗";
  badge.append(mark);
  root.append(badge);
}

function placement(data, name, host) {
  const example = data.placements[name];
  const cells = build(data, example.placed);
  const [tile, q, r, rot] = example.try;
  const spanned = [...cells, ...movePositions({ q, r, rot }).map(([pq, pr]) => ({ q: pq, r: pr }))];
  const root = svg("svg", { viewBox: viewBox(spanned, 52), "aria-hidden": "true", focusable: "false" });
  const group = svg("g");
  drawCells(group, cells);
  const colour = drawTry(group, data, example, cells);
  root.append(group);
  verdictBadge(root, example.legal, colour);
  host.replaceChildren(root);
  host.dataset.tile = String(tile);
}

function scoring(data, host) {
  const cells = data.scoring.cells.map(([q, r, level, hex, tile]) => ({ q, r, level, hex, tile_id: tile }));
  const root = svg("svg", { viewBox: viewBox(cells), "aria-hidden": "true", focusable: "false" });
  const group = svg("g");
  drawCells(group, cells);
  root.append(group);
  host.replaceChildren(root);
}

function start(data, host) {
  const cells = build(data, []);
  const root = svg("svg", { viewBox: viewBox(cells), "aria-hidden": "true", focusable: "false", class: "small" });
  const group = svg("g");
  drawCells(group, cells);
  root.append(group);
  host.replaceChildren(root);
}

/** The district colours as a legend row (types named by the caption's own text). */
function legend(host) {
  const root = svg("svg", { viewBox: "0 0 330 44", "aria-hidden": "true", focusable: "false" });
  ["house", "market", "barracks", "temple", "garden"].forEach((type, index) => {
    const [x, y] = [32 + index * 66, 22];
    root.append(hexShape({ kind: "district", type }, x, y, { size: 18, showLevel: false }));
  });
  host.replaceChildren(root);
  host.dataset.colours = Object.keys(COLOURS).join(" ");
}

export async function draw(name, host) {
  const data = await load();
  if (name === "scoring") scoring(data, host);
  else if (name === "start") start(data, host);
  else if (name === "legend") legend(host);
  else if (data.placements[name.replaceAll("-", "_")]) placement(data, name.replaceAll("-", "_"), host);
}
