// The room's one result panel: who won, "Play again" and "Review the game" at its top, then
// the final table (the board's own, with its labelled breakdown: board.drawResult;
// docs/boards.md), or a plain ranks-and-scores table for a board without one.
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export function resultPanel({ board, boardContext, seatName, getRoom, roomId, code }) {
  let shownKey = "";

  function scoresTable(result) {
    const table = document.createElement("table");
    table.className = "scores";
    table.innerHTML = `<thead><tr><th>${t("room.rank")}</th><th>${t("room.player")}</th><th>${t("room.score")}</th></tr></thead>`;
    const body = document.createElement("tbody");
    result.ranking.forEach((group, index) => {
      for (const position of group) {
        const row = document.createElement("tr");
        for (const text of [String(index + 1), seatName(position), String(result.scores[position])]) {
          const cell = document.createElement("td");
          cell.textContent = text;
          row.append(cell);
        }
        body.append(row);
      }
    });
    table.append(body);
    return table;
  }

  /** Draw the panel for `result` (hidden while there is none). */
  return function draw(result) {
    const box = $("result");
    box.hidden = !result;
    if (!result) {
      shownKey = "";
      return;
    }
    const key = JSON.stringify([result, getRoom().seats.map((seat) => seat.name)]);
    if (key === shownKey) return; // redrawn only when something changed: no flicker
    const first = shownKey === "";
    shownKey = key;
    const winners = result.ranking[0];
    // The board may name a seat its own way (the solo Architect is no "Seat 2").
    const named = (position) => board.seatName?.(position, boardContext()) || seatName(position);
    $("result-title").textContent = t("room.winner", { names: winners.map(named).join(", "), count: winners.length });
    $("review-link").href = `/r/${roomId}/replay${code ? `?code=${encodeURIComponent(code)}` : ""}#review`;
    const slot = $("result-table");
    slot.replaceChildren();
    if (board.drawResult) board.drawResult(slot, boardContext());
    else slot.append(scoresTable(result));
    // The game just ended under a player scrolled down to the board: show who won.
    if (first && box.getBoundingClientRect().top < 0) box.scrollIntoView({ block: "start" });
  };
}
