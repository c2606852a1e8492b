// The game review's better move on the Attika board (static/js/review.js): once the board
// after the better move is drawn, outline what the move changed. On the map: the building
// built (the board rings a replay step's builds, history.js), the land piece placed; in the
// seat's row of the players panel: its stacks for a draw, its reserve, its cards for the end
// of a turn (the cards drawn); else the whole row.
import { markNode } from "../../review.js";

const one = (root, selector) => root.querySelector(selector);
const at = (q, r) => `[data-q="${q}"][data-r="${r}"]`;

/** Outline the parts of the board `root` that `move` (by `seat`) changed; how many. */
export function mark(root, move, view, seat) {
  const found = [];
  const add = (ok) => ok && found.push(ok);
  switch (move?.type) {
    case "build":
    case "build_pending": {
      const ring = root.querySelectorAll("[data-testid=marked-building]");
      if (ring.length) ring.forEach((node) => add(markNode(node)));
      else add(markNode(one(root, `.at-building${at(move.q, move.r)}`)));
      break;
    }
    case "place_piece":
      add(markNode(one(root, `.at-land${at(move.q, move.r)}`)));
      break;
    case "draw":
      add(markNode(one(root, `[data-testid=player-${seat}] .at-player-stacks`)));
      break;
    case "reserve_pending":
      add(markNode(one(root, `[data-testid=player-${seat}] .at-mini-reserve`)));
      break;
    case "end_actions":
    case "take_card":
      add(markNode(one(root, `[data-testid=player-${seat}] .at-player-stats`)));
      break;
    default:
      break;
  }
  if (!found.length) add(markNode(one(root, `[data-testid=player-${seat}]`)));
  return found.length;
}
