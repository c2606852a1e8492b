// The Akropolis first-game tutorial: the real board on a scripted position served by
// GET /api/tutorials/akropolis (played there with the real rules). Each step offers one
// legal move, highlights the tile to take, then explains how the score changed.
import { api } from "./api.js";
import { loadBoard } from "./boards/index.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function sameMove(a, b) {
  return a.tile === b.tile && a.q === b.q && a.r === b.r && a.rot === b.rot;
}

export async function start() {
  const root = $("tutorial");
  const game = root.dataset.game;
  const [script, board] = await Promise.all([api("GET", `/api/tutorials/${game}`), loadBoard(game)]);
  const steps = script.steps;
  const room = { seats: [{ name: t("tutorial.you") }, { name: t("tutorial.opponent_name") }] };
  const host = $("board");
  let index = 0;

  function render(view, moves, onMove) {
    board.render(host, { view, seat: 0, room, legalMoves: moves, canMove: moves.length > 0, error: null, onMove });
  }

  function explain(step) {
    const focus = step.score_after.details[step.focus];
    const values = {
      value: focus.value,
      stars: focus.stars,
      points: focus.points,
      level: step.moves[0].level,
      gain: step.moves[0].stones,
    };
    return `${t(`tutorial.${step.lesson}.done`, values)} ${t("tutorial.score_change", { before: step.score_before.total, after: step.score_after.total })}`;
  }

  function showStep() {
    const step = steps[index];
    $("step-count").textContent = t("tutorial.step_count", { n: index + 1, total: steps.length });
    $("coach-title").textContent = t(`tutorial.${step.lesson}.title`);
    const intro = t(`tutorial.${step.lesson}.intro`, { stones: step.view.cities[0].stones });
    $("coach-text").textContent = index > 0 ? `${t("tutorial.opponent_played")} ${intro}` : intro;
    $("coach-explain").textContent = "";
    $("coach-next").hidden = true;
    host.dataset.tutTile = String(step.tile);
    render(step.view, step.moves, (move) => played(step, move));
  }

  function played(step, move) {
    if (!sameMove(move, step.moves[0])) {
      showStep();
      return;
    }
    delete host.dataset.tutTile;
    render(step.after, [], () => {});
    $("coach-explain").textContent = explain(step);
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
    $("coach-text").textContent = t("tutorial.finish");
    $("coach-play").hidden = false;
    root.dataset.done = "true";
    $("coach-play").focus();
  }

  $("coach-next").addEventListener("click", () => {
    index += 1;
    showStep();
  });
  showStep();
}
