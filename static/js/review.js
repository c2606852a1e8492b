// Game review on the replay page: the hard bot's estimate of each player's costly moves.
// The server computes it in the background (`GET /api/rooms/{id}/review`, polled while
// pending). Per seat: a summary line ("You lost 23 points in 4 moves") and its biggest
// mistakes; a mistake steps the replay to that move and sets the played and the better move
// side by side in words (each board's describeMove, from the position before the move) and,
// where the board draws them, pictures; "Better move" shows the board after it with what
// the move changed marked (`mark` of static/js/boards/<game>/review.js).
import { api } from "./api.js";
import { lang, t } from "./i18n.js";
import { useStylesheet } from "./boards/stylesheet.js";

const $ = (id) => document.getElementById(id);
const MISTAKES = 3;
const CSS_HREF = new URL("../css/review.css", import.meta.url).href;

// The unit of a game's estimate: Agorapolis counts renown; Attika has no points, its
// estimate is a progress share (0..1), shown as points out of 100.
const UNITS = { agorapolis: { unit: "renown", scale: 1 }, attika: { unit: "progress", scale: 100 } };
const POINTS = { unit: "points", scale: 1 };

// What each board adds to the review (static/js/boards/<game>/review.js): `mark` outlines
// what the better move changed, `picture` draws a move beside its words.
const EXTRAS = {
  akropolis: () => import("./boards/akropolis/review.js"),
  akrotiri: () => import("./boards/akrotiri/review.js"),
  attika: () => import("./boards/attika/review.js"),
  agorapolis: () => import("./boards/agorapolis/review.js"),
};

const number = (value) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value);

export function reviewPanel({ roomId, query, room, game, board, frames, viewer, go, showFrame }) {
  useStylesheet(CSS_HREF);
  const { unit, scale } = UNITS[game] || POINTS;
  const amount = (loss) => ({ unit, points: Math.round(loss * scale * 10) / 10, amount: number(loss * scale) });
  let review = null;
  let failures = 0;
  let extras = {};
  const loaded = (EXTRAS[game]?.() ?? Promise.resolve({})).then((module) => {
    extras = module;
  });

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
    await loaded;
    $("review-button").hidden = true;
    $("review-status").textContent = t("review.ready", { total: review.total });
    drawSeats();
  }

  function seatName(position) {
    const seat = room.seats.find((s) => s.position === position);
    return seat?.name || `#${position + 1}`;
  }

  /** "You lost 23 points in 4 moves" / "Anna lost 12 renown in 3 moves". */
  function summary(seat, costly) {
    const lost = costly.reduce((sum, m) => sum + m.loss, 0);
    const who = { me: seat === viewer ? "yes" : "no", name: seatName(seat) };
    if (!costly.length) return t("review.summary_none", who);
    return t("review.summary", { ...who, ...amount(lost), moves: costly.length });
  }

  function drawSeats() {
    const box = $("review-seats");
    box.replaceChildren();
    const seats = [...new Set(review.moves.map((m) => m.seat))].sort((a, b) => a - b);
    for (const seat of seats) {
      const costly = review.moves.filter((m) => m.seat === seat && m.loss > 0);
      const title = document.createElement("h3");
      title.textContent = seatName(seat);
      const line = document.createElement("p");
      line.className = "review-summary";
      line.dataset.testid = "review-summary";
      line.dataset.seat = String(seat);
      line.textContent = summary(seat, costly);
      const list = document.createElement("ol");
      list.className = "review-mistakes";
      const worst = [...costly].sort((a, b) => b.loss - a.loss).slice(0, MISTAKES);
      for (const entry of worst) {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link";
        button.dataset.seq = String(entry.seq);
        button.textContent = t("review.mistake_in", { step: entry.frame, ...amount(entry.loss) });
        button.addEventListener("click", () => focus(entry));
        item.append(button);
        list.append(item);
      }
      if (worst.length) box.append(title, line, list);
      else box.append(title, line);
    }
  }

  /** The words (and picture) of `move` by `seat` at the position `before` (a frame). */
  function told(move, before, seat) {
    // The board reads its words from the view it draws: draw the position the move was
    // played from (the caller draws the frame to show right after, in the same task).
    showFrame(before, seat);
    let words = null;
    try {
      words = board.describeMove?.(move) ?? null;
    } catch {
      words = null; // a move the board cannot word: the generic line below
    }
    const picture = extras.picture?.(move, before, seat) ?? null;
    return { words: words || t("review.move_unknown"), picture };
  }

  function side(kind, { words, picture }) {
    const box = $(`review-${kind}-body`);
    const text = document.createElement("p");
    text.dataset.testid = `review-${kind}-words`;
    text.textContent = words;
    box.replaceChildren(text);
    if (picture) box.append(picture);
  }

  function focus(entry) {
    const better = review.better_frames[String(entry.seq)];
    const before = frames[entry.frame - 1];
    if (before) {
      side("played", told(entry.played, before, entry.seat));
      side("better", told(entry.best, before, entry.seat));
    }
    go(entry.frame);
    $("review-compare").hidden = false;
    $("review-note").textContent = t("review.better_by", amount(entry.loss));
    $("review-better").hidden = !better;
    const press = (showBetter) => {
      $("review-played").setAttribute("aria-pressed", String(!showBetter));
      $("review-better").setAttribute("aria-pressed", String(showBetter));
      $("review-better-side").classList.toggle("review-shown", showBetter);
      $("review-played-side").classList.toggle("review-shown", !showBetter);
      if (showBetter) {
        // As the replay draws (no seat): the map keeps its orientation between the two.
        showFrame(better);
        markBetter(entry, better);
      } else {
        shown += 1;
        go(entry.frame);
      }
    };
    $("review-played").onclick = () => press(false);
    $("review-better").onclick = () => press(true);
    press(false);
  }

  /** Outline what the better move changed on the board drawn (again after a late redraw). */
  let shown = 0; // which showing of a better board the pending marks belong to
  function markBetter(entry, view) {
    const root = $("board");
    const showing = (shown += 1);
    const mark = () => {
      if (showing !== shown || $("review-better").getAttribute("aria-pressed") !== "true") return;
      if (root.querySelector("[data-review-mark]")) return;
      extras.mark?.(root, entry.best, view, entry.seat);
    };
    mark();
    requestAnimationFrame(mark);
    setTimeout(mark, 300); // a board that refits its map after drawing redraws once more
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

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Mark `node` as changed by the better move: an HTML node outlined, an SVG shape ringed (a
 * dashed box drawn beside it in its own coordinates). Tests find the mark by
 * `data-review-mark`; the node keeps its own test id.
 */
export function markNode(node, { pad = 4 } = {}) {
  if (!node) return false;
  if (!node.ownerSVGElement) {
    node.classList.add("review-marked");
    node.dataset.reviewMark = "";
    return true;
  }
  const box = node.getBBox();
  return ringBox(node.parentNode, { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad });
}

/** A dashed box in SVG `layer` (its coordinates), marked as the review's. */
export function ringBox(layer, { x, y, width, height }) {
  if (!layer) return false;
  const ring = document.createElementNS(SVG_NS, "rect");
  for (const [key, value] of Object.entries({ x, y, width, height, rx: 6 })) ring.setAttribute(key, String(Math.round(value * 10) / 10));
  ring.setAttribute("class", "review-ring");
  ring.setAttribute("data-review-mark", "");
  const title = document.createElementNS(SVG_NS, "title");
  title.textContent = t("review.mark");
  ring.append(title);
  layer.append(ring);
  return true;
}
