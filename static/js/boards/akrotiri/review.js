// The game review's better move on the Akrotiri board (static/js/review.js): once the board
// after the better move is drawn, outline what the move changed. On the map: the tile placed,
// the island given its free cube, the boat at the port it sailed to or where it loaded,
// unloaded or sold, the temple dug; in the panels: the boat's cargo, the market rows sold to,
// the seat's panel for what the map does not show (plans bought, an objective, the oracle,
// the end of a turn).
import { markNode, ringBox } from "../../review.js";
import { UNIT, quarterCentre, toSvg } from "./geometry.js";
import { S } from "./state.js";

/** A box around `[x, y]` (global units) of `size` (global units), on the map's top layer. */
function ringAt(point, size = 0.5) {
  const layer = S.map?.layers?.overlay;
  const [x, y] = toSvg(point, S.map?.flip ?? false);
  const half = (size * UNIT) / 2;
  return ringBox(layer, { x: x - half, y: y - half, width: 2 * half, height: 2 * half });
}

const one = (root, selector) => root.querySelector(selector);

/** Outline the parts of the board `root` that `move` (by `seat`) changed; how many. */
export function mark(root, move, view, seat) {
  const found = [];
  const add = (ok) => ok && found.push(ok);
  switch (move?.type) {
    case "place_tile": {
      const cells = root.querySelectorAll("[data-testid=marked-tile]");
      if (cells.length) cells.forEach((cell) => add(markNode(cell, { pad: 2 })));
      else if (Array.isArray(move.cell)) add(ringAt([move.cell[0] + 0.5, move.cell[1] + 0.5], 1));
      break;
    }
    case "place_resources": {
      const piece = S.map?.pieces?.get(move.piece);
      if (piece) piece.quarters.forEach((quarter) => add(ringAt(quarterCentre(quarter))));
      break;
    }
    case "move":
      add(markNode(one(root, `[data-testid=boat-${seat}]`)));
      break;
    case "load":
    case "unload":
      add(markNode(one(root, `[data-testid=boat-${seat}]`)));
      add(markNode(one(root, `[data-testid=cargo-${seat}]`)));
      break;
    case "sell":
      add(markNode(one(root, `[data-testid=boat-${seat}]`)));
      add(markNode(one(root, `[data-testid=cargo-${seat}]`)));
      for (const colour of new Set(move.colours || [])) add(markNode(one(root, `.akr-market-row[data-colour="${colour}"]`)));
      break;
    case "excavate":
      if (Array.isArray(move.quarter)) add(ringAt(quarterCentre(move.quarter)));
      break;
    default:
      break;
  }
  // Every move changes its seat's panel: outline it when nothing more precise was found.
  if (!found.length) add(markNode(one(root, `[data-testid=player-${seat}]`)));
  return found.length;
}
