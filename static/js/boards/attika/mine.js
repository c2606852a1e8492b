// The header (whose turn, what to do now) and the seat's own panel: drawn building, stacks,
// reserve (each card with its count of legal spots), hand and the turn's buttons.
import { t } from "../../i18n.js";
import { baseId, buildingName } from "./log.js";
import { buildingCard, button, el, handRow, stacksRow } from "./panels.js";

/** What the seat is asked to do now. */
export function promptText({ game, me, canMove, names }) {
  if (game.phase === "over") return t("attika.finished");
  if (game.turn !== me || !canMove) return t("attika.wait_turn", { name: names[game.turn] ?? "" });
  if (game.piece) return t("attika.prompt_piece");
  if (game.pending) return t("attika.prompt_pending", { building: buildingName(game.pending.building) });
  if (game.phase === "amphora") return t("attika.prompt_amphora", { n: game.players[game.turn].amphorae });
  if (game.option === "draw") return t("attika.prompt_draw_more", { n: game.actions_left });
  if (game.option === "build") return t("attika.prompt_build_more", { n: game.actions_left });
  return t("attika.prompt_start");
}

/** The header row: turn, prompt, supply. */
export function headerRow({ game, me, canMove, names, headline = false }) {
  const turn = el("span", "at-turn");
  turn.dataset.testid = "at-turn";
  if (game.phase === "over") {
    turn.textContent = t("attika.finished");
    turn.hidden = headline; // the room page says it once, above the board
  } else if (game.turn === me) turn.textContent = t("attika.your_turn");
  else turn.textContent = t("attika.turn_of", { name: names[game.turn] ?? "" });
  turn.classList.toggle("mine", game.turn === me && game.phase !== "over");
  // Over, the prompt would say "Game over" a second time beside the turn label.
  const prompt = el("span", "at-prompt", game.phase === "over" ? "" : promptText({ game, me, canMove, names }));
  prompt.dataset.testid = "prompt";
  const { amphorae, deck, discard, pieces } = game.supply;
  const supply = el("span", "at-supply hint", t("attika.supply", { amphorae, deck, discard, pieces }));
  supply.dataset.testid = "supply";
  return [turn, prompt, supply];
}

function spotCount(moves) {
  return { count: moves.length, free: moves.filter((m) => m.cost.free).length };
}

/**
 * The seat's own panel.
 * @param {{game: object, me: number, offer: object, canMove: boolean, selected: string|null,
 *   onPick: Function, onSend: Function}} args
 */
export function minePanel({ game, me, offer, canMove, selected, onPick, onSend }) {
  const player = game.players[me];
  const mine = el("section", "at-mine");
  mine.append(el("h3", "", t("attika.your_city", { city: t(`attika.city.${player.city}`) })));
  if (game.pending && game.pending.seat === me) {
    const info = game.catalog.buildings.find((b) => b.id === game.pending.building);
    const box = el("div", "at-pending");
    box.append(el("p", "at-label", t("attika.drawn")));
    box.append(buildingCard(info, { spots: spotCount(offer.pending), testid: "pending", selected: true }));
    if (offer.reserve) {
      box.append(button(t("attika.to_reserve"), () => onSend(offer.reserve), { cls: "at-secondary", testid: "reserve-pending" }));
    }
    mine.append(box);
  }
  mine.append(el("p", "at-label", t("attika.your_stacks")), stacksRow({ player, draws: offer.draws, onDraw: onSend }));
  mine.append(el("p", "at-label", t("attika.your_reserve")));
  const reserve = el("div", "at-reserve");
  reserve.dataset.testid = "reserve";
  for (const id of player.reserve) {
    const info = game.catalog.buildings.find((b) => b.id === id);
    // Twins (Towers, Ships, Roads) are offered once, under the first in the reserve.
    const key = offer.builds.has(id) ? id : [...offer.builds.keys()].find((k) => baseId(k) === baseId(id)) ?? id;
    const moves = offer.builds.get(key) || [];
    reserve.append(
      buildingCard(info, {
        spots: canMove ? spotCount(moves) : null,
        selected: selected === key,
        onPick: () => onPick(key),
        testid: `reserve-${id}`,
      }),
    );
  }
  if (!player.reserve.length) reserve.append(el("p", "hint", t("attika.reserve_empty")));
  mine.append(reserve);
  mine.append(el("p", "at-label", t("attika.your_hand")), handRow(game.hand));
  const actions = el("div", "at-actions");
  if (offer.end) actions.append(button(t("attika.end_turn", { cards: offer.end.cards }), () => onSend(offer.end), { testid: "end-turn" }));
  if (offer.take) actions.append(button(t("attika.take_card"), () => onSend(offer.take), { testid: "take-card" }));
  if (offer.pass) actions.append(button(t("attika.pass"), () => onSend(offer.pass), { cls: "at-secondary", testid: "pass" }));
  if (actions.childElementCount) mine.append(actions);
  return mine;
}
