// The Akropolis header line (whose turn, round, chief, variants) and the placing bar under
// the city (prompt, the ghost's level and gain, rotate / cancel / confirm). Pure DOM from
// what the board passes in; the board keeps the state and the actions.
import { t } from "../../i18n.js";
import { el, stonesText } from "./panels.js";

/** A small button with a title read by screen readers. */
export function toolButton(text, title, action, cls = "") {
  const button = el("button", `ak-tool ${cls}`.trim(), text);
  button.type = "button";
  button.title = title;
  button.setAttribute("aria-label", title);
  button.addEventListener("click", action);
  return button;
}

/** Fill `header` with whose turn it is, the round, the chief and the variants in play. */
export function fillHeader(header, { game, names, seat, headline = false }) {
  header.replaceChildren();
  const round = el("span", "ak-round", t("akropolis.round", { n: game.round }));
  const chief = el("span", "ak-chief-line", `♛ ${t("akropolis.chief_is", { name: names[game.chief] ?? "" })}`);
  const turn = el("span", "ak-turn");
  turn.dataset.testid = "ak-turn";
  if (game.finished) {
    turn.textContent = t("akropolis.finished");
    turn.hidden = headline; // the room page says it once, above the board
  } else if (game.turn === seat) turn.textContent = t("akropolis.your_turn");
  else turn.textContent = t("akropolis.turn_of", { name: names[game.turn] ?? "" });
  turn.classList.toggle("mine", game.turn === seat && !game.finished);
  header.append(turn, round, chief);
  if (game.variants?.length) {
    header.append(el("span", "ak-variants", t("akropolis.variants", { list: game.variants.map((v) => t(`akropolis.variant.${v}`)).join(", ") })));
  }
}

/**
 * Fill the placing bar: the refusal if the server refused the last move, then either whose
 * turn it is, the prompt to pick a tile, or the ghost's level and gain with its buttons.
 */
export function fillPlaceBar(bar, { error, canMove, game, names, selected, ghost, waiting, onRotate, onCancel, onConfirm }) {
  bar.replaceChildren();
  if (error) {
    const refused = el("p", "ak-refused", error);
    refused.setAttribute("role", "alert");
    refused.dataset.testid = "refused";
    bar.append(refused);
  }
  if (!canMove) {
    if (game.finished) return;
    bar.append(el("p", "hint", t("akropolis.wait_turn", { name: names[game.turn] ?? "" })));
    return;
  }
  if (selected === null) {
    bar.append(el("p", "ak-prompt", waiting ? t("akropolis.loading_moves") : t("akropolis.pick_tile")));
    return;
  }
  const info = el("p", "ak-ghost-info");
  info.dataset.testid = "ghost-info";
  info.setAttribute("aria-live", "polite");
  if (ghost) {
    const gain = ghost.stones ? t("akropolis.gain", { gain: stonesText(ghost.stones) }) : t("akropolis.no_gain");
    info.textContent = `${t("akropolis.level_n", { n: ghost.level })} · ${gain}`;
  }
  const buttons = el("div", "ak-place-buttons");
  buttons.append(
    toolButton(`⟳ ${t("akropolis.rotate")}`, t("akropolis.rotate_hint"), onRotate, "rotate"),
    toolButton(t("akropolis.cancel"), t("akropolis.cancel"), onCancel, "cancel"),
    toolButton(`✓ ${t("akropolis.confirm")}`, t("akropolis.confirm"), onConfirm, "confirm"),
  );
  bar.append(info, buttons, el("p", "hint ak-keys", t("akropolis.keys_hint")));
}
