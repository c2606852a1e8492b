// The end of a game as the room page asks for it: the final table for its result panel
// (drawResult) and each seat's name as the board says it (seatName, for its winner line).
import { finalPanel } from "./panels.js";
import { S, gameOf, namesFor } from "./state.js";

/** The final table, for the room's result panel: ranks, players, scores by type, labelled. */
export function drawResult(box, ctx = {}) {
  const view = ctx.view ?? S.ctx?.view;
  const game = gameOf(view) ?? S.game;
  const result = ctx.result ?? view?.result;
  if (!game || !result) return;
  box.append(finalPanel({ result, names: namesFor(game, ctx.room ?? S.ctx?.room), game }));
}

/** A seat's name as the board says it (in solo, seat 1 is the Illustrious Architect). */
export function seatName(seat, ctx = {}) {
  const game = gameOf(ctx.view ?? S.ctx?.view) ?? S.game;
  return game ? namesFor(game, ctx.room ?? S.ctx?.room)[seat] : undefined;
}
