// The move log in words ("Lina took the 3rd tile for 2 stones and built on level 2, +1 stone"),
// built from the view's `last_move` as patches arrive and from the room's move log on load.
import { t } from "../../i18n.js";
import { stonesText } from "./panels.js";

/** One player's turn in words: the tile by its place on the site (1st, 2nd…), never an id. */
export function logText(name, { index, cost, level, gained }) {
  let text = t("akropolis.log.took", { name, n: index + 1, cost });
  if (level) text += t("akropolis.log.built", { level });
  if (gained) text += t("akropolis.log.gain", { gain: stonesText(gained) });
  return text;
}

/** Turns the seated players have played (the sequence number of the last move). */
export function turnsPlayed(game) {
  return game.cities.reduce((sum, city) => sum + city.turns_played, 0);
}

/** The lines for `last_move`: the player's turn, and in solo the Architect's right after. */
export function lastMoveLines(last, names) {
  const lines = [
    {
      seat: last.seat,
      text: logText(names[last.seat], {
        index: last.tile_index,
        cost: last.cost,
        level: last.level,
        gained: last.stones_gained,
      }),
    },
  ];
  if (last.architect) {
    const a = last.architect;
    lines.push({ seat: null, text: t("akropolis.log.took", { name: t("akropolis.architect"), n: a.tile_index + 1, cost: a.cost }) });
  }
  return lines;
}

/**
 * Lines by turn number from `GET /api/rooms/{id}/log` moves in force (a move there is what
 * was sent: site index = cost, and level/stones when the sender included them).
 */
export function apiLogLines(moves, names) {
  const lines = new Map();
  // Undo rows and the moves they took back are not turns of the game.
  const inForce = moves.filter((entry) => entry.kind !== "undo" && !entry.undone);
  inForce.forEach((entry, i) => {
    if (entry.seat === null || entry.seat === undefined) return;
    const move = entry.move || {};
    const index = move.tile ?? 0;
    lines.set(i + 1, [{ seat: entry.seat, text: logText(names[entry.seat], { index, cost: index, level: move.level, gained: move.stones }) }]);
  });
  return lines;
}
