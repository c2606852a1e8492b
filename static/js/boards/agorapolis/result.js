// The Agorapolis final table (the room's result panel, and the replay's end screen).
import { t } from "../../i18n.js";
import { SECTOR_COLOUR, cityName, el, sectorName } from "./dom.js";
import { seatColour } from "./players.js";

/**
 * The final table: ranks, players, and the renown breakdown with every column labelled in
 * player words (renown before the majority bonus, the sectors won, final renown, and the
 * reserve points that break ties). No winner headline: the room says it once above.
 */
export function finalTable(ctx, result) {
  const box = el("div", "agp-final-box");
  box.append(el("p", "agp-sub", t(`agorapolis.reason.${result.reason}`)));
  const table = el("table", "agp-final-table");
  table.setAttribute("aria-label", t("agorapolis.final.title"));
  const head = el("tr");
  for (const key of ["rank", "player", "city", "before", "majorities", "renown", "reserves"]) {
    const th = el("th", `col-${key}`, t(`agorapolis.final.${key}`));
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  result.ranking.forEach((group, index) => {
    for (const seat of group) {
      const row = result.breakdown[seat];
      const tr = el("tr");
      tr.dataset.seat = String(seat);
      tr.style.setProperty("--seat", seatColour(ctx, seat));
      if (index === 0) tr.classList.add("win");
      const majorities = el("td", "agp-majorities");
      if (row.majorities.length) {
        for (const sector of row.majorities) {
          const chip = el("span", "agp-sector-tag", sectorName(sector));
          chip.style.setProperty("--tone", SECTOR_COLOUR[sector]);
          majorities.append(chip);
        }
        majorities.append(el("span", "agp-bonus", t("agorapolis.final.bonus", { n: row.majority_bonus })));
      } else {
        majorities.textContent = "—";
      }
      const name = el("th", "agp-final-name", ctx.names[seat]);
      name.scope = "row";
      const cells = [
        el("td", "num", index + 1),
        name,
        el("td", "", cityName(row.city)),
        el("td", "num", row.renown_before_bonus),
        majorities,
        el("td", "num agp-final-renown", row.renown),
        el("td", "num", row.reserve_total),
      ];
      cells.forEach((cell, i) => {
        cell.dataset.label = t("agorapolis.final.label", { label: head.children[i].textContent });
      });
      // On a phone the breakdown lines use shorter labels, so two of them share a line.
      for (const [i, key] of [[3, "before"], [4, "majorities"], [6, "reserves"]]) {
        cells[i].dataset.short = t("agorapolis.final.label", { label: t(`agorapolis.final.short.${key}`) });
      }
      tr.append(...cells);
      body.append(tr);
    }
  });
  table.append(thead, body);
  box.append(table);
  return box;
}

/** The end screen inside the board (the replay page): winners, then the final table. */
export function finalPanel(ctx, result) {
  const box = el("section", "agp-final");
  box.dataset.testid = "agp-final";
  const winners = result.ranking[0].map((seat) => ctx.names[seat]).join(", ");
  const title = el("h2", "agp-winner", t("agorapolis.winner", { names: winners }));
  title.dataset.testid = "agp-winner";
  box.append(title, finalTable(ctx, result));
  return box;
}
