// Game id -> the module that draws its catalogue illustration (an SVG in the game's own
// pieces). A game whose board lands later replaces its entry here; unknown games get a
// plain emblem, so a newly registered game always has a card.
import { useStylesheet } from "../boards/stylesheet.js";
import { svg } from "./svg.js";

const art = {
  akropolis: () => import("./akropolis.js"),
  agorapolis: () => import("./agorapolis.js"),
  akrotiri: () => import("./akrotiri.js"),
  attika: () => import("./attika.js"),
};

/** Draw the illustration of `gameId` into `host` (decorative: hidden from screen readers). */
export async function drawIllustration(host, gameId) {
  if (!host) return;
  const root = svg("svg", { viewBox: "0 0 320 180", class: "art-svg", "aria-hidden": "true", focusable: "false" });
  root.append(svg("rect", { x: 0, y: 0, width: 320, height: 180, class: "art-bg" }));
  host.replaceChildren(root);
  const loader = art[gameId];
  if (!loader) {
    emblem(root);
    return;
  }
  const module = await loader();
  if (module.stylesheet) useStylesheet(module.stylesheet);
  module.draw(root);
}

function emblem(root) {
  const text = svg("text", { x: 160, y: 100, "text-anchor": "middle", class: "art-emblem" });
  text.textContent = "Α";
  root.append(text);
}
