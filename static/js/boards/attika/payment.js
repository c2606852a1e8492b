// Paying for a chosen spot: the cost from the move's claims (server-side), the cards that
// pay as themselves (`matched`), the joker pairs explained, and a picker for the free cards.
// The server's claims say how many extra cards are owed (2 per joker pair + due_any) and any
// choice of that many among the rest of the hand pays (docs/games/attika.md): the picker
// only counts, it knows no rule.
import { t } from "../../i18n.js";
import { SYMBOLS } from "./hex.js";
import { button, el, symbolGlyph, symbolsWords } from "./panels.js";
import { buildingName, cardsText } from "./log.js";

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
 * The payment panel.
 * @param {{move: object, hand: object, extra: object, onExtra: Function, onConfirm: Function, onCancel: Function}} args
 */
export function paymentPanel({ move, hand, extra, onExtra, onConfirm, onCancel }) {
  const box = el("section", "at-pay");
  box.dataset.testid = "payment";
  box.setAttribute("aria-live", "polite");
  const cost = move.cost;
  box.append(el("h3", "", t("attika.build_at", { building: buildingName(move.building), q: move.q, r: move.r })));
  const lines = el("ul", "at-pay-lines");
  if (cost.free) {
    lines.append(el("li", "at-pay-free", `◆ ${t("attika.pay_free")}`));
  } else {
    const owed = symbolsWords(cost.due);
    if (owed) lines.append(el("li", "", t("attika.pay_owed", { symbols: owed })));
    const matched = symbolsWords(move.matched);
    if (matched) lines.append(el("li", "", t("attika.pay_matched", { symbols: matched })));
    if (move.jokers) {
      const key = move.jokers === 1 ? "attika.pay_joker_one" : "attika.pay_jokers";
      const joker = el("li", "at-pay-joker", t(key, { n: move.jokers, cards: 2 * move.jokers }));
      joker.dataset.testid = "joker-explained";
      lines.append(joker);
    }
    if (cost.due_any) lines.append(el("li", "", t(cost.due_any === 1 ? "attika.pay_any_one" : "attika.pay_any", { n: cost.due_any })));
    if (cost.founds_new_colony) lines.append(el("li", "hint", t("attika.pay_colony")));
  }
  box.append(lines);
  const need = extraCount(move);
  let chosen = 0;
  if (need) {
    box.append(el("p", "at-pay-pick", t(need === 1 ? "attika.pay_pick_one" : "attika.pay_pick", { n: need })));
    const picker = el("div", "at-picker");
    for (const s of SYMBOLS) {
      const rest = (hand?.[s] ?? 0) - (move.matched?.[s] ?? 0);
      const n = extra[s] ?? 0;
      chosen += n;
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
    box.append(picker);
  }
  const pay = paymentOf(move, extra);
  const total = Object.values(pay).reduce((a, b) => a + b, 0);
  const summary = el("p", "at-pay-total", total ? t("attika.pay_total", { cards: cardsText(total), list: symbolsWords(pay) }) : t("attika.pay_nothing"));
  summary.dataset.testid = "pay-total";
  box.append(summary);
  const ready = chosen === need;
  const buttons = el("div", "at-pay-buttons");
  buttons.append(
    button(t("attika.cancel"), onCancel, { cls: "at-secondary", testid: "pay-cancel" }),
    button(`✓ ${t("attika.build")}`, () => ready && onConfirm(pay), { cls: "at-confirm", testid: "pay-confirm", disabled: !ready }),
  );
  if (!ready) buttons.append(el("span", "hint", t("attika.pay_left", { n: need - chosen })));
  box.append(buttons);
  return box;
}
