// The Agorapolis event log: the last public events in a player's words, dice drawn as dice.
import { t } from "../../i18n.js";
import { SECTORS, cardName, diceCount, dieNode, el, sectorName } from "./dom.js";
import { seatColour } from "./players.js";

/** A text followed by pictures (dice), as the content of one log line. */
const withPictures = (text, ...nodes) => ({ text, nodes });
const arrow = () => el("span", "agp-arrow", " → ");

/** A readable line for a public event (text, or text and dice), or null if not worth one. */
function eventText(ctx, e) {
  const n = (seat) => ctx.names[seat] ?? "?";
  const s = (sector) => (sector ? sectorName(sector) : "");
  const die = (value) => dieNode({ value }, { cls: "tiny" });
  switch (e.event) {
    case "round_start": return t("agorapolis.ev.round_start");
    case "bets_revealed": {
      const nodes = [];
      (e.bets || []).forEach((bet, seat) => {
        if (bet === null || bet === undefined) return;
        const part = el("span", "agp-log-bet", `${n(seat)} `);
        part.append(diceCount(bet, "tiny"));
        nodes.push(part);
      });
      return withPictures(t("agorapolis.ev.bets_revealed", { sector: s(e.sector) }), ...nodes);
    }
    case "dice_rolled": return t("agorapolis.ev.dice_rolled", { sector: s(e.sector) });
    case "colony_rolled": return withPictures(t("agorapolis.ev.colony_rolled", { name: n(e.owner) }), ...(e.dice || []).map(die));
    case "finalised": return e.auto ? null : t("agorapolis.ev.finalised", { name: n(e.seat), sector: s(e.sector) });
    case "designated": return t("agorapolis.ev.designated", { name: n(e.player) });
    case "attack": return t("agorapolis.ev.attack", { attacker: n(e.attacker), target: n(e.target), sector: s(e.sector) });
    case "attack_landed": return t("agorapolis.ev.attack_landed", { target: n(e.target), sector: s(e.sector), lost: e.destroyed ?? 0, resisted: e.resisted ?? 0 });
    case "converted": return t("agorapolis.ev.converted", { name: n(e.seat), sector: s(e.to) });
    case "die_adjusted":
    case "die_rerolled":
    case "athens_set":
      if (e.before === undefined || e.after === undefined) break;
      return withPictures(t(`agorapolis.ev.${e.event}`, { name: n(e.seat), sector: s(e.sector) }), die(e.before), arrow(), die(e.after));
    case "market_swap":
      if (e.gave === undefined || e.got === undefined) break;
      return withPictures(t("agorapolis.ev.market_swap", { name: n(e.seat), sector: s(e.sector) }), die(e.gave), el("span", "agp-arrow", " ⇄ "), die(e.got));
    case "sector_winners": return t("agorapolis.ev.sector_winners", {
      list: SECTORS.filter((k) => e.winners[k] !== null && e.winners[k] !== undefined).map((k) => `${s(k)} ${n(e.winners[k])}`).join(", ") || t("agorapolis.nobody"),
    });
    case "exploits_revealed": return t("agorapolis.ev.exploits_revealed", { cards: e.cards.map((c) => cardName(c.card)).join(", ") || t("agorapolis.nothing") });
    case "bids_revealed": return t("agorapolis.ev.bids_revealed");
    case "exploit_won": return t("agorapolis.ev.exploit_won", { name: n(e.winner) });
    case "exploit_kept": return t("agorapolis.ev.exploit_kept", { name: n(e.winner), n: e.kept ?? 1 });
    case "game_end": return t("agorapolis.ev.game_end");
    default: break;
  }
  return t(`agorapolis.ev.${e.event}`, { name: n(e.seat ?? e.player ?? e.winner ?? e.owner), sector: s(e.sector) });
}

/** The last public events, newest first. */
export function eventLog(ctx) {
  const box = el("section", "agp-log");
  box.append(el("h3", "agp-h", t("agorapolis.log")));
  const list = el("ul", "agp-log-list");
  list.setAttribute("aria-live", "polite");
  // It scrolls when long: focusable so the keyboard can scroll it too (WCAG 2.1.1).
  list.tabIndex = 0;
  list.setAttribute("aria-label", t("agorapolis.log"));
  const events = (ctx.game.events || []).slice().reverse();
  for (const e of events) {
    const line = eventText(ctx, e);
    const text = typeof line === "string" ? line : line?.text;
    if (!text || text.startsWith("agorapolis.")) continue;
    const item = el("li", "", text);
    const seat = e.seat ?? e.attacker ?? e.winner ?? e.owner ?? e.player;
    if (typeof seat === "number") item.style.setProperty("--seat", seatColour(ctx, seat));
    if (line.nodes?.length) {
      const pictures = el("span", "agp-log-dice");
      pictures.append(...line.nodes);
      item.append(" ", pictures);
    }
    list.append(item);
    if (list.children.length >= 12) break;
  }
  box.append(list);
  return box;
}
