// The Attika log in words ("Lina built the Mill in the north-west for 3 cards"), from the
// view's public events (each carries the move number `n`, so entries keep their order across
// patches; a reload starts from the last 40 events the view keeps).
import { t } from "../../i18n.js";
import { cardsText, placedPiece, whereText } from "./words.js";

/** The catalogue key of a building id ("tower_2" -> "tower"). */
export const baseId = (id) => id.replace(/_\d+$/, "");
/** Translated building name. */
export const buildingName = (id) => t(`attika.building.${baseId(id)}`);
/** Translated group name. */
export const groupName = (id) => t(`attika.group.${id}`);

export { cardsText };

/** One event in words, or null for events the log does not show (`game`: the view, for
 * places in words). */
export function eventText(event, names, game = null) {
  const name = event.seat === null || event.seat === undefined ? "" : names[event.seat] ?? "";
  const amphora = event.amphora ? t("attika.log.with_amphora") : "";
  switch (event.kind) {
    case "draw": {
      const stack = event.stack === 0 ? t("attika.log.main_stack") : t("attika.log.stack_n", { n: event.stack });
      return t("attika.log.draw", { name, building: buildingName(event.building), stack }) + amphora;
    }
    case "build": {
      let text = t("attika.log.build", { name, building: buildingName(event.building), where: whereText(game, event.q, event.r) });
      text += event.free ? t("attika.log.free") : event.cards ? t("attika.log.for", { cards: cardsText(event.cards) }) : t("attika.log.no_cards");
      if (event.colony) text += t("attika.log.colony");
      return text + amphora;
    }
    case "reserve":
      return t("attika.log.reserve", { name, building: buildingName(event.building) });
    case "piece_drawn":
      return t("attika.log.piece_drawn", { name });
    case "piece": {
      const placed = game ? placedPiece(game, event.piece) : null;
      if (!placed) return t("attika.log.piece_somewhere", { name });
      return t("attika.log.piece", { name, where: placed.where, land: placed.land });
    }
    case "end":
      if (event.cards < event.owed) return t("attika.log.end_short", { name, cards: cardsText(event.cards), owed: event.owed });
      return t("attika.log.end", { name, cards: cardsText(event.cards) });
    case "card":
      return t("attika.log.card", { name });
    case "amphora":
      return event.card
        ? t("attika.log.amphora_card", { name, group: groupName(event.group) })
        : t("attika.log.amphora", { name, group: groupName(event.group) });
    case "pass":
      return t("attika.log.pass", { name });
    case "win":
      return t(`attika.log.win_${event.victory}`, { name });
    case "stalemate":
      return t("attika.log.stalemate");
    case "reshuffle":
      return t("attika.log.reshuffle");
    default:
      return null;
  }
}

/** An event's content as a string with sorted keys (patches may reorder an object's keys). */
function canonical(event) {
  return JSON.stringify(Object.keys(event).sort().map((k) => [k, event[k]]));
}

/**
 * Merge the view's events into `log` (a Map keyed by the event's content -> {n, index, seat,
 * text}, `index` its place among its move's events); returns the events that were new.
 */
export function mergeEvents(log, events, names, game = null) {
  const fresh = [];
  const perMove = new Map();
  for (const event of events) {
    const index = perMove.get(event.n) ?? 0;
    perMove.set(event.n, index + 1);
    const id = canonical(event);
    if (log.has(id)) continue;
    const text = eventText(event, names, game);
    if (text === null) continue;
    log.set(id, { n: event.n, index, seat: event.seat, kind: event.kind, text });
    fresh.push(event);
  }
  return fresh;
}
