// Rules diagrams: every <figure data-diagram="game-name"> in the rules content is drawn by
// its game's diagram module, which uses that game's board code. Used by the game page and
// by the rules drawer on the room page.
import { useStylesheet } from "../boards/stylesheet.js";

const modules = {
  akropolis: () => import("./akropolis.js"),
  agorapolis: () => import("./agorapolis.js"),
};

/** Draw every diagram under `root`; a diagram of a game without a module stays text only. */
export async function renderDiagrams(root) {
  const figures = [...root.querySelectorAll("figure[data-diagram]")];
  for (const figure of figures) {
    const [game, ...rest] = figure.dataset.diagram.split("-");
    const loader = modules[game];
    if (!loader) continue;
    const module = await loader();
    if (module.stylesheet) useStylesheet(module.stylesheet);
    const host = figure.querySelector(".draw") || figure;
    await module.draw(rest.join("-"), host, figure);
  }
}
