// The Akropolis header line (round, chief, variants; whose turn on a replay only) and the
// placing row of the action bar under the city (prompt, the tile in hand, the ghost's level
// and gain, rotate / cancel / place). Pure DOM from what the board passes in; the board keeps
// the state and the actions.
import { t } from "../../i18n.js";
import { tileCard } from "./hex.js";
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

/**
 * Fill `header` with the round, the chief and the variants in play, and, on a replay's board
 * only (no `headline`), whose turn it is or that the game is over: the room page says that
 * once, in its status line above the board, at every width.
 */
export function fillHeader(header, { game, names, seat, headline = false }) {
  header.replaceChildren();
  const round = el("span", "ak-round", t("akropolis.round", { n: game.round }));
  const chief = el("span", "ak-chief-line", `♛ ${t("akropolis.chief_is", { name: names[game.chief] ?? "" })}`);
  if (!headline) {
    const turn = el("span", "ak-turn");
    turn.dataset.testid = "ak-turn";
    if (game.finished) turn.textContent = t("akropolis.finished");
    else if (game.turn === seat) turn.textContent = t("akropolis.your_turn");
    else turn.textContent = t("akropolis.turn_of", { name: names[game.turn] ?? "" });
    turn.classList.toggle("mine", game.turn === seat && !game.finished);
    header.append(turn);
  }
  header.append(round, chief);
  if (game.variants?.length) {
    header.append(el("span", "ak-variants", t("akropolis.variants", { list: game.variants.map((v) => t(`akropolis.variant.${v}`)).join(", ") })));
  }
}

/**
 * Fill the action bar's placing row: the refusal if the server refused the last move, then
 * either whose turn it is, the prompt to pick a tile, or the tile in hand (drawn as it is
 * turned), the preview's level and gain, and Rotate / Cancel / Place (Place is the page's
 * primary control then).
 */
export function fillPlaceBar(bar, { error, canMove, game, names, selected, ghost, tile, waiting, onRotate, onCancel, onConfirm }) {
  bar.replaceChildren();
  if (error) {
    const refused = el("p", "ak-refused", error);
    refused.setAttribute("role", "alert");
    refused.dataset.testid = "refused";
    bar.append(refused);
  }
  if (!canMove) {
    if (game.finished) return;
    bar.append(el("p", "hint ak-wait", t("akropolis.wait_turn", { name: names[game.turn] ?? "" })));
    return;
  }
  if (selected === null) {
    bar.append(el("p", "ak-prompt", waiting ? t("akropolis.loading_moves") : t("akropolis.pick_tile")));
    if (!waiting) bar.append(el("p", "hint ak-keys", t("akropolis.pick_keys")));
    return;
  }
  const hand = el("div", "ak-hand");
  hand.dataset.testid = "tile-in-hand";
  if (tile) {
    const picture = tileCard(tile, 16, ghost?.rot ?? 0);
    picture.setAttribute("aria-hidden", "true");
    hand.append(picture);
  }
  const info = el("p", "ak-ghost-info");
  info.dataset.testid = "ghost-info";
  info.setAttribute("aria-live", "polite");
  if (ghost) {
    const gain = ghost.stones ? t("akropolis.gain", { gain: stonesText(ghost.stones) }) : t("akropolis.no_gain");
    info.textContent = `${t("akropolis.level_n", { n: ghost.level })} · ${gain}`;
  }
  hand.append(info);
  const buttons = el("div", "ak-place-buttons");
  const place = toolButton(`✓ ${t("akropolis.confirm")}`, t("akropolis.confirm"), onConfirm, "confirm");
  if (ghost) place.setAttribute("data-primary", "");
  else place.disabled = true;
  buttons.append(
    toolButton(`⟳ ${t("akropolis.rotate")}`, t("akropolis.rotate_hint"), onRotate, "rotate"),
    toolButton(t("akropolis.cancel"), t("akropolis.cancel"), onCancel, "cancel"),
    place,
  );
  bar.append(hand, buttons, el("p", "hint ak-keys", t("akropolis.keys_hint")), el("p", "hint ak-touch", t("akropolis.touch_hint")));
}
