// A hint on this board (static/js/hints.js, docs/hints.md): the hinted move in words, the
// tile picked and shown where it goes on the player's city, ready to place, and the turns
// played after a hint marked in the board's move log.
import { t } from "../../i18n.js";
import { pickTile } from "./hand.js";
import { S, tileMoves } from "./state.js";

/** "Take the 3rd tile for 2 stones and build on level 2 (+1 stone)": a tile's cost is its
 * place on the site. */
export function describeMove(move) {
  if (typeof move?.tile !== "number") return null;
  return t("hints.akropolis", { n: move.tile + 1, cost: move.tile, level: move.level ?? 1, stones: move.stones ?? 0 });
}

/** Pick the hinted tile with its ghost on the hinted spot (false where it cannot). */
export function showHint(move) {
  if (!S.ctx?.canMove || typeof move?.tile !== "number") return false;
  const target = tileMoves(move.tile).find((m) => m.q === move.q && m.r === move.r && m.rot === move.rot);
  if (!target) return false;
  // pickTile settles the ghost on the legal spot nearest the current one: this one.
  S.selected = null;
  S.ghost = target;
  S.rot = target.rot;
  pickTile(move.tile);
  return true;
}

let hinted = new Set(); // turn numbers (the move log's, from 1) played after a hint

/** The turns to mark as hinted; true when that changed (the board then redraws). */
export function setHinted(numbers) {
  const next = new Set(numbers);
  if (next.size === hinted.size && [...next].every((n) => hinted.has(n))) return false;
  hinted = next;
  return true;
}

/** The log's lines by turn, the hinted turns' first line flagged (panels.js marks it). */
export function markedLog(log) {
  return [...log.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([turn, lines]) => (hinted.has(turn) ? [{ ...lines[0], hint: true }, ...lines.slice(1)] : lines));
}
