// What the seat is asked to do (the prompt) and the seat's own panel: reserve (each card with
// the number of hexes it can go on, or why it cannot be built now) and hand. The prompt, the
// cards and the action bar's buttons are all read from the same legal moves (`offer`, see
// offer.js), so they cannot disagree (issue 43).
import { t } from "../../i18n.js";
import { baseId, buildingName } from "./log.js";
import { buildingCard, el, handRow } from "./panels.js";
import { whyNotBuilding } from "./why.js";

/** Are the seat's legal moves known yet (they arrive just after each view)? */
export function offerKnown(offer) {
  return Boolean(
    offer.draws.size || offer.builds.size || offer.pending.length || offer.reserve || offer.end || offer.take || offer.pass || offer.places.length,
  );
}

/** What the seat is asked to do now, from the legal moves. */
export function promptText({ game, me, canMove, names, offer, selectedName = null }) {
  if (game.phase === "over") return "";
  if (game.piece && (game.turn !== me || !canMove)) return t("attika.piece_other", { name: names[game.turn] ?? "" });
  if (me === null || me === undefined) return t("attika.turn_of", { name: names[game.turn] ?? "" });
  if (game.turn !== me || !canMove) return t("attika.wait_turn", { name: names[game.turn] ?? "" });
  if (!offerKnown(offer)) return "";
  if (offer.places.length) return t("attika.prompt_piece");
  if (game.pending) {
    const building = buildingName(game.pending.building);
    return offer.pending.length ? t("attika.prompt_pending", { building }) : t("attika.prompt_pending_cannot", { building });
  }
  if (selectedName) return t("attika.prompt_spot", { building: selectedName });
  const draws = offer.draws.size > 0;
  const builds = offer.builds.size > 0;
  if (game.phase === "amphora") {
    const what = draws && builds ? "both" : draws ? "draw" : builds ? "build" : "card";
    return t("attika.prompt_amphora", { n: game.players[me].amphorae, what });
  }
  if (game.option === "draw") return t("attika.prompt_draw_more", { n: game.actions_left });
  if (game.option === "build") return builds ? t("attika.prompt_build_more", { n: game.actions_left }) : t("attika.prompt_build_none");
  if (draws && builds) return t("attika.prompt_start");
  if (draws) return t(game.players[me].reserve.length ? "attika.prompt_start_draw_unpaid" : "attika.prompt_start_draw");
  if (builds) return t("attika.prompt_start_build");
  return t("attika.prompt_end_only");
}

/** Why a card of the reserve cannot be built now (its legal moves are empty). */
export function cannotReason(game) {
  if (game.piece) return t("attika.cannot.piece");
  if (game.pending) return t("attika.cannot.pending", { building: buildingName(game.pending.building) });
  if (game.phase === "actions" && game.option === "draw") return t("attika.cannot.drew");
  return t("attika.cannot.cards");
}

export function spotCount(moves) {
  return { count: moves.length, free: moves.filter((m) => m.cost.free).length };
}

/**
 * The seat's own panel: reserve and hand.
 * @param {{game: object, me: number, offer: object, canMove: boolean, selected: string|null,
 *   onPick: Function}} args
 */
export function minePanel({ game, me, offer, canMove, selected, onPick }) {
  const player = game.players[me];
  const mine = el("section", "at-mine");
  mine.dataset.testid = "mine";
  mine.append(el("h3", "", t("attika.your_city", { city: t(`attika.city.${player.city}`) })));
  mine.append(el("p", "at-label", t("attika.your_reserve")));
  const reserve = el("div", "at-reserve");
  reserve.dataset.testid = "reserve";
  const known = canMove && offerKnown(offer);
  // A reason of the turn (not of the cards) holds for every card: said once, above them.
  const reason = cannotReason(game);
  const cards = t("attika.cannot.cards");
  const shared = known && !offer.builds.size && player.reserve.length > 0 && reason !== t("attika.cannot.cards");
  if (shared) {
    const why = el("p", "at-reserve-why", reason);
    why.dataset.testid = "reserve-why";
    mine.append(why);
  }
  for (const id of player.reserve) {
    const info = game.catalog.buildings.find((b) => b.id === id);
    // Twins (Towers, Ships, Roads) are offered once, under the first in the reserve.
    const key = offer.builds.has(id) ? id : [...offer.builds.keys()].find((k) => baseId(k) === baseId(id)) ?? id;
    const moves = offer.builds.get(key) || [];
    reserve.append(
      buildingCard(info, {
        spots: known ? spotCount(moves) : null,
        // Short of cards: how many more, counted from the view (why.js).
        reason: shared ? t("attika.cannot.short") : reason === cards ? whyNotBuilding(game, me, id, []) : reason,
        selected: selected === key,
        onPick: (event) => onPick(key, event),
        testid: `reserve-${id}`,
      }),
    );
  }
  if (!player.reserve.length) reserve.append(el("p", "hint", t("attika.reserve_empty")));
  mine.append(reserve);
  mine.append(el("p", "at-label", t("attika.your_hand")), handRow(game.hand));
  return mine;
}
