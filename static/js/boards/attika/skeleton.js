// The board's persistent page parts, and the bar under the map (refusals, placing a new piece,
// paying for a chosen spot, hints). DOM only.
import { t } from "../../i18n.js";
import { rotate } from "./hex.js";
import { button, el, pieceCard } from "./panels.js";
import { paymentPanel } from "./payment.js";

/** Build the skeleton once per element; returns its parts. */
export function skeleton(element, { onKey, onBoardKey }) {
  element.replaceChildren();
  element.classList.add("at-board");
  const root = el("div", "at-root");
  const parts = {
    header: el("div", "at-header"),
    announce: el("p", "at-announce"),
    final: el("div", "at-final-slot"),
    main: el("div", "at-main"),
    side: el("div", "at-side"),
    below: el("div", "at-below"),
  };
  parts.announce.setAttribute("aria-live", "polite");
  parts.announce.dataset.testid = "last-move";
  const mapHead = el("div", "at-map-head");
  parts.tools = el("div", "at-tools");
  mapHead.append(el("h3", "", t("attika.map")), parts.tools);
  parts.mapHost = el("div", "at-map");
  parts.mapHost.tabIndex = 0;
  parts.mapHost.dataset.testid = "map";
  parts.mapHost.setAttribute("aria-label", t("attika.map_label"));
  parts.mapHost.addEventListener("keydown", onKey);
  parts.placeBar = el("div", "at-place-bar");
  parts.main.append(mapHead, parts.mapHost, parts.placeBar);
  root.append(parts.header, parts.announce, parts.final, parts.main, parts.side, parts.below);
  root.addEventListener("keydown", onBoardKey);
  element.append(root);
  return parts;
}

/** The contents of the bar under the map. */
export function placeBar({ error, game, placing, rot, names, selecting, payment, onRotate, onPlace }) {
  const out = [];
  if (error) {
    const refused = el("p", "at-refused", error);
    refused.setAttribute("role", "alert");
    refused.dataset.testid = "refused";
    out.push(refused);
  }
  if (game.piece && placing) {
    const info = el("div", "at-piece-info");
    info.append(pieceCard(game.piece, rot, rotate), el("span", "", t("attika.piece_hint", { id: game.piece.id })));
    const buttons = el("div", "at-place-buttons");
    buttons.append(
      button(`⟳ ${t("attika.rotate")}`, onRotate, { cls: "at-secondary", testid: "rotate", title: t("attika.rotate_hint") }),
      button(`✓ ${t("attika.place")}`, onPlace, { cls: "at-confirm", testid: "place-piece" }),
    );
    out.push(info, buttons, el("p", "hint", t("attika.piece_keys")));
  } else if (game.piece) {
    out.push(el("p", "hint", t("attika.piece_other", { name: names[game.turn] ?? "", id: game.piece.id })));
  } else if (payment) {
    out.push(paymentPanel(payment));
  } else if (selecting) {
    out.push(el("p", "hint", t("attika.spot_hint")));
  }
  return out;
}
