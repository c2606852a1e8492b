// The board's persistent page parts, and the action bar under the map: the prompt, then the
// controls of the current action (refusals, placing a new piece, the drawn building, paying
// for a chosen hex, the stacks, end turn / take a card / pass, the question before an
// irreversible spend). Exactly one control carries `data-primary` when the seat has
// something to do (docs/boards.md). DOM only: every control comes from the legal moves.
import { t } from "../../i18n.js";
import { rotate } from "./hex.js";
import { offerKnown } from "./mine.js";
import { buildingCard, button, el, pieceCard, stacksRow } from "./panels.js";
import { paymentPanel } from "./payment.js";
import { landWords } from "./words.js";

/** Build the skeleton once per element; returns its parts. */
export function skeleton(element, { onKey, onBoardKey }) {
  element.replaceChildren();
  element.classList.add("at-board");
  const root = el("div", "at-root");
  const parts = {
    announce: el("p", "at-announce"),
    final: el("div", "at-final-slot"),
    stage: el("div", "at-stage"),
    main: el("div", "at-main"),
    bar: el("div", "at-bar"),
    side: el("div", "at-side"),
    below: el("div", "at-below"),
  };
  parts.announce.setAttribute("aria-live", "polite");
  parts.announce.dataset.testid = "last-move";
  // The zoom buttons float over the map's corner: no row of its own above the map.
  const title = el("h3", "at-sr", t("attika.map"));
  parts.tools = el("div", "at-tools");
  parts.mapHost = el("div", "at-map");
  parts.mapHost.tabIndex = 0;
  parts.mapHost.dataset.testid = "map";
  parts.mapHost.dataset.role = "map";
  parts.mapHost.setAttribute("aria-label", t("attika.map_label"));
  parts.mapHost.addEventListener("keydown", onKey);
  parts.bar.dataset.testid = "action-bar";
  parts.bar.setAttribute("aria-live", "polite");
  parts.main.append(title, parts.mapHost, parts.tools);
  parts.stage.append(parts.main, parts.bar);
  root.append(parts.announce, parts.final, parts.stage, parts.side, parts.below);
  root.addEventListener("keydown", onBoardKey);
  element.append(root);
  return parts;
}

function primary(node) {
  node.dataset.primary = "";
  return node;
}

/**
 * The contents of the action bar.
 * @param {object} a  error, prompt, game, me, canMove, offer, names, rot, placing, payment,
 *   selectedName, confirm, and the handlers onRotate, onPlace, onSend, onCancelPick, onAsk.
 */
export function actionBar(a) {
  const out = [];
  const { game, offer } = a;
  if (a.error) {
    const refused = el("p", "at-refused", a.error);
    refused.setAttribute("role", "alert");
    refused.dataset.testid = "refused";
    out.push(refused);
  }
  if (a.why) {
    // Why what the player just tried is not offered (why.js), next to the controls.
    const why = el("p", "at-why", a.why);
    why.setAttribute("role", "status");
    why.dataset.testid = "refusal";
    out.push(why);
  }
  if (a.prompt && !a.payment) {
    const prompt = el("p", "at-prompt", a.prompt);
    prompt.dataset.testid = "prompt";
    out.push(prompt);
  }
  if (!a.canMove) return out;
  if (a.confirm) {
    out.push(confirmBox(a.confirm));
    return out;
  }
  if (a.placing && game.piece) {
    const info = el("div", "at-piece-info");
    info.append(pieceCard(game.piece, a.rot, rotate), el("span", "", t("attika.piece_hint", { land: landWords(game.piece.hexes) })));
    const buttons = el("div", "at-buttons");
    buttons.append(
      button(`⟳ ${t("attika.rotate")}`, a.onRotate, { cls: "at-secondary", testid: "rotate", title: t("attika.rotate_hint") }),
      primary(button(`✓ ${t("attika.place")}`, a.onPlace, { cls: "at-confirm", testid: "place-piece" })),
    );
    out.push(info, buttons, el("p", "hint at-keys", t("attika.piece_keys")));
    return out;
  }
  if (a.payment) {
    out.push(paymentPanel(a.payment));
    return out;
  }
  if (game.pending && game.pending.seat === a.me) {
    const info = game.catalog.buildings.find((b) => b.id === game.pending.building);
    const moves = offer.pending;
    const card = buildingCard(info, {
      // Like the reserve's cards: no count and no "cannot" while the moves are on their way
      // (CI caught the drawn card saying "your cards pay for it nowhere" for that moment).
      spots: offerKnown(offer) ? { count: moves.length, free: moves.filter((m) => m.cost.free).length } : null,
      reason: t("attika.cannot.cards"),
      testid: "pending",
      selected: true,
    });
    card.classList.add("at-drawn");
    const row = el("div", "at-pending");
    row.append(card);
    if (offer.reserve) {
      row.append(primary(button(t("attika.to_reserve"), () => a.onSend(offer.reserve), { cls: "at-secondary", testid: "reserve-pending" })));
    }
    out.push(row);
    return out;
  }
  const buttons = el("div", "at-buttons");
  if (a.selectedName) {
    buttons.append(button(t("attika.cancel_pick"), a.onCancelPick, { cls: "at-secondary", testid: "pick-cancel" }));
  }
  if (offer.draws.size && !a.selectedName) {
    out.push(stacksRow({ player: game.players[a.me], draws: offer.draws, onDraw: (move) => a.onAsk(move), onRefuse: a.onRefuseDraw }));
  }
  if (offer.take) buttons.append(button(t("attika.take_card"), () => a.onAsk(offer.take), { cls: "at-secondary", testid: "take-card" }));
  if (offer.end) buttons.append(primary(button(t("attika.end_turn", { cards: offer.end.cards }), () => a.onSend(offer.end), { testid: "end-turn" })));
  if (offer.pass) buttons.append(primary(button(t("attika.pass"), () => a.onSend(offer.pass), { testid: "pass" })));
  if (buttons.childElementCount) out.push(buttons);
  return out;
}

/** The question before a move that spends an amphora and cannot be taken back. */
function confirmBox({ move, onYes, onNo, stackName }) {
  const box = el("div", "at-ask");
  box.dataset.testid = "confirm-spend";
  const text = move.type === "take_card" ? t("attika.confirm_take") : t("attika.confirm_draw", { stack: stackName });
  box.append(el("p", "", text));
  const buttons = el("div", "at-buttons");
  const skip = el("label", "at-skip");
  const check = el("input");
  check.type = "checkbox";
  check.dataset.testid = "confirm-skip";
  skip.append(check, el("span", "", t("attika.dont_ask")));
  buttons.append(
    button(t("attika.cancel"), onNo, { cls: "at-secondary", testid: "confirm-no" }),
    primary(button(t("attika.confirm_yes"), () => onYes(check.checked), { cls: "at-confirm", testid: "confirm-yes" })),
    skip,
  );
  box.append(buttons);
  return box;
}
