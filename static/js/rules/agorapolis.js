// Agorapolis rules diagrams, drawn with the board's own dice and sector colours: the
// combination table and the five phases of a round.
import { SECTORS, SECTOR_COLOUR, comboName, dieNode, el, sectorName } from "../boards/agorapolis/dom.js";
import { t } from "../i18n.js";
import { svg } from "../illustrations/svg.js";

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
    const roll = el("td", "agp-roll");
    dice.forEach((value, index) => {
      roll.append(dieNode({ value, adjusted: false }, { cls: index < USED[combo] ? "" : "unused" }));
    });
    line.append(el("td", "", comboName(combo)), roll, el("td", "", `+${gain}`));
    body.append(line);
  }
  table.append(head, body);
  host.replaceChildren(table);
}

function round(host) {
  const phases = ["harvest", "investment", "action", "resolution", "exploit"];
  const root = svg("svg", { viewBox: "0 0 520 120", "aria-hidden": "true", focusable: "false" });
  phases.forEach((phase, index) => {
    const x = 12 + index * 102;
    const colour = SECTOR_COLOUR[SECTORS[index]];
    root.append(svg("rect", { x, y: 30, width: 88, height: 56, rx: 10, fill: colour }));
    const number = svg("text", { x: x + 44, y: 52, "text-anchor": "middle", fill: "#fff", "font-weight": 700, "font-size": 18 });
    number.textContent = String(index + 1);
    const name = svg("text", { x: x + 44, y: 74, "text-anchor": "middle", fill: "#fff", "font-size": 12 });
    name.textContent = t(`rules.agorapolis.phase.${phase}`);
    root.append(number, name);
    if (index < phases.length - 1) root.append(svg("path", { d: `M${x + 90} 58 l10 0 m-4 -4 l4 4 l-4 4`, stroke: "#555", fill: "none", "stroke-width": 2 }));
  });
  root.append(svg("path", { d: "M480 92 C480 116 40 116 40 92", fill: "none", stroke: "#999", "stroke-dasharray": "5 4", "stroke-width": 1.5 }));
  host.replaceChildren(root);
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
