// Refusals in words: when the player tries something the legal moves do not allow (a bet
// with dice they do not have, an ability they cannot pay for, a die already adjusted), the
// board says why, next to that control. The reasons are computed from the seat's view with
// the rules' own limits (spec §6, §7.3); the server stays the judge, since the board only
// ever sends moves from `legal_moves`. No reason found: no words (the move is simply not
// offered now, e.g. a tutorial step that teaches another one).
import { t } from "../../i18n.js";
import { SECTORS, el, sectorName } from "./dom.js";

const MAX_BET = 8;
const AGRI_MIN = 5;
const PERSIAN_DICE = 5;

/** The reserve abilities of §7.3: the sector that pays, and the cost. */
export const ABILITIES = {
  society_adjust: ["society", 1],
  commerce_swap: ["commerce", 1],
  religion_reroll: ["religion", 1],
  military_attack: ["military", 1],
  agriculture_convert: ["agriculture", 2],
};

const activeCard = (game, card) => (game.active_cards || []).find((entry) => entry.card === card) || null;

/** The League owner chose immunity to `card` (§5.3). */
function refuses(game, seat, card) {
  return activeCard(game, "league_founding")?.owner === seat && (game.league_immune || []).includes(card);
}

/** Another seat's active `card` applies to `seat`. */
function affectedBy(game, seat, card) {
  const entry = activeCard(game, card);
  return Boolean(entry) && entry.owner !== seat && !refuses(game, seat, card);
}

const sabotaged = (game, seat, sector) => affectedBy(game, seat, "sabotage") && activeCard(game, "sabotage").params?.sector === sector;
const spendable = (player, sector) => (player.reserves?.[sector] ?? 0) - (sector === "agriculture" ? AGRI_MIN : 0);

/**
 * Why a bet (or Delphi re-bet) of `dice` is refused now, or null.
 * @param {{game: object, seat: number}} ctx
 * @param {"bet"|"delphi_rebet"} type
 * @param {number} dice
 */
export function betRefusal(ctx, type, dice) {
  const game = ctx.game;
  const me = game.players[ctx.seat];
  if (!me) return null;
  const sector = game.sector;
  const available = me.remaining + (type === "delphi_rebet" ? me.bets?.[sector] ?? 0 : 0);
  if (dice > MAX_BET) return t("agorapolis.refuse.bet_max", { n: MAX_BET });
  if (dice > available) return t("agorapolis.refuse.bet_dice", { n: available });
  if (affectedBy(game, ctx.seat, "persian_resistance")) {
    if (sector === "military" && dice < PERSIAN_DICE) return t("agorapolis.refuse.persian_min", { n: PERSIAN_DICE });
    if (sector !== "military" && dice > available - PERSIAN_DICE) {
      return t("agorapolis.refuse.persian_keep", { n: Math.max(0, available - PERSIAN_DICE) });
    }
  }
  return null;
}

/** Why a reserve ability cannot be used in this action turn, or null. */
export function abilityRefusal(ctx, type) {
  const game = ctx.game;
  const me = game.players[ctx.seat];
  if (!me || !ABILITIES[type]) return null;
  const [sector, cost] = ABILITIES[type];
  if (sabotaged(game, ctx.seat, sector)) return t("agorapolis.refuse.sabotaged", { sector: sectorName(sector) });
  if (type === "agriculture_convert" && spendable(me, sector) < cost) {
    return t("agorapolis.refuse.convert_floor", { n: me.reserves.agriculture, need: AGRI_MIN + cost });
  }
  if (spendable(me, sector) < cost) return t("agorapolis.refuse.cost", { sector: sectorName(sector) });
  const dice = me.dice?.[game.sector] || [];
  const onDice = type !== "military_attack" && type !== "agriculture_convert";
  if (onDice && !dice.length) return t("agorapolis.refuse.no_dice", { sector: sectorName(game.sector) });
  if (type === "society_adjust" && dice.every((die) => die.adjusted)) return t("agorapolis.refuse.all_adjusted");
  if (type === "military_attack") {
    const league = activeCard(game, "league_founding")?.owner;
    const open = game.players.some((p) => p.seat !== ctx.seat && p.seat !== league && SECTORS.some((s) => spendable(p, s) >= 1));
    if (!open) return t("agorapolis.refuse.no_target");
  }
  return null;
}

/** Why the die at `index` (own, current sector) cannot take a move of `type`, or null. */
export function dieRefusal(ctx, type, index) {
  const die = ctx.game.players[ctx.seat]?.dice?.[ctx.game.sector]?.[index];
  if (!die) return null;
  if ((type === "society_adjust" || type === "athens_set") && die.adjusted) return t("agorapolis.refuse.die_adjusted");
  return null;
}

/** Why the market cannot be used now (the player clicked one of its dice), or null. */
export function marketRefusal(ctx) {
  return abilityRefusal(ctx, "commerce_swap");
}

/** The words shown after a refused try: one note at a time, kept while the moves last. */
const note = { key: "", where: "", text: "" };

/** Forget the note when the offered moves change (a new prompt, a new state). */
export function resetNote(key) {
  if (key !== note.key) {
    note.key = key;
    note.where = "";
    note.text = "";
  }
}

/** Say `text` at the status line `where` (and keep it across redraws). */
export function say(root, where, text) {
  note.where = where;
  note.text = text;
  for (const line of (root || document).querySelectorAll("[data-refusal]")) {
    line.textContent = line.dataset.refusal === where ? text : "";
  }
}

/** A polite live status line for the refusals of `where`, holding the current note if it is its own. */
export function statusLine(where) {
  const line = el("p", "agp-refusal", note.where === where ? note.text : "");
  line.dataset.refusal = where;
  line.dataset.testid = `refusal-${where}`;
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  return line;
}

/**
 * A control for a move that is not allowed now: it looks unavailable, stays focusable
 * (aria-disabled, not disabled) and, pressed, says why in the status line `where`.
 */
export function refusedButton(text, reason, where, { testid = "", key = "", aria = "" } = {}) {
  const node = el("button", "agp-refused", text);
  node.type = "button";
  node.setAttribute("aria-disabled", "true");
  if (aria) node.setAttribute("aria-label", aria);
  node.setAttribute("aria-description", reason);
  if (testid) node.dataset.testid = testid;
  if (key) node.dataset.focusKey = key;
  node.addEventListener("click", () => say(node.closest(".agp-board"), where, reason));
  return node;
}

/**
 * In the seat's own action turn: the reserve abilities it cannot use now, each as an
 * unavailable button that says why (no point to pay, sabotage, no dice here, ...).
 */
export function unavailableCard(ctx, groups) {
  if (ctx.game.phase !== "ACTION_TURN" || !groups.some(([type]) => type === "finalise")) return null;
  const offered = new Set(groups.map(([type]) => type));
  const row = el("div", "agp-choices");
  for (const type of Object.keys(ABILITIES)) {
    if (offered.has(type)) continue;
    const why = abilityRefusal(ctx, type);
    if (why) row.append(refusedButton(t(`agorapolis.refuse.short.${type}`), why, "abilities", { testid: `refused-${type}`, key: `refused:${type}` }));
  }
  if (!row.children.length) return null;
  const card = el("div", "agp-group agp-group-unavailable");
  card.dataset.testid = "group-unavailable";
  card.append(el("h4", "agp-group-title", t("agorapolis.refuse.unavailable")), row, statusLine("abilities"));
  return card;
}
