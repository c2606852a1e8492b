// A game's page: its illustration, the one-click play buttons and the rules diagrams.
import { drawIllustration } from "./illustrations/index.js";
import { bindPlayButtons } from "./play.js";
import { renderDiagrams } from "./rules/index.js";

export async function start() {
  const head = document.querySelector(".game-head");
  drawIllustration(head.querySelector("[data-art]"), head.dataset.game);
  bindPlayButtons(head);
  await renderDiagrams(document.querySelector(".rules"));
  document.body.dataset.diagrams = "drawn";
}
