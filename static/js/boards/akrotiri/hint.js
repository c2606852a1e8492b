// A hint on this board (static/js/hints.js, docs/hints.md): the hinted move in the player's
// words (the names the board shows: tiles, ports, corners, plan cards, objectives), the move
// preselected or outlined where it is cheap, and the moves played after a hint marked in the
// board's log. Only the move's own fields and the seat's own view are read: a hint is one of
// the seat's legal moves, so nothing hidden from the seat is looked up.
import { t } from "../../i18n.js";
import { actionsText, colourName, cubesText, deckName, goalTitle, portName, quarterLabel, terrainName } from "./log.js";
import { placedTileName, planName, terrainOf, tileName } from "./names.js";
import { S } from "./state.js";

const THERA = [[-1, -1], [0, -1], [-1, 0], [0, 0]];
const SIDES = { "0,1": "n", "1,0": "e", "0,-1": "s", "-1,0": "w" };

const isThera = ([cx, cy]) => THERA.some(([x, y]) => x === cx && y === cy);
const seatView = () => S.game?.players?.[S.game.you] ?? null;

/** Where a tile goes: against a side of Thera, else beside the first placed tile it touches. */
function placeWords(move, game) {
  const [cx, cy] = move.cell;
  const terrain = terrainName(terrainOf(seatView()?.tile));
  if (cy === 1 || cy === -2 || cx === 1 || cx === -2) {
    const side = cy === 1 ? "n" : cy === -2 ? "s" : cx === 1 ? "e" : "w";
    const across = side === "n" || side === "s";
    const along = across ? cx : cy; // which of Thera's two cells on that side it touches
    if (along === -1 || along === 0) {
      const half = across ? (along === -1 ? "w" : "e") : along === -1 ? "s" : "n";
      return t("akrotiri.hint.place_thera", { terrain, side, half });
    }
  }
  const placements = game.placements || [];
  for (const placed of placements) {
    const dir = SIDES[`${cx - placed.cell[0]},${cy - placed.cell[1]}`];
    if (dir && !isThera(placed.cell)) {
      return t("akrotiri.hint.place_next", { terrain, dir, tile: tileName(placed.tile, placed.cell, placements) });
    }
  }
  return t("akrotiri.hint.place_tile", { terrain });
}

/** Where a piece of a tile lies ("the lake tile north of Thera, south-west corner"). */
function pieceWords(key, game) {
  const piece = S.map?.pieces?.get(key);
  if (piece) return quarterLabel(piece.quarters[0], game.placements);
  return placedTileName(String(key).split(":")[0], game.placements);
}

/**
 * The move in words, or null for a move this board does not know (the page then falls back
 * to the server's words). Never an id or a coordinate.
 */
export function describeMove(move) {
  const game = S.game;
  if (!game || typeof move?.type !== "string") return null;
  const me = seatView();
  const placements = game.placements || [];
  switch (move.type) {
    case "place_tile":
      return Array.isArray(move.cell) ? placeWords(move, game) : null;
    case "place_resources":
      return t("akrotiri.hint.free_cube", { colour: colourName(move.colour), where: pieceWords(move.piece, game) });
    case "keep_objective":
      return t("akrotiri.hint.keep_objective", { goal: goalTitle(move.card) });
    case "pick_objective":
      return t("akrotiri.hint.pick_objective", { goal: goalTitle(move.card) });
    case "move":
      if (typeof move.to !== "string") return null;
      return t("akrotiri.hint.move", { port: portName(move.to, placements), cost: move.cost ?? -1 });
    case "load":
    case "unload":
      return t(`akrotiri.hint.${move.type}`, { cubes: cubesText(move.colours || []) });
    case "sell":
      return t("akrotiri.hint.sell", { cubes: cubesText(move.colours || []), gain: move.gain ?? -1 });
    case "buy_plans": {
      const decks = move.decks || [];
      return t("akrotiri.hint.buy_plans", { n: decks.length, decks: decks.map(deckName).join(", "), price: move.price ?? -1 });
    }
    case "oracle":
      return t("akrotiri.hint.oracle", { terrain: move.terrain });
    case "excavate": {
      const card = me?.plans?.find((c) => c.id === move.card);
      if (!card || !Array.isArray(move.quarter)) return null;
      return t("akrotiri.hint.excavate", { plan: planName(card), where: quarterLabel(move.quarter, placements), cost: card.cost, points: card.points });
    }
    case "end_turn":
      return t("akrotiri.hint.end_turn");
    default:
      return null;
  }
}

/** How many of each item a multiset move takes ({blue: 2, green: 1}). */
function counts(items) {
  const out = {};
  for (const item of items || []) out[item] = (out[item] || 0) + 1;
  return out;
}

/** The position a hint was given at: its phase, its newest event and the actions left. */
const stateKey = () => `${S.game?.phase}:${S.game?.log?.at(-1)?.seq ?? 0}:${S.game?.actions}`;

/** Choose on the board what the move needs (the free choices the board keeps in S). */
function preselect(move) {
  if (move.type === "place_tile" && Array.isArray(move.cell)) {
    S.spot = { cell: [move.cell[0], move.cell[1]], rot: move.rot };
    S.rot = move.rot;
    S.pinned = true;
  } else if (move.type === "place_resources") {
    S.piece = move.piece;
  } else if (["load", "unload", "sell"].includes(move.type)) {
    S.picks[move.type] = counts(move.colours);
  } else if (move.type === "buy_plans") {
    S.picks.buy_plans = counts(move.decks);
  } else if (move.type === "excavate") {
    S.plan = move.card;
  }
}

/**
 * Preselect the hinted move where it costs nothing: the tile on its cell and turn, the free
 * cube's island, the cubes or decks in their pickers, the plan card of a dig. The control
 * that plays it (and its port or dig site on the map) is outlined by `outline` after each
 * draw while the table has not moved. False for a move it cannot show.
 */
export function showHint(move) {
  if (!S.ctx?.canMove || !S.game || typeof move?.type !== "string") return false;
  S.hint = { move, at: stateKey() };
  preselect(move);
  return true;
}

/** The board reset its choices (new legal moves): the hint's still hold at its position. */
export function keepHint() {
  if (!S.hint) return;
  if (S.hint.at !== stateKey()) S.hint = null;
  else preselect(S.hint.move);
}

/** The page's controls (and map marks) that play the hinted move, by test id or selector. */
function targets(move) {
  switch (move.type) {
    case "place_tile":
      return ["[data-testid=confirm-tile]"];
    case "place_resources":
      return [`[data-testid="cube-${move.colour}"]`, "[data-testid=picked-island]"];
    case "keep_objective":
    case "pick_objective":
      return [`[data-testid="keep-${move.card}"]`];
    case "move":
      return [`[data-testid="port-${move.to}"]`, `[data-testid="sail-${move.to}"]`];
    case "load":
    case "unload":
    case "sell":
    case "buy_plans":
      return [`[data-testid="send-${move.type}"]`];
    case "oracle":
      return [`[data-testid="oracle-${move.terrain}"]`];
    case "excavate":
      return [
        `[data-testid="dig-${move.card}-${move.quarter.join("_")}"]`,
        `.akr-dig[data-qx="${move.quarter[0]}"][data-qy="${move.quarter[1]}"]`,
      ];
    case "end_turn":
      return ["[data-testid=end-turn]"];
    default:
      return [];
  }
}

/** After a draw: outline what plays the hinted move, while the table has not moved on. */
export function outline(root) {
  if (!S.hint) return;
  if (S.hint.at !== stateKey() || !S.ctx?.canMove) {
    S.hint = null; // played, or the table moved on
    return;
  }
  for (const selector of targets(S.hint.move)) {
    for (const node of root.querySelectorAll(selector)) {
      node.classList.add("akr-hinted");
      node.dataset.hinted = "";
    }
  }
}

// ---------- the mark in the board's log ----------

// The event each move leaves in the log carries the move's type; these events come with
// another move (a deal, a reshuffle, an objective draw after a dig, the end).
const MOVE_EVENTS = new Set(["place_tile", "place_resources", "keep_objective", "pick_objective", "move", "load", "unload", "sell", "buy_plans", "oracle", "excavate", "end_turn"]);

/**
 * The log's events that a move made (one each), oldest first. A "pick_objective" is a move
 * when the offer held two cards or more; with one left the dig that uncovered the bonus took
 * it (rules: Strategist). The offer's size before each pick is counted back from now.
 */
export function moveEvents(game) {
  const log = game.log || [];
  let offer = (game.offer || []).length;
  const out = [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const event = log[i];
    if (!MOVE_EVENTS.has(event.type)) continue;
    if (event.type === "pick_objective") {
      offer += 1;
      if (offer < 2) continue;
    }
    out.push(event);
  }
  return out.reverse();
}

let hinted = []; // the numbers of the moves played after a hint
let known = new Set(); // their events' seqs, as last worked out

/** Number the log's move events: from 1 when the log starts with the game's first event,
 * else from `total` (the moves in force now, the newest being the last); null: unknown. */
function numbered(game, total) {
  const events = moveEvents(game);
  const log = game.log || [];
  let first = null;
  if (!log.length || log[0].seq === 1) first = 1;
  else if (Number.isInteger(total)) first = total - events.length + 1;
  if (first === null) return null;
  return new Set(events.filter((_, index) => hinted.includes(first + index)).map((event) => event.seq));
}

/**
 * The moves (numbered from 1 among the moves in force) played after a hint, and, when the
 * page knows it, how many moves are in force now. The log holds only the last events, so a
 * number is placed on them when the log starts with the game's first event, or from `total`
 * at the moment it is given (the events keep their seqs afterwards). True when the marks
 * changed (the board then redraws).
 */
export function setHinted(numbers, total = null, game = null) {
  const before = JSON.stringify([hinted, [...known]]);
  hinted = [...numbers].sort((a, b) => a - b);
  const seqs = game ? numbered(game, total) : null;
  if (seqs) known = seqs;
  else if (!hinted.length) known = new Set();
  return JSON.stringify([hinted, [...known]]) !== before;
}

/** The seqs of the log's events that are moves played after a hint. */
export function hintedSeqs(game) {
  const seqs = numbered(game, null);
  if (seqs) known = seqs;
  return known;
}
