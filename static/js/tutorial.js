// A game's guided first game: the real board on a scripted position served by
// GET /api/tutorials/<game> (played there with the real rules; app/tutorials/__init__.py
// gives the step contract). Each step offers only the move to learn, highlights what to
// touch (the step's `focus` selectors), then says what the move did.
import { api } from "./api.js";
import { loadBoard } from "./boards/index.js";
import { t } from "./i18n.js";
import { bindPlayButtons } from "./play.js";

const $ = (id) => document.getElementById(id);

/** Moves as the server sends them: equal when their JSON is, keys in any order. */
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]));
  }
  return value;
}
const sameMove = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export async function start() {
  const root = $("tutorial");
  const game = root.dataset.game;
  const [script, board] = await Promise.all([api("GET", `/api/tutorials/${game}`), loadBoard(game)]);
  const steps = script.steps;
  // A room as the board expects it: two seats unless the script says otherwise (`room`).
  const room = {
    status: "playing",
    seats: Array.from({ length: script.room?.seats ?? 2 }, (_, position) => ({
      position,
      // A name, not "you": the boards' logs say "<name> took…" in the third person.
      name: position === 0 ? root.dataset.name || t("tutorial.you") : t("tutorial.opponent_name"),
    })),
    options: script.room?.options ?? {},
  };
  const host = $("board");
  const key = (step, part) => `tutorial.${game}.${step.lesson}.${part}`;
  let index = 0;
  let focus = [];

  // Boards redraw parts of themselves as the player clicks: the highlight follows.
  function highlight() {
    for (const node of host.querySelectorAll(".tut-highlight")) node.classList.remove("tut-highlight");
    for (const selector of focus) {
      for (const node of host.querySelectorAll(selector)) node.classList.add("tut-highlight");
    }
  }
  new MutationObserver(() => {
    if (focus.length && !host.querySelector(".tut-highlight")) highlight();
  }).observe(host, { childList: true, subtree: true });

  function render(view, moves, onMove) {
    board.render(host, { view, seat: 0, room, legalMoves: moves, canMove: moves.length > 0, error: null, onMove });
    highlight();
  }

  function showStep() {
    const step = steps[index];
    $("step-count").textContent = t("tutorial.step_count", { n: index + 1, total: steps.length });
    $("coach-title").textContent = t(key(step, "title"), step.values);
    const intro = t(key(step, "intro"), step.values);
    const answered = index > 0 && steps[index - 1].opponent;
    $("coach-text").textContent = answered ? `${t(`tutorial.${game}.opponent_played`)} ${intro}` : intro;
    $("coach-explain").textContent = "";
    $("coach-next").hidden = true;
    root.dataset.step = String(index);
    if (step.tile !== undefined) host.dataset.tutTile = String(step.tile);
    focus = step.focus ?? [];
    render(step.view, step.moves, (move) => played(step, move));
  }

  function played(step, move) {
    if (!step.moves.some((offered) => sameMove(offered, move))) {
      showStep();
      return;
    }
    focus = [];
    delete host.dataset.tutTile;
    const last = index === steps.length - 1;
    // After the last lesson nobody is to act (the script's opponent does not answer).
    render(last ? { ...step.after, to_act: [] } : step.after, [], () => {});
    const score = step.score ? ` ${t("tutorial.score_change", step.score)}` : "";
    $("coach-explain").textContent = `${t(key(step, "done"), step.values)}${score}`;
    if (index < steps.length - 1) {
      $("coach-text").textContent = "";
      $("coach-next").hidden = false;
      $("coach-next").focus();
    } else {
      finish();
    }
  }

  function finish() {
    $("coach-title").textContent = t("tutorial.finish_title");
    $("coach-text").textContent = t(`tutorial.${game}.finish`);
    $("coach-play").hidden = false;
    root.dataset.done = "true";
    $("coach-play").querySelector("button").focus();
  }

  $("coach-next").addEventListener("click", () => {
    // The opponent's answer shows before the next lesson's position is drawn.
    index += 1;
    showStep();
  });
  bindPlayButtons($("coach-play").parentElement);
  showStep();
}
