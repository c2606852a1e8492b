// A hint on this board (static/js/hints.js, docs/hints.md): the hinted move in the player's
// words, and where it is on the board. The move is the seat's own legal move, so its fields
// are the seat's information; the words add only what the view shows everyone (the rolled
// dice, the market and colony, the seat names), never a hidden fragment. No markHinted: the
// board's log lists public events (several per move, none for a secret bet), not moves.
import { lang, t } from "../../i18n.js";
import { pickDie, presetPicks } from "./actions.js";
import { SECTORS, cardName as plainCardName, sectorName } from "./dom.js";

const list = (items) => {
  try {
    return new Intl.ListFormat(lang, { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
};

/** A card's name as a title in a sentence (German quotes it: its case stays nominative). */
const cardName = (card) => t("agorapolis.hint.card_title", { card: plainCardName(card) });

const total = (amounts) => Object.values(amounts || {}).reduce((sum, n) => sum + (Number(n) || 0), 0);

/** "2 Commerce points, 1 Society point" from {commerce: 2, society: 1}, in sector order. */
function points(amounts) {
  return list(
    SECTORS.filter((key) => amounts?.[key]).map((key) => t("agorapolis.hint.points", { n: amounts[key], key, sector: sectorName(key) })),
  );
}

/** The face of a seat's die in the current sector (rolled dice are public), or undefined. */
function dieValue(game, seat, index) {
  return game?.players?.[seat]?.dice?.[game.sector]?.[index]?.value;
}

/**
 * Words for one move of the seat `ctx.seat` ({game, seat, names}: the board's view), or
 * null for a move this board does not know (the room then shows the server's words).
 * @param {object} move
 * @param {{game?: object, seat?: number|null, names?: string[]}} ctx
 */
export function hintWords(move, ctx = {}) {
  if (!move || typeof move.type !== "string" || move.hidden) return null;
  const game = ctx.game || {};
  const seat = ctx.seat ?? null;
  const name = (s) => ctx.names?.[s] ?? t("agorapolis.seat", { n: Number(s) + 1 });
  const who = (s) => ({ me: s === seat ? "yes" : "no", name: name(s) });
  const key = `agorapolis.hint.${move.type}`;
  const sector = sectorName(move.sector || game.sector || "");
  const mine = (index) => dieValue(game, seat, index);
  switch (move.type) {
    case "play_exploits": {
      const cards = (move.cards || []).map((c) =>
        c.sector ? t("agorapolis.hint.card_on", { card: cardName(c.card), sector: sectorName(c.sector) }) : cardName(c.card),
      );
      return t(key, { n: cards.length, cards: list(cards) });
    }
    case "league_immunity":
      return t(key, { n: move.immune_to?.length ?? 0, cards: list((move.immune_to || []).map(cardName)) });
    case "heroic_distribute":
      return t(key, {
        list: list(
          (move.assign || []).map((a) =>
            a.player === seat ? t("agorapolis.hint.gift_self", { card: cardName(a.card) }) : t("agorapolis.hint.gift", { card: cardName(a.card), name: name(a.player) }),
          ),
        ),
      });
    case "strife_allocate":
      return t(key, { n: total(move.destroy), list: points(move.destroy) });
    case "strife_resist":
      return t(key, { n: total(move.protect), list: points(move.protect) });
    case "bet":
    case "delphi_rebet":
      return t(key, { n: move.dice, sector });
    case "delphi_pass":
    case "finalise":
      return t(key, { sector });
    case "olympic_sacrifice": {
      const take = move.take || {};
      const parts = [];
      if (take.unbet) parts.push(t("agorapolis.hint.unbet_dice", { n: take.unbet }));
      for (const s of SECTORS) if (take[s]) parts.push(t("agorapolis.hint.bet_dice", { n: take[s], sector: sectorName(s) }));
      return t(key, { n: total(take), list: list(parts), renown: Math.floor(total(take) / 3) });
    }
    case "designate_next": {
      const first = t(key, who(move.player));
      const then = (move.then || []).map((s) => (s === seat ? t("agorapolis.hint.you_then") : name(s)));
      return then.length ? t("agorapolis.hint.designate_then", { first, rest: list(then) }) : t("agorapolis.hint.sentence", { text: first });
    }
    case "society_adjust":
    case "athens_set": {
      const value = mine(move.die);
      if (value === undefined) return t(`agorapolis.move.${move.type}`);
      return t(key, { value, after: move.type === "athens_set" ? move.value : value + move.delta });
    }
    case "religion_reroll":
    case "phidias_reroll": {
      const value = mine(move.die);
      return value === undefined ? t(`agorapolis.move.${move.type}`) : t(key, { value, card: plainCardName("phidias_patronage") });
    }
    case "commerce_swap": {
      const market = move.market === "colony" ? "colony" : "common";
      const pool = market === "colony" ? game.colony?.dice : game.market;
      const value = mine(move.die);
      const other = pool?.[move.market_die]?.value;
      if (value === undefined || other === undefined) return t("agorapolis.move.commerce_swap");
      return t(key, { value, other, market });
    }
    case "syracuse_swap": {
      const value = mine(move.die);
      const other = dieValue(game, move.target, move.target_die);
      if (value === undefined || other === undefined) return t("agorapolis.move.syracuse_swap");
      return t(key, { value, other, name: name(move.target) });
    }
    case "military_attack":
      return t(key, { name: name(move.target), sector: sectorName(move.sector) });
    case "resist":
      return t(key, { n: move.count });
    case "agriculture_convert":
      return t(key, { sector: sectorName(move.to) });
    case "benefactor_convert":
      return t(key, {
        card: plainCardName("benefactor_of_sciences"),
        n: move.amount,
        from: sectorName(move.from),
        from_key: move.from,
        to: sectorName(move.to),
      });
    case "glorious_tales":
      return t(key, { card: plainCardName("glorious_tales"), list: points(move.gain) });
    case "designate_sector_winner":
    case "designate_majority":
      return t(key, { ...who(move.player), sector });
    case "designate_exploit_winner":
      return t(key, who(move.player));
    case "exploit_bid":
      return t(key, { n: total(move.pay), list: points(move.pay) });
    case "exploit_pick":
      return t(key, { card: cardName(move.card) });
    default:
      return null;
  }
}

/** The same move (key order aside): the hinted one among the offered moves. */
export function sameMove(a, b) {
  const canon = (value) =>
    value && typeof value === "object"
      ? Array.isArray(value)
        ? value.map(canon)
        : Object.fromEntries(Object.keys(value).sort().map((k) => [k, canon(value[k])]))
      : value;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/** Buttons that are the move itself (one per move), by data-testid. */
function controlOf(move) {
  if (move.type === "bet" || move.type === "delphi_rebet") return `[data-testid=${move.type}-${move.dice}]`;
  if (move.type === "resist") return `[data-testid=resist-${move.count}]`;
  if (move.type === "finalise" || move.type === "delphi_pass") return `[data-testid=play-${move.type}]`;
  return null;
}

/**
 * Outline the hinted move on a drawn board: its own button where it has one, else the card
 * of its kind of move (its form preselected by the caller); an attack's target sector too.
 * Returns the outlined elements.
 * @param {HTMLElement} element
 * @param {object} move
 */
export function outlineHint(element, move) {
  const found = [];
  const control = controlOf(move);
  const main = control && element.querySelector(control);
  if (main) found.push(main);
  else {
    const group = element.querySelector(`[data-testid=group-${move.type}]`);
    if (group) found.push(group);
  }
  if (move.type === "military_attack") {
    const row = element.querySelector(`[data-testid=player-${move.target}] tr[data-sector=${move.sector}]`);
    if (row) found.push(row);
  }
  for (const node of found) {
    node.classList.add("agp-hinted");
    node.dataset.hinted = "";
  }
  return found;
}

let hinted = null; // the hinted move, for the offer it was given in
let offer = ""; // that offer (the legal moves, as JSON)

/** Remember the hinted move and preselect it in its form (false: it is not on offer). */
export function showHint(move, legalMoves = []) {
  const group = legalMoves.filter((m) => m.type === move?.type);
  const index = group.findIndex((m) => sameMove(m, move));
  if (index < 0) return false;
  hinted = move;
  offer = JSON.stringify(legalMoves);
  if (typeof move.die === "number") pickDie(move.die);
  const { type, ...fields } = move;
  presetPicks(type, { ...fields, index });
  return true;
}

/** After a draw: outline the hinted move while its offer stands (a seat may be offered the
 * same move again after playing it: that is not the hinted position any more). */
export function drawHint(element, ctx) {
  if (!hinted) return;
  if (!ctx.canMove || (ctx.legalMoves.length && JSON.stringify(ctx.legalMoves) !== offer)) hinted = null;
  else if (ctx.legalMoves.length) outlineHint(element, hinted);
}
