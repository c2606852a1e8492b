// Small DOM and naming helpers shared by the Agorapolis board modules.
import { t } from "../../i18n.js";
import { dieFace } from "../../illustrations/agorapolis.js";
import { svg } from "../../illustrations/svg.js";

/** The five sectors, in the order the rules use everywhere. */
export const SECTORS = ["agriculture", "society", "commerce", "religion", "military"];

/** Sector colours (decorative chips next to each translated sector name). */
export const SECTOR_COLOUR = { agriculture: "#7a9a2a", society: "#1d5f8a", commerce: "#c98a1a", religion: "#7a4a9a", military: "#a8322a" };

/** Pip faces of a die (Unicode die faces ⚀…⚅). */
const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/**
 * Create an element with a class and optional text.
 * @param {string} tag
 * @param {string} [cls]
 * @param {string|number|null} [text]
 * @returns {HTMLElement}
 */
export function el(tag, cls = "", text = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null && text !== undefined) node.textContent = String(text);
  return node;
}

/** Translated sector name. @param {string} sector */
export const sectorName = (sector) => t(`agorapolis.sector.${sector}`);
/** Translated city name. @param {string} city */
export const cityName = (city) => t(`agorapolis.city.${city}`);
/** Translated card name. @param {string} card */
export const cardName = (card) => t(`agorapolis.card.${card}`);
/** Translated combination name. @param {string} combo */
export const comboName = (combo) => t(`agorapolis.combo.${combo}`);

/**
 * A die drawn as a die (pips, not a digit), labelled for screen readers ("a 5").
 * `adjusted` dice get a mark. The wrapper keeps the classes the board styles.
 * @param {{value: number, adjusted?: boolean}} die
 * @param {{label?: string, cls?: string, colour?: string}} [options]
 */
export function dieNode(die, { label = "", cls = "", colour = "#2a1f14" } = {}) {
  const node = el("span", `agp-die ${cls}`.trim());
  node.dataset.value = String(die.value);
  node.append(dieSvg(die.value, colour));
  let name = label || dieLabel(die.value);
  if (die.adjusted) {
    node.classList.add("adjusted");
    name += ` · ${t("agorapolis.adjusted")}`;
  }
  node.title = name;
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", name);
  return node;
}

/** "a 5" / "un 5": how a die is named aloud. @param {number} value */
export const dieLabel = (value) => t("agorapolis.die_a", { value });

/** The SVG picture of a die face (1..6), or a blank die for anything else. */
export function dieSvg(value, colour = "#2a1f14") {
  const picture = svg("svg", { viewBox: "0 0 26 26", class: "agp-die-svg", "aria-hidden": "true", focusable: "false" });
  if (value >= 1 && value <= 6) picture.append(dieFace(1, 1, value, 24, colour));
  else picture.append(svg("rect", { x: 1, y: 1, width: 24, height: 24, rx: 4.3, fill: "#fffdf7", stroke: colour, "stroke-width": 1.6 }));
  return picture;
}

/** A small tilted die (three pips): "dice", next to a number of dice. */
export function diceIcon(colour = "currentColor") {
  const picture = svg("svg", { viewBox: "0 0 26 26", class: "agp-count-die", "aria-hidden": "true", focusable: "false" });
  const face = dieFace(3, 3, 3, 20, colour);
  face.setAttribute("transform", "rotate(-14 13 13)");
  face.querySelector("rect").setAttribute("fill", "none");
  picture.append(face);
  return picture;
}

/**
 * A count of dice as a player would say it, with a blank die beside the number ("8 ▢"):
 * used for bets, which are numbers of dice, not faces.
 * @param {number} n
 */
export function diceCount(n, cls = "") {
  const node = el("span", `agp-count ${cls}`.trim());
  node.append(el("span", "agp-count-n", n));
  const icon = diceIcon("#8a6d3b");
  node.append(icon);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", t("agorapolis.n_dice", { n }));
  node.title = node.getAttribute("aria-label");
  return node;
}

/** The Unicode face of a die value (for compact text labels). @param {number} value */
export const face = (value) => FACES[value - 1] ?? String(value);

/**
 * A button with text, optional aria-label and a click action.
 * @param {string} text
 * @param {() => void} action
 * @param {{cls?: string, aria?: string, testid?: string, key?: string}} [options]
 */
export function button(text, action, { cls = "", aria = "", testid = "", key = "" } = {}) {
  const node = el("button", cls, text);
  node.type = "button";
  if (aria) node.setAttribute("aria-label", aria);
  if (testid) node.dataset.testid = testid;
  if (key) node.dataset.focusKey = key;
  node.addEventListener("click", action);
  return node;
}
