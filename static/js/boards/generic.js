// The generic board: any game's public view as a readable tree, and the legal moves
// the server sent as buttons. It holds no rules (like chessground): a fallback for any game.
import { t } from "../i18n.js";

function describe(move) {
  return Object.entries(move)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`)
    .join(", ");
}

function renderValue(value) {
  if (value === null || typeof value !== "object") {
    const span = document.createElement("span");
    span.className = "v";
    span.textContent = JSON.stringify(value);
    return span;
  }
  const list = document.createElement("ul");
  list.className = "tree";
  for (const [key, child] of Object.entries(value)) {
    const item = document.createElement("li");
    const name = document.createElement("span");
    name.className = "k";
    name.textContent = `${key}: `;
    item.append(name, renderValue(child));
    list.append(item);
  }
  return list;
}

export default {
  showsResult: false,
  /** Draw the view and the legal moves; `onMove(move)` sends one. */
  render(element, { view, legalMoves, onMove, canMove }) {
    element.replaceChildren();
    const state = document.createElement("div");
    state.className = "generic-state";
    state.dataset.testid = "game-view";
    state.append(renderValue(view?.game ?? {}));
    element.append(state);
    if (!canMove) return;
    const title = document.createElement("h3");
    title.textContent = t("room.legal_moves");
    const moves = document.createElement("div");
    moves.className = "moves";
    moves.setAttribute("role", "group");
    moves.setAttribute("aria-label", t("room.legal_moves"));
    if (!legalMoves.length) moves.textContent = t("room.no_moves");
    legalMoves.forEach((move, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "move";
      button.dataset.index = String(index);
      button.textContent = describe(move);
      button.addEventListener("click", () => onMove(move));
      moves.append(button);
    });
    element.append(title, moves);
  },
};
