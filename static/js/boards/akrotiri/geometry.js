// Akrotiri drawing geometry (docs/games/akrotiri.md, "Coordinates"): tiles turned and set on
// their cell in global coordinates (x east, y north, one tile = 1), then to SVG units. Pure
// drawing: which cells, ports or quarters may be used always comes from the legal moves.
import { START, TILES } from "./tiles.js";

export const UNIT = 100;
export const QUARTER_INDEX = { NW: [0, 1], NE: [1, 1], SW: [0, 0], SE: [1, 0] };
const TURN_QUARTER = { NW: "NE", NE: "SE", SE: "SW", SW: "NW" };
const TURN_SIDE = { N: "E", E: "S", S: "W", W: "N" };
export const GATES = { N: [0.5, 1], E: [1, 0.5], S: [0.5, 0], W: [0, 0.5] };
export const UNIT_OF_SIDE = { N: [0, 1], S: [0, -1], E: [1, 0], W: [-1, 0] };

function repeat(fn, value, rot) {
  let out = value;
  for (let i = 0; i < ((rot % 4) + 4) % 4; i += 1) out = fn(out);
  return out;
}

export const turnQuarter = (name, rot) => repeat((q) => TURN_QUARTER[q], name, rot);
export const turnSide = (name, rot) => repeat((s) => TURN_SIDE[s], name, rot);
/** One clockwise quarter turn maps (x, y) to (y, 1 − x) in tile-local units. */
export const turnPoint = (point, rot) => repeat(([x, y]) => [y, 1 - x], point, rot);

function quarterOf(cx, cy, local, rot) {
  const [lx, ly] = QUARTER_INDEX[turnQuarter(local, rot)];
  return [2 * cx + lx, 2 * cy + ly];
}

/**
 * A tile on cell (cx, cy) turned `rot` times, in global coordinates: pieces (quarters and
 * contacts), ports and junctions with positions, route segments and the terrain icon.
 */
export function placedTile(tileId, cx, cy, rot) {
  const tile = TILES[tileId];
  const at = (point) => {
    const [x, y] = turnPoint(point, rot);
    return [cx + x, cy + y];
  };
  const nodes = {};
  for (const [side, point] of Object.entries(GATES)) nodes[side] = at(point);
  const ports = tile.ports.map((port) => {
    const pos = at(port.pos);
    nodes[port.id] = pos;
    return { key: `${tileId}:${port.id}`, piece: `${tileId}:${port.piece}`, pos };
  });
  for (const junction of tile.junctions) nodes[junction.id] = at(junction.pos);
  return {
    tile: tileId,
    cells: [[cx, cy]],
    pieces: tile.pieces.map((piece) => ({
      key: `${tileId}:${piece.id}`,
      quarters: piece.quarters.map((q) => quarterOf(cx, cy, q, rot)),
      contacts: piece.contacts.map((c) => {
        const [q, side] = c.split(":");
        return [...quarterOf(cx, cy, q, rot), turnSide(side, rot)];
      }),
    })),
    ports,
    junctions: tile.junctions.map((j) => nodes[j.id]),
    routes: tile.routes.map(([a, b]) => [nodes[a], nodes[b]]),
    icon: { terrain: tile.terrain, piece: `${tileId}:${tile.icon.piece}`, pos: at(tile.icon.pos), quarter: quarterOf(cx, cy, tile.icon.quarter, rot) },
  };
}

let startCache = null;

/** The start board (2×2 cells around the centre of Thera) in global coordinates. */
export function startBoard() {
  if (startCache) return startCache;
  const shift = ([x, y]) => [x - 1, y - 1];
  const nodes = {};
  for (const gate of START.gates) nodes[gate.id] = shift(gate.pos);
  const ports = START.ports.map((port) => {
    const pos = shift(port.pos);
    nodes[port.id] = pos;
    return { key: `THERA:${port.id}`, piece: `THERA:${port.piece}`, pos };
  });
  startCache = {
    tile: "THERA",
    cells: [[-1, -1], [0, -1], [-1, 0], [0, 0]],
    pieces: START.pieces.map((piece) => ({
      key: `THERA:${piece.id}`,
      thera: Boolean(piece.is_thera),
      quarters: piece.quarters.map(([i, j]) => [i - 2, j - 2]),
      contacts: piece.contacts.map(([i, j, side]) => [i - 2, j - 2, side]),
    })),
    ports,
    junctions: [],
    routes: START.routes.map(([a, b]) => [nodes[a], nodes[b]]),
    icon: null,
  };
  return startCache;
}

/** Global point -> SVG point; the north seat sees the table turned by 180° (spec §2.6). */
export function toSvg([x, y], flip) {
  return flip ? [-x * UNIT, y * UNIT] : [x * UNIT, -y * UNIT];
}

/** SVG point -> global point (inverse of toSvg). */
export function fromSvg([sx, sy], flip) {
  return flip ? [-sx / UNIT, sy / UNIT] : [sx / UNIT, -sy / UNIT];
}

/** Centre of global quarter (qx, qy). */
export const quarterCentre = ([qx, qy]) => [qx / 2 + 0.25, qy / 2 + 0.25];

/** The cell holding a global point. */
export const cellAt = ([x, y]) => [Math.floor(x), Math.floor(y)];

/** A readable compass name of a quarter inside its tile (for port and quarter labels). */
export function quarterName([qx, qy]) {
  const east = ((qx % 2) + 2) % 2 === 1;
  const north = ((qy % 2) + 2) % 2 === 1;
  return `${north ? "N" : "S"}${east ? "E" : "W"}`;
}
