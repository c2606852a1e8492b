// The Akrotiri board's header line, the player's hand (tile, plan cards, objectives) and the
// side column (players, market, offer, revealed objectives, log), built from the view.
import { t } from "../../i18n.js";
import { tileThumb } from "./tile-drawing.js";
import { el, logPanel, marketPanel, objectiveCard, planCard, playerPanel, whyNote } from "./panels.js";
import { terrainName, terrainOf } from "./names.js";

/** Whose turn, round, pile and decks, options, the stall count. */
export function headerLine({ game, names, seat, headline = false }) {
  const turn = el("span", "akr-turn");
  turn.dataset.testid = "akr-turn";
  if (game.finished) {
    turn.textContent = t("akrotiri.finished");
    turn.hidden = headline; // the room page says it once, above the board
  } else if (game.turn === seat) turn.textContent = t("akrotiri.your_turn");
  else turn.textContent = t("akrotiri.turn_of", { name: names[game.turn] ?? "" });
  turn.classList.toggle("mine", game.turn === seat && !game.finished);
  const nodes = [turn, el("span", "", game.setup ? t("akrotiri.setup") : t("akrotiri.round", { n: game.round }))];
  const pile = el("span", "", t("akrotiri.tiles_left", { n: game.pile }));
  pile.dataset.testid = "pile";
  nodes.push(pile);
  if (game.options.strategist) nodes.push(el("span", "akr-variant", t("akrotiri.strategist")));
  if (game.options.objectives === "en") nodes.push(el("span", "akr-variant", t("akrotiri.english_goals")));
  if (game.tiles_out && !game.finished) nodes.push(el("span", "akr-stall", t("akrotiri.stall", { n: game.stall })));
  return nodes;
}

/** The seat's tile in hand (as it would lie on the map), plan cards and objectives. */
export function handSection({ game, seat, plan, why = null, rot, flip, onPlan }) {
  const me = seat !== null ? game.players[seat] : null;
  if (!me) return [];
  const box = el("section", "akr-hand");
  if (me.tile) {
    const tile = el("div", "akr-hand-tile");
    const thumb = tileThumb(me.tile, rot, flip);
    const words = t("akrotiri.your_tile", { terrain: terrainName(terrainOf(me.tile)) });
    thumb.setAttribute("aria-label", words);
    tile.append(thumb, el("span", "", words));
    box.append(tile);
  }
  const plans = el("div", "akr-plans");
  plans.dataset.testid = "my-plans";
  for (const card of me.plans || []) {
    const where = card.proven_at.length ? t("akrotiri.proven_n", { n: card.proven_at.length }) : t("akrotiri.not_proven");
    plans.append(planCard(card, { selected: plan === card.id, extra: where, onSelect: onPlan }));
  }
  box.append(el("h3", "", t("akrotiri.my_plans", { n: (me.plans || []).length })), plans);
  if (why) box.append(whyNote(why)); // why the selected card cannot be excavated now
  if ((me.plans || []).length) box.append(el("p", "hint", t("akrotiri.plans_hint")));
  const goals = el("div", "akr-goals");
  for (const card of me.objectives || []) goals.append(objectiveCard(card));
  box.append(el("h3", "", t("akrotiri.my_objectives")), goals);
  return [box];
}

/** Players, market, the Strategist offer, objectives revealed at the end, the log. */
export function sideSections({ game, names, seat, colourOf, hinted = new Set() }) {
  const side = game.players.map((player) =>
    playerPanel({ game, player, name: names[player.seat], me: player.seat === seat, acting: player.seat === game.turn && !game.finished, colourOf }),
  );
  side.push(marketPanel(game));
  if (game.offer.length) {
    const offer = el("section", "akr-offer");
    offer.append(el("h3", "", t("akrotiri.offer")));
    for (const card of game.offer) offer.append(objectiveCard(card));
    side.push(offer);
  }
  if (game.finished) {
    for (const player of game.players) {
      if (player.seat === seat || !player.objectives) continue;
      const goals = el("section", "akr-offer");
      goals.append(el("h3", "", t("akrotiri.objectives_of", { name: names[player.seat] })));
      for (const card of player.objectives) goals.append(objectiveCard(card));
      side.push(goals);
    }
  }
  side.push(logPanel(game, names, colourOf, hinted));
  return side;
}
