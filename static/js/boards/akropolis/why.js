// Why a try is refused, in the player's words, where they tried it (issue 39): a site tile
// they cannot pay for, a spot of their city where the tile in hand cannot go. Worked out from
// the seat's view only to explain: the board still offers only the server's legal moves, and
// the server judges every move it is sent.
import { t } from "../../i18n.js";
import { CW, centre, positionAt } from "./hex.js";

/** Why the site tile `item` cannot be taken by a player holding `stones`. */
export function whyTile(item, stones) {
  if (item.cost > stones) {
    return t("akropolis.why.dear", { cost: item.cost, have: stones, need: item.cost - stones });
  }
  return t("akropolis.why.not_offered");
}

/**
 * The triangle (three mutually adjacent positions) the player aimed at with world point
 * `point`: the hex under it and the two neighbours around its nearest corner.
 */
export function triangleAt(point) {
  const [q, r] = positionAt(...point);
  let best = null;
  let bestDistance = Infinity;
  CW.forEach(([aq, ar], k) => {
    const [bq, br] = CW[(k + 1) % 6];
    const triangle = [
      [q, r],
      [q + aq, r + ar],
      [q + bq, r + br],
    ];
    const centres = triangle.map(([tq, tr]) => centre(tq, tr));
    const x = (centres[0][0] + centres[1][0] + centres[2][0]) / 3;
    const y = (centres[0][1] + centres[1][1] + centres[2][1]) / 3;
    const distance = Math.hypot(x - point[0], y - point[1]);
    if (distance < bestDistance) {
      best = triangle;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * What the rules say of a tile on `triangle`: "ok", or what is wrong with it, as the
 * server's refusals in docs/games/akropolis.md. `top` maps "q,r" to the visible hex there.
 */
function judge(triangle, top) {
  const cells = triangle.map(([q, r]) => top.get(`${q},${r}`));
  const built = cells.filter(Boolean);
  if (!built.length) {
    const touches = triangle.some(([q, r]) => CW.some(([dq, dr]) => top.has(`${q + dq},${r + dr}`)));
    return touches ? "ok" : "far";
  }
  // Part over nothing: an empty hex closed in by the city has no room on the ground either.
  if (built.length < 3) return cells[0] ? "gap" : "no_room";
  if (new Set(built.map((cell) => cell.level)).size > 1) return "uneven";
  if (new Set(built.map((cell) => cell.tile_id)).size < 2) return "one_tile";
  return "ok";
}

/**
 * Why the tile in hand may not go on `triangle` of `city` (a view's city), in words; when
 * the rules would allow it but no such placement is offered now (a tutorial's lesson), to
 * use a marked spot.
 */
export function whySpot(city, triangle) {
  const top = new Map(city.hexes.map((cell) => [`${cell.q},${cell.r}`, cell]));
  const reason = judge(triangle, top);
  return t(`akropolis.why.${reason === "ok" ? "spot" : reason}`);
}
