// Akrotiri places and cards in a player's words: "the lake tile north of Thera",
// "the lake tile north of Thera, west port", "the plan “volcano above, lake below”"; two
// placed tiles never share a name ("the western lake tile north of Thera").
// Never a tile or card id, never a coordinate (issue 43).
import { t } from "../../i18n.js";
import { placedTile } from "./geometry.js";
import { TILES } from "./tiles.js";

const SECTORS = ["e", "ne", "n", "nw", "w", "sw", "s", "se"];

/** The compass sector (of 8) of a vector, or "c" for (almost) none. */
export function sector(dx, dy) {
  if (Math.hypot(dx, dy) < 1e-6) return "c";
  const angle = ((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360;
  return SECTORS[Math.floor(((angle + 22.5) % 360) / 45)];
}

export const terrainOf = (tileId) => TILES[tileId]?.terrain || "lake";
export const terrainName = (terrain) => t(`akrotiri.terrain.${terrain}`);

/** How far a cell lies from the start board (in tiles) and in which direction. */
function placeOf([cx, cy]) {
  const off = (v) => (v >= 1 ? v : v <= -2 ? v + 1 : 0);
  const dx = off(cx);
  const dy = off(cy);
  return { dir: sector(Math.sign(dx), Math.sign(dy)), ring: Math.max(Math.abs(dx), Math.abs(dy)) };
}

const sameName = (a, b) => terrainOf(a.tile) === terrainOf(b.tile) && placeOf(a.cell).dir === placeOf(b.cell).dir && placeOf(a.cell).ring === placeOf(b.cell).ring;

/**
 * What tells a tile from the other placed tiles of the same name (terrain, direction and
 * distance): its side of the group ("w": "the western lake tile north of Thera"), or, if two
 * of the group share a side, its rank in the order they were placed ("k2": "the second …").
 * "" when the name is unique.
 */
function which(tileId, cell, placements) {
  const me = { tile: tileId, cell };
  const group = placements.filter((p) => sameName(p, me));
  if (!group.some((p) => p.tile === tileId)) group.push(me);
  if (group.length < 2) return "";
  const mx = group.reduce((sum, p) => sum + p.cell[0], 0) / group.length;
  const my = group.reduce((sum, p) => sum + p.cell[1], 0) / group.length;
  const sides = group.map((p) => sector(p.cell[0] - mx, p.cell[1] - my));
  const index = group.findIndex((p) => p.tile === tileId);
  if (new Set(sides).size === sides.length && !sides.includes("c")) return sides[index];
  return `k${index + 1}`;
}

/**
 * "the lake tile north of Thera" (", 2 tiles out" when farther than the first ring); with the
 * placements, a word more when another placed tile has the same name ("the western …").
 */
export function tileName(tileId, cell, placements = []) {
  const { dir, ring } = placeOf(cell);
  return t("akrotiri.name.tile", { terrain: terrainName(terrainOf(tileId)), dir, ring, which: which(tileId, cell, placements) });
}

/** A tile of the view's placements, by id, in words. */
export function placedTileName(tileId, placements) {
  const placed = placements.find((p) => p.tile === tileId);
  return placed ? tileName(tileId, placed.cell, placements) : t("akrotiri.name.tile_alone", { terrain: terrainName(terrainOf(tileId)) });
}

/** "a lake tile" (a tile in hand, or taken from the oracle). */
export const tileInHand = (tileId) => t("akrotiri.name.tile_alone", { terrain: terrainName(terrainOf(tileId)) });

const START_PORTS = { pSW: "sw", pSE: "se", pNW: "nw", pNE: "ne" };

/** "Thera, south port", "the north-east islet of Thera", "the lake tile north of Thera, west port". */
export function portName(key, placements = []) {
  const [tile, id] = key.split(":");
  if (tile === "THERA") {
    if (id === "T1") return t("akrotiri.port.t1");
    if (id === "T2") return t("akrotiri.port.t2");
    return t("akrotiri.port.islet", { corner: START_PORTS[id] || "c" });
  }
  const placed = placements.find((p) => p.tile === tile);
  if (!placed) return t("akrotiri.port.tile", { tile: tileInHand(tile), side: "c" });
  const drawn = placedTile(tile, placed.cell[0], placed.cell[1], placed.rot);
  const port = drawn.ports.find((p) => p.key === key);
  const side = port ? sector(port.pos[0] - placed.cell[0] - 0.5, port.pos[1] - placed.cell[1] - 0.5) : "c";
  return t("akrotiri.port.tile", { tile: tileName(tile, placed.cell, placements), side });
}

/** Where a quarter is: "the lake tile north of Thera, south-west corner", or an islet of Thera. */
export function quarterLabel([qx, qy], placements) {
  const cell = [Math.floor(qx / 2), Math.floor(qy / 2)];
  const corner = `${qy % 2 !== 0 ? "n" : "s"}${qx % 2 !== 0 ? "e" : "w"}`;
  const tile = placements.find((p) => p.cell[0] === cell[0] && p.cell[1] === cell[1]);
  if (!tile) return t("akrotiri.port.islet", { corner: sector(qx + 0.5, qy + 0.5) });
  return t("akrotiri.name.quarter", { tile: tileName(tile.tile, tile.cell, placements), corner });
}

/** "volcano above, lake below" for a plan card's pattern. */
export function patternWords(card) {
  return card.pattern.map((p) => t("akrotiri.pattern_item", { terrain: terrainName(p.terrain), dir: p.dir })).join(", ");
}

/** "the plan “volcano above, lake below”". */
export const planName = (card) => t("akrotiri.name.plan", { pattern: patternWords(card) });
