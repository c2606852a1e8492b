// Attika in a player's words: where a hex lies on the map ("in the north-west"), what a
// piece of land holds ("2 forests, 1 hill"), cards counted with their plural. Never an id or
// a coordinate (issue 43): those stay in data attributes for tests and keyboard code.
import { t } from "../../i18n.js";
import { NEIGHBOURS, SYMBOLS, centre } from "./hex.js";

const DIRECTIONS = ["e", "se", "s", "sw", "w", "nw", "n", "ne"];

/** The compass direction of hex (q, r) from the middle of the land ("centre" when close). */
export function direction(land, q, r) {
  if (!land?.length) return "centre";
  let mx = 0;
  let my = 0;
  for (const cell of land) {
    const [x, y] = centre(cell.q, cell.r);
    mx += x;
    my += y;
  }
  mx /= land.length;
  my /= land.length;
  const [x, y] = centre(q, r);
  const dx = x - mx;
  const dy = y - my;
  // Near the middle (within about two hexes) reads "in the centre".
  if (Math.hypot(dx, dy) < 28 * 2.2) return "centre";
  const angle = Math.atan2(dy, dx); // y grows southwards
  const sector = Math.round(angle / (Math.PI / 4));
  return DIRECTIONS[(sector + 8) % 8];
}

/** "in the north-west" (or "in the centre") for hex (q, r) of this game's map. */
export function whereText(game, q, r) {
  return t("attika.where", { dir: direction(game?.land, q, r) });
}

/** "2 water cards, 1 hill card" for {symbol: n}. */
export function cardsWords(counts) {
  return SYMBOLS.filter((s) => counts?.[s])
    .map((s) => t(`attika.cards_of.${s}`, { n: counts[s] }))
    .join(", ");
}

/** "3 cards". */
export function cardsText(n) {
  return t("attika.cards_n", { n });
}

/** "2 forests, 1 hill" for the symbols of some land hexes (blank land left out). */
export function landWords(cells) {
  const counts = {};
  for (const cell of cells) if (cell?.symbol) counts[cell.symbol] = (counts[cell.symbol] ?? 0) + 1;
  const words = SYMBOLS.filter((s) => counts[s]).map((s) => t(`attika.land_of.${s}`, { n: counts[s] }));
  return words.length ? words.join(", ") : t("attika.land_blank");
}

/** The land hexes a placed piece covers (its anchor and the six around it). */
export function pieceCells(game, placement) {
  const at = new Map(game.land.map((c) => [`${c.q},${c.r}`, c]));
  const cells = [[0, 0], ...NEIGHBOURS].map(([dq, dr]) => at.get(`${placement.q + dq},${placement.r + dr}`));
  return cells.filter(Boolean);
}

/** A placed piece in words: where it went and what it holds (null if not placed). */
export function placedPiece(game, id) {
  const placements = (game.pieces || []).filter((p) => p.id === id);
  const placement = placements[placements.length - 1];
  if (!placement) return null;
  return { where: whereText(game, placement.q, placement.r), land: landWords(pieceCells(game, placement)) };
}
