// The Akrotiri log in words ("Lina sells 2 blue for 6 dr"), from the view's recent events;
// the same wording names ports, cubes and objectives in the action panel. Places and cards
// are named as a player sees them (names.js), never by id or coordinate.
import { t } from "../../i18n.js";
import { placedTileName, planName, portName, quarterLabel, terrainName, tileInHand, tileName } from "./names.js";

export { portName, quarterLabel, terrainName };

export const colourName = (colour) => t(`akrotiri.colour.${colour}`);
export const deckName = (deck) => t(`akrotiri.deck.${deck}`);
export const goalTitle = (id) => t(`akrotiri.goal.${id}`);

/** "2 blue, 1 green" for a list of colours. */
export function cubesText(colours) {
  const counts = new Map();
  for (const colour of colours) counts.set(colour, (counts.get(colour) || 0) + 1);
  return [...counts].map(([colour, n]) => `${n} ${colourName(colour)}`).join(", ");
}

export function actionsText(n) {
  return n === 1 ? t("akrotiri.one_action") : t("akrotiri.n_actions", { n });
}

/** A plan card (from a hand or an excavated pile of the view) in words, by its id. */
export function planCardName(id, game) {
  for (const player of game?.players || []) {
    const card = [...(player.plans || []), ...(player.scored || [])].find((c) => c.id === id);
    if (card) return planName(card);
  }
  return t("akrotiri.name.plan_unknown");
}

/** One event of `view.log` in words (null for events not worth a line). */
export function eventText(event, names, game = null) {
  const name = event.seat === null || event.seat === undefined ? "" : names[event.seat];
  // The seat's own moves are told in the second person ("You sell…", not "Lina sells…").
  const you = Boolean(name) && game?.you === event.seat;
  const say = (key, values) => t(you ? `akrotiri.log.you.${key}` : `akrotiri.log.${key}`, values);
  const placements = game?.placements || [];
  switch (event.type) {
    case "place_tile": {
      const tile = event.cell ? tileName(event.tile, event.cell, placements) : placedTileName(event.tile, placements);
      const text = say("place_tile", { name, tile });
      return event.icon_cube ? text + t("akrotiri.log.icon_cube", { colour: colourName(event.icon_cube) }) : text;
    }
    case "place_resources":
      return say("free_cube", { name, colour: colourName(event.colour) });
    case "deal":
      return t("akrotiri.log.deal");
    case "keep_objective":
      return say("keep_objective", { name });
    case "pick_objective":
      return say("pick_objective", { name, goal: goalTitle(event.card) });
    case "setup_done":
      return t("akrotiri.log.setup_done");
    case "draw_objectives":
      return say("draw_objectives", { name, n: event.count });
    case "move":
      return say("move", { name, port: portName(event.to, placements), cost: actionsText(event.cost) });
    case "load":
      return say("load", { name, cubes: cubesText(event.colours) });
    case "unload":
      return say("unload", { name, cubes: cubesText(event.colours) });
    case "sell":
      return say("sell", { name, cubes: cubesText(event.colours), gain: event.gain });
    case "buy_plans":
      return say("buy_plans", { name, n: event.decks.length, decks: event.decks.map(deckName).join(", "), price: event.price });
    case "oracle":
      return say(event.found ? "oracle" : "oracle_none", {
        name,
        terrain: event.terrain,
        n: event.revealed.length,
        tile: tileInHand(event.tile),
      });
    case "excavate":
      return say("excavate", {
        name,
        n: event.temple,
        plan: planCardName(event.card, game),
        where: quarterLabel(event.quarter, placements),
        points: event.points,
        cost: event.cost,
      });
    case "end_turn":
      return say(event.drew ? "end_turn_drew" : "end_turn", { name });
    case "reshuffle":
      return t("akrotiri.log.reshuffle", { n: event.tiles });
    case "game_over":
      return t(`akrotiri.log.game_over_${event.reason}`);
    default:
      return null;
  }
}
