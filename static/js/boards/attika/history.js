// The Attika board's news, kept in the board state `S` (attika.js): the view's events merged
// into the log, the latest move announced, other seats' new buildings animated for a moment
// and, in a replay, the buildings of the step shown ringed (no timer).
import { eventText, mergeEvents } from "./log.js";
import { isReplay } from "../replay.js";

/** Merge the view's events (`names` of the seats, `me` the viewer's seat or null). */
export function noteEvents(S, names, me, redrawMap) {
  const game = S.game;
  if (isReplay()) S.marked = new Set();
  const fresh = mergeEvents(S.log, game.log, names, game);
  if (!fresh.length) return;
  // The announcement tells the latest move only (a burst of patches brings several).
  const latest = Math.max(...fresh.map((e) => e.n));
  const last = fresh.filter((e) => e.n === latest && eventText(e, names, game));
  if (last.length) {
    S.parts.announce.textContent = last.map((e) => eventText(e, names, game)).join(" · ");
    S.parts.announce.classList.remove("other");
    void S.parts.announce.offsetWidth; // restart the highlight animation
    if (last[0].seat !== me) S.parts.announce.classList.add("other");
  }
  if (isReplay()) {
    // A replay step (or the review's better move) rings what it built, without a timer.
    const built = fresh.filter((e) => e.n === latest && e.kind === "build");
    S.marked = new Set(built.map((e) => `${e.q},${e.r}`));
    return;
  }
  if (S.log.size === fresh.length) return; // the first draw: nothing is news
  for (const event of fresh) {
    if (event.kind === "build" && event.seat !== me) {
      const id = `${event.q},${event.r}`;
      S.fresh.add(id);
      setTimeout(() => {
        S.fresh.delete(id);
        if (S.game) redrawMap();
      }, 1800);
    }
  }
}
