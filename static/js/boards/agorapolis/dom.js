// Small DOM and naming helpers shared by the Agorapolis board modules.
import { t } from "../../i18n.js";

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
 * A die as a small square showing its value; `adjusted` dice get a mark.
 * @param {{value: number, adjusted?: boolean}} die
 * @param {{label?: string, cls?: string}} [options]
 */
export function dieNode(die, { label = "", cls = "" } = {}) {
  const node = el("span", `agp-die ${cls}`.trim());
  node.dataset.value = String(die.value);
  node.textContent = String(die.value);
  node.title = label || t("agorapolis.die_value", { value: die.value });
  if (die.adjusted) {
    node.classList.add("adjusted");
    node.title += ` · ${t("agorapolis.adjusted")}`;
  }
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", node.title);
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
