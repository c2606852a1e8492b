// Replay: step through a finished game's spectator views, frame by frame.
import { api } from "./api.js";
import { loadBoard } from "./boards/index.js";
import { label, t } from "./i18n.js";
import { reviewPanel } from "./review.js";

const $ = (id) => document.getElementById(id);

export async function start() {
  const root = $("replay");
  const code = root.dataset.code;
  const query = code ? `?code=${encodeURIComponent(code)}` : "";
  const data = await api("GET", `/api/rooms/${root.dataset.room}/replay${query}`);
  const board = await loadBoard(root.dataset.game);
  const last = data.frames.length - 1;
  let step = last;
  // `seat`: the review draws the position before a move as its mover sees it, to ask the
  // board for the move's words (a board words a move from the view it draws).
  const draw = (view, seat = null) =>
    board.render($("board"), {
      view, seat, room: data.room, legalMoves: [], canMove: false,
      colour: (position) => data.room.seats?.[position]?.colour ?? position,
    });
  const show = () => {
    draw(data.frames[step]);
    $("step").textContent = t("replay.step", { step, total: last });
    // The log entry that led to this frame (the solo Architect's turns are entries too).
    const entry = step > 0 ? data.log[step - 1] : null;
    $("move-description").textContent = entry?.description ? label(entry.description) : "";
  };
  const go = (to) => {
    step = Math.max(0, Math.min(last, to));
    show();
  };
  const viewer = data.room.seats?.find((s) => s.user_id && s.user_id === root.dataset.user)?.position ?? null;
  const review = reviewPanel({
    roomId: root.dataset.room, query, room: data.room, game: root.dataset.game, board,
    frames: data.frames, viewer, go, showFrame: draw,
  });
  const walk = (to) => {
    review.left();
    go(to);
  };
  $("first").onclick = () => walk(0);
  $("prev").onclick = () => walk(step - 1);
  $("next").onclick = () => walk(step + 1);
  $("last").onclick = () => walk(last);
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") walk(step - 1);
    if (event.key === "ArrowRight") walk(step + 1);
  });
  show();
}
