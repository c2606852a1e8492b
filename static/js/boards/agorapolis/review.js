// The game review on the Agorapolis board (static/js/review.js). A bet stays a secret
// commit on the board until every seat has bet, so the board after the better move may not
// show it: the review sets the played and the better choice side by side in pictures as well
// as words (the bet's dice and sector, a die's face before and after, the reserves paid), and
// outlines on the board the seat's sector row or die that the move changed.
import { t } from "../../i18n.js";
import { markNode } from "../../review.js";
import { SECTOR_COLOUR, SECTORS, diceCount, dieNode, el, sectorName } from "./dom.js";

const gameOf = (view) => view?.game ?? null;

/** A sector's colour chip and name. */
function sectorChip(sector) {
  const node = el("span", "review-sector");
  const chip = el("span", "agp-chip");
  chip.style.background = SECTOR_COLOUR[sector] ?? "#888";
  chip.setAttribute("aria-hidden", "true");
  node.append(chip, el("span", "", sectorName(sector)));
  return node;
}

/** A die of the seat in the sector being played, at `before` (rolled dice are public). */
const dieOf = (game, seat, index) => game?.players?.[seat]?.dice?.[game.sector]?.[index] ?? null;

/** The face a dice move leaves, when the move says it (a reroll's is chance: none). */
function faceAfter(move, game, seat) {
  const die = dieOf(game, seat, move.die);
  if (!die) return null;
  if (move.type === "society_adjust") return die.value + (Number(move.delta) || 0);
  if (move.type === "athens_set") return move.value;
  if (move.type === "commerce_swap") {
    const pool = move.market === "colony" ? game.colony?.dice : game.market;
    return pool?.[move.market_die]?.value ?? null;
  }
  if (move.type === "syracuse_swap") return dieOf(game, move.target, move.target_die)?.value ?? null;
  return null;
}

const DICE_MOVES = new Set(["society_adjust", "athens_set", "religion_reroll", "phidias_reroll", "commerce_swap", "syracuse_swap"]);

/** Points by sector ({commerce: 2}) as coloured chips with their numbers. */
function amounts(points) {
  const row = el("span", "review-picture");
  for (const sector of SECTORS) {
    if (!points?.[sector]) continue;
    const chip = sectorChip(sector);
    chip.prepend(el("b", "", String(points[sector])));
    row.append(chip);
  }
  return row.childElementCount ? row : null;
}

/** The picture of `move` by `seat` at the frame `before`, or null. */
export function picture(move, before, seat) {
  const game = gameOf(before);
  if (!move || !game) return null;
  const box = el("div", "review-picture");
  box.dataset.testid = "review-picture";
  if (move.type === "bet" || move.type === "delphi_rebet") {
    box.append(diceCount(move.dice), el("span", "", "→"), sectorChip(move.sector || game.sector));
    return box;
  }
  if (DICE_MOVES.has(move.type)) {
    const die = dieOf(game, seat, move.die);
    if (!die) return null;
    const after = faceAfter(move, game, seat);
    box.append(dieNode(die), el("span", "", "→"));
    box.append(after ? dieNode({ value: after }) : dieNode({ value: 0 }, { label: t("review.reroll") }));
    box.append(sectorChip(game.sector));
    return box;
  }
  if (move.type === "exploit_bid") return amounts(move.pay);
  if (move.type === "olympic_sacrifice") {
    box.append(diceCount(Object.values(move.take || {}).reduce((sum, n) => sum + (Number(n) || 0), 0)));
    return box;
  }
  if (move.type === "benefactor_convert") {
    const from = sectorChip(move.from);
    from.prepend(el("b", "", String(move.amount ?? "")));
    box.append(from, el("span", "", "→"), sectorChip(move.to));
    return box;
  }
  if (move.type === "agriculture_convert") {
    box.append(sectorChip("agriculture"), el("span", "", "→"), sectorChip(move.to));
    return box;
  }
  // Any other move in a sector's action (finalise, an attack, a card): the seat's dice there
  // as they stood, so both sides show what the choice was made with.
  const dice = game.players?.[seat]?.dice?.[game.sector] || [];
  if (!dice.length) return null;
  box.append(...dice.map((die) => dieNode(die)), sectorChip(game.sector));
  return box;
}

/** The sectors whose reserves `move` takes from or adds to (conversions, a bid). */
function reserveSectors(move) {
  if (move?.type === "benefactor_convert") return [move.from, move.to];
  if (move?.type === "agriculture_convert") return ["agriculture", move.to];
  if (move?.type === "exploit_bid") return SECTORS.filter((key) => move.pay?.[key]);
  return [];
}

/** Outline the parts of the board `root` that `move` (by `seat`) changed; how many. */
export function mark(root, move, view, seat) {
  const game = gameOf(view);
  const board = root.querySelector(`[data-testid=player-${seat}]`);
  const found = [];
  const add = (ok) => ok && found.push(ok);
  const rowOf = (sector) => (board && sector ? board.querySelector(`tr[data-sector="${sector}"]`) : null);
  if (DICE_MOVES.has(move?.type)) {
    const row = rowOf(game?.sector);
    add(markNode(row?.querySelector(`.agp-die[data-index="${move.die}"]`) ?? row));
  }
  for (const sector of reserveSectors(move)) add(markNode(rowOf(sector)?.querySelector(".agp-reserve")));
  // A bet (or rebet) is on its sector's row; it shows there once every seat has bet.
  if (!found.length && (move?.type === "bet" || move?.type === "delphi_rebet")) add(markNode(rowOf(move.sector || game?.sector)));
  if (!found.length) add(markNode(board));
  return found.length;
}
