// Agorapolis rules diagrams, drawn with the board's own dice and sector colours: the
// combination table and the five phases of a round. Both reflow on a phone (390 px).
import { SECTORS, SECTOR_COLOUR, comboName, dieNode, el, sectorName } from "../boards/agorapolis/dom.js";
import { t } from "../i18n.js";

export const stylesheet = new URL("../../css/agorapolis.css", import.meta.url).href;

/** Each combination with an example roll (the scoring dice first) and its base gain. */
const COMBINATIONS = [
  ["pair", [4, 4, 1, 6, 2], 1],
  ["two_pairs", [2, 2, 5, 5, 3], 2],
  ["three_of_a_kind", [6, 6, 6, 1, 3], 3],
  ["full_house", [3, 3, 3, 5, 5], 4],
  ["straight", [2, 3, 4, 5, 6], 5],
  ["four_of_a_kind", [1, 1, 1, 1, 4], 6],
  ["five_of_a_kind", [5, 5, 5, 5, 5], 7],
];
const USED = { pair: 2, two_pairs: 4, three_of_a_kind: 3, full_house: 5, straight: 5, four_of_a_kind: 4, five_of_a_kind: 5 };

/** A die that is not part of the combination: dashed outline, grey pips. */
function spareDie(value) {
  const node = dieNode({ value }, { cls: "agp-spare", colour: "#8d8478" });
  node.querySelector("rect")?.setAttribute("stroke-dasharray", "3.2 2.4");
  return node;
}

function combinations(host) {
  const table = el("table", "agp-combos");
  const head = el("thead");
  const row = el("tr");
  for (const key of ["rules.combination", "rules.example_roll", "rules.base_gain"]) row.append(el("th", "", t(key)));
  head.append(row);
  const body = el("tbody");
  for (const [combo, dice, gain] of COMBINATIONS) {
    const line = el("tr");
    line.dataset.combo = combo;
    // The dice sit in a row inside the cell (the cell itself stays a table cell, so the
    // row's rules line up); the dice outside the combination are drawn dashed and grey.
    const cell = el("td", "agp-roll-cell");
    const roll = el("div", "agp-roll");
    dice.forEach((value, index) => roll.append(index < USED[combo] ? dieNode({ value }) : spareDie(value)));
    cell.append(roll);
    line.append(el("td", "", comboName(combo)), cell, el("td", "agp-gain", `+${gain}`));
    body.append(line);
  }
  table.append(head, body);
  host.replaceChildren(table);
}

/** The five phases as coloured steps that wrap on a narrow screen, then "↻" back to 1. */
function round(host) {
  const phases = ["harvest", "investment", "action", "resolution", "exploit"];
  const list = el("ol", "agp-phases");
  phases.forEach((phase, index) => {
    const item = el("li", "agp-phase-step");
    item.style.setProperty("--tone", SECTOR_COLOUR[SECTORS[index]]);
    item.append(el("strong", "agp-phase-n", index + 1), el("span", "agp-phase-name", t(`rules.agorapolis.phase.${phase}`)));
    list.append(item);
  });
  const again = el("li", "agp-phase-again", "↻");
  again.setAttribute("aria-hidden", "true");
  list.append(again);
  host.replaceChildren(list);
}

function sectors(host) {
  const list = el("ul", "agp-sector-legend");
  for (const sector of SECTORS) {
    const item = el("li");
    const chip = el("span", "agp-chip");
    chip.style.background = SECTOR_COLOUR[sector];
    chip.setAttribute("aria-hidden", "true");
    item.append(chip, " ", sectorName(sector));
    list.append(item);
  }
  host.replaceChildren(list);
}

export function draw(name, host) {
  if (name === "combinations") combinations(host);
  else if (name === "round") round(host);
  else if (name === "sectors") sectors(host);
}
