// Paying for a chosen spot: the cost from the move's claims (server-side), the cards that
// pay as themselves (`matched`), the joker pairs explained, and a picker for the free cards.
// The server's claims say how many extra cards are owed (2 per joker pair + due_any) and any
// choice of that many among the rest of the hand pays (docs/games/attika.md): the picker
// only counts, it knows no rule.
import { t } from "../../i18n.js";
import { SYMBOLS } from "./hex.js";
import { button, el, symbolGlyph } from "./panels.js";
import { buildingName } from "./log.js";
import { cardsText, cardsWords } from "./words.js";

/** The extra cards of the canonical payment (pay minus matched). */
export function canonicalExtra(move) {
  const extra = {};
  for (const s of SYMBOLS) extra[s] = (move.pay?.[s] ?? 0) - (move.matched?.[s] ?? 0);
  return extra;
}

/** How many extra cards the move owes: 2 per joker pair plus the cards of any kind. */
export function extraCount(move) {
  return 2 * (move.jokers ?? 0) + (move.cost?.due_any ?? 0);
}

/** The payment the picker stands for (matched + extra), naming only symbols present. */
export function paymentOf(move, extra) {
  const pay = {};
  for (const s of SYMBOLS) {
    const n = (move.matched?.[s] ?? 0) + (extra[s] ?? 0);
    if (n) pay[s] = n;
  }
  return pay;
}

/**
 * The payment panel: what is paid (ready to confirm: the canonical payment), and behind a
 * toggle why it costs that and which cards to give when some are of the player's choice.
 * @param {{move: object, hand: object, extra: object, where: string, open: boolean,
 *   onToggle: Function, onExtra: Function, onConfirm: Function, onCancel: Function}} args
 *   where: the hex in words; open: the details shown
 */
export function paymentPanel({ move, hand, extra, where, open = false, onToggle = () => {}, onExtra, onConfirm, onCancel }) {
  const box = el("section", "at-pay");
  box.dataset.testid = "payment";
  const cost = move.cost;
  box.append(el("h3", "", t("attika.build_at", { building: buildingName(move.building), where })));
  const lines = el("ul", "at-pay-lines");
  if (cost.free) {
    lines.append(el("li", "at-pay-free", `◆ ${t("attika.pay_free")}`));
  } else {
    const owed = cardsWords(cost.due);
    if (owed) lines.append(el("li", "", t("attika.pay_owed", { symbols: owed })));
    const matched = cardsWords(move.matched);
    if (matched) lines.append(el("li", "", t("attika.pay_matched", { symbols: matched })));
    if (move.jokers) {
      const joker = el("li", "at-pay-joker", t("attika.pay_jokers", { n: move.jokers, cards: 2 * move.jokers }));
      joker.dataset.testid = "joker-explained";
      lines.append(joker);
    }
    if (cost.due_any) lines.append(el("li", "", t("attika.pay_any", { n: cost.due_any })));
    if (cost.founds_new_colony) lines.append(el("li", "hint", t("attika.pay_colony")));
  }
  if (move.amphora) lines.append(el("li", "at-pay-amphora", t("attika.pay_amphora")));
  const need = extraCount(move);
  let chosen = 0;
  const picker = el("div", "at-picker");
  for (const s of SYMBOLS) {
    const rest = (hand?.[s] ?? 0) - (move.matched?.[s] ?? 0);
    const n = extra[s] ?? 0;
    chosen += n;
    if (!need || rest <= 0) continue; // nothing of that symbol left to give
    const row = el("div", "at-pick");
    row.dataset.symbol = s;
    const label = el("span", "at-pick-label");
    label.append(symbolGlyph(s, 18), el("span", "", t("attika.pay_available", { symbol: t(`attika.symbol.${s}`), n: rest })));
    const minus = button("−", () => onExtra(s, -1), { cls: "at-step", title: t("attika.pay_less", { symbol: t(`attika.symbol.${s}`) }), disabled: n <= 0 });
    const count = el("b", "at-pick-n", n);
    count.dataset.testid = `pick-${s}`;
    const plus = button("+", () => onExtra(s, 1), { cls: "at-step", title: t("attika.pay_more", { symbol: t(`attika.symbol.${s}`) }), disabled: n >= rest });
    plus.dataset.testid = `pick-more-${s}`;
    minus.dataset.testid = `pick-less-${s}`;
    row.append(label, minus, count, plus);
    picker.append(row);
  }
  const pay = paymentOf(move, extra);
  const total = Object.values(pay).reduce((a, b) => a + b, 0);
  const summary = el("p", "at-pay-total", total ? t("attika.pay_total", { cards: cardsText(total), list: cardsWords(pay) }) : t("attika.pay_nothing"));
  summary.dataset.testid = "pay-total";
  box.append(summary);
  if (move.jokers && !open) box.append(el("p", "at-pay-note hint", t("attika.pay_joker_short", { n: move.jokers })));
  const more = el("details", "at-pay-more");
  more.open = open;
  more.addEventListener("toggle", () => onToggle(more.open));
  const toggle = el("summary", "", need ? t("attika.pay_choose", { n: need }) : t("attika.pay_why"));
  toggle.dataset.testid = "pay-details";
  more.append(toggle, lines);
  if (need) more.append(el("p", "at-pay-pick", t("attika.pay_pick", { n: need })), picker);
  box.append(more);
  const ready = chosen === need;
  const buttons = el("div", "at-pay-buttons");
  buttons.append(
    button(t("attika.cancel"), onCancel, { cls: "at-secondary", testid: "pay-cancel" }),
    button(`✓ ${t("attika.build")}`, () => ready && onConfirm(pay), { cls: "at-confirm", testid: "pay-confirm", disabled: !ready }),
  );
  buttons.lastChild.dataset.primary = "";
  if (!ready) buttons.append(el("span", "hint", t("attika.pay_left", { n: need - chosen })));
  box.append(buttons);
  return box;
}
