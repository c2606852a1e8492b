// The game review's better move on the Akropolis board (static/js/review.js): the board
// already outlines the step's tile on the mover's city (history.js); the review rings it too.
import { markNode } from "../../review.js";

/** Ring the tile the better move placed; how many marks. */
export function mark(root) {
  const tiles = [...root.querySelectorAll("[data-testid=marked-tile]")];
  return tiles.filter((tile) => markNode(tile, { pad: 2 })).length;
}
