// Game review on the replay page: the hard bot's estimate of each player's costly moves.
// The server computes it in the background (`GET /api/rooms/{id}/review`, polled while
// pending); a mistake steps the replay to that move and can show the better move's board.
import { api } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const MISTAKES = 3;

export function reviewPanel({ roomId, query, room, go, showFrame }) {
  let review = null;

  let failures = 0;

  async function fetchReview() {
    $("review-button").disabled = true;
    try {
      review = await api("GET", `/api/rooms/${roomId}/review${query}`);
      failures = 0;
    } catch (error) {
      // A busy server (503, 429) is asked again a little later; a refusal ends it.
      failures += 1;
      $("review-status").textContent = t("review.failed", { message: error.message });
      if (failures < 10 && (!error.status || error.status >= 429)) setTimeout(fetchReview, 1500 * failures);
      else $("review-button").disabled = false;
      return;
    }
    if (review.status === "pending") {
      $("review-status").textContent = t("review.pending", { done: review.done, total: review.total });
      setTimeout(fetchReview, 1500);
      return;
    }
    $("review-button").hidden = true;
    $("review-status").textContent = t("review.ready", { total: review.total });
    drawSeats();
  }

  function seatName(position) {
    const seat = room.seats.find((s) => s.position === position);
    return seat?.name || `#${position + 1}`;
  }

  function drawSeats() {
    const box = $("review-seats");
    box.replaceChildren();
    const seats = [...new Set(review.moves.map((m) => m.seat))].sort((a, b) => a - b);
    for (const seat of seats) {
      const mine = review.moves.filter((m) => m.seat === seat);
      const lost = mine.reduce((sum, m) => sum + m.loss, 0);
      const title = document.createElement("h3");
      title.textContent = t("review.seat", { name: seatName(seat), loss: lost.toFixed(1) });
      const list = document.createElement("ol");
      list.className = "review-mistakes";
      const worst = mine.filter((m) => m.loss > 0).sort((a, b) => b.loss - a.loss).slice(0, MISTAKES);
      for (const entry of worst) {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link";
        button.dataset.seq = String(entry.seq);
        button.textContent = t("review.mistake", { step: entry.frame, loss: entry.loss.toFixed(1) });
        button.addEventListener("click", () => focus(entry));
        item.append(button);
        list.append(item);
      }
      if (!worst.length) {
        const none = document.createElement("li");
        none.textContent = t("review.none");
        list.append(none);
      }
      box.append(title, list);
    }
  }

  function focus(entry) {
    go(entry.frame);
    const better = review.better_frames[String(entry.seq)];
    $("review-compare").hidden = false;
    $("review-note").textContent = t("review.better_note", { loss: entry.loss.toFixed(1) });
    $("review-better").hidden = !better;
    const press = (showBetter) => {
      $("review-played").setAttribute("aria-pressed", String(!showBetter));
      $("review-better").setAttribute("aria-pressed", String(showBetter));
      if (showBetter) showFrame(better);
      else go(entry.frame);
    };
    $("review-played").onclick = () => press(false);
    $("review-better").onclick = () => press(true);
    press(false);
  }

  // The button is rendered disabled: a click before the replay has loaded would be lost.
  $("review-button").addEventListener("click", fetchReview);
  $("review-button").disabled = false;
  return {
    /** Stepping elsewhere leaves the comparison. */
    left() {
      $("review-compare").hidden = true;
    },
  };
}
