// The room page's "Rules" drawer: the game page's rules content and diagrams, next to the
// board. Loaded on first open; Escape or the close button hides it and gives focus back.
import { renderDiagrams } from "./index.js";

export function setupRulesDrawer() {
  const button = document.getElementById("rules-button");
  const drawer = document.getElementById("rules-drawer");
  if (!button || !drawer) return;
  const body = document.getElementById("rules-body");
  let loaded = false;
  const close = () => {
    drawer.hidden = true;
    button.setAttribute("aria-expanded", "false");
    button.focus();
  };
  const open = async () => {
    drawer.hidden = false;
    button.setAttribute("aria-expanded", "true");
    if (!loaded) {
      loaded = true;
      const response = await fetch(button.dataset.rulesUrl, { credentials: "same-origin" });
      body.innerHTML = await response.text();
      await renderDiagrams(body);
    }
    document.getElementById("rules-close").focus();
  };
  button.addEventListener("click", () => (drawer.hidden ? open() : close()));
  document.getElementById("rules-close").addEventListener("click", close);
  drawer.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
}
