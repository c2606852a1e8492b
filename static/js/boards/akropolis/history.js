// The board's move log, kept in the board state `S` (state.js): the view's last move as
// patches arrive (announced, and pulsed on the city of the seat that played it) and the
// older turns from the room's move log, fetched once.
import { apiLogLines, lastMoveLines, turnsPlayed } from "./log.js";
import { isReplay } from "../replay.js";

/** Record the view's last move in the log; animate it if another seat played it. */
export function noteLastMove(S, game, names, redraw) {
  const last = game.last_move;
  const key = last ? `${last.seat}:${last.tile_id}` : "none";
  if (key === S.lastKey) return;
  const first = S.lastKey === null;
  S.lastKey = key;
  const played = turnsPlayed(game);
  // After an undo the turns taken back leave the log.
  for (const seq of [...S.log.keys()]) if (seq > played) S.log.delete(seq);
  if (isReplay()) {
    // A replay step (or the review's better move) shows the city it built on, the tile outlined.
    S.marked = new Map(last ? [[last.seat, new Set([last.tile_id])]] : []);
    if (last && game.cities.some((city) => city.seat === last.seat)) S.shown = last.seat;
  }
  if (!last) return;
  const lines = lastMoveLines(last, names);
  S.log.set(played, lines);
  if (S.parts) {
    S.parts.announce.textContent = lines.map((line) => line.text).join(" · ");
    S.parts.announce.classList.remove("other");
    void S.parts.announce.offsetWidth; // restart the highlight animation
    if (last.seat !== S.ctx.seat) S.parts.announce.classList.add("other");
  }
  if (first || last.seat === S.ctx.seat || isReplay()) return;
  // `last` is the live view's object, which later patches change in place: keep the seat.
  const seat = last.seat;
  const mark = new Set([last.tile_id]);
  S.fresh.set(seat, mark);
  if (S.shown !== seat) S.pulse.add(seat);
  setTimeout(() => {
    if (S.fresh.get(seat) !== mark) return; // a newer move of that seat has its own timer
    S.fresh.delete(seat);
    S.pulse.delete(seat);
    if (S.game) redraw();
  }, 1800);
}

/** Fill older turns from GET /api/rooms/{id}/log once (the view only carries the last move). */
export async function loadLog(S, names, redraw) {
  const room = S.ctx.room;
  if (S.logLoaded || !room?.id || isReplay()) return;
  S.logLoaded = true;
  const code = document.getElementById("room")?.dataset.code;
  try {
    const response = await fetch(`/api/rooms/${room.id}/log${code ? `?code=${encodeURIComponent(code)}` : ""}`);
    if (!response.ok) return;
    const data = await response.json();
    for (const [seq, lines] of apiLogLines(data.moves, names)) {
      if (!S.log.has(seq)) S.log.set(seq, lines);
    }
    if (S.game) redraw();
  } catch {
    // The log is a convenience: the live view keeps working without it.
  }
}
