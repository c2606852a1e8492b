// A hint on this board (static/js/hints.js, docs/hints.md): the hinted move in the player's
// words, shown on the board (a build opens its payment on the hinted hex, a new piece of land
// waits on its spot turned as hinted, a button or stack is outlined), and the moves played
// after a hint marked in the log. The words read only the move (the seat's own legal move)
// and the public view: never a hidden stack, hand or pile.
import { t } from "../../i18n.js";
import { drawAll, drawDynamic } from "./draw.js";
import { buildingName } from "./log.js";
import { canonicalExtra } from "./payment.js";
import { S, placeMove } from "./state.js";
import { cardsText, cardsWords, landWords, whereText } from "./words.js";

const count = (cards) => Object.values(cards || {}).reduce((a, b) => a + (Number(b) || 0), 0);

/** "for 3 cards (2 forest cards, 1 hill card)", "for free, next to your Mill"… */
function costWords(move, game) {
  if (move.cost?.free) {
    const info = game?.catalog?.buildings?.find((b) => b.id === move.building);
    const kind = info?.road ? "road" : info?.predecessor ? "pred" : "other";
    return t("attika.hint.cost_free", { kind, pred: info?.predecessor ? buildingName(info.predecessor) : "" });
  }
  const cards = count(move.pay);
  if (!cards) return t("attika.hint.cost_none");
  const jokers = move.jokers ? t("attika.hint.jokers", { n: move.jokers }) : "";
  return t("attika.hint.cost_cards", { cards: cardsText(cards), list: cardsWords(move.pay), jokers });
}

function buildWords(move, game) {
  const cell = game?.land?.find((c) => c.q === move.q && c.r === move.r);
  return t("attika.hint.build", {
    drawn: move.type === "build_pending" ? "yes" : "no",
    building: buildingName(move.building ?? game?.pending?.building ?? ""),
    where: whereText(game, move.q, move.r),
    land: t("attika.hint.land", { symbol: cell?.symbol ?? "blank" }),
    cost: costWords(move, game),
    colony: move.cost?.founds_new_colony ? t("attika.hint.colony") : "",
    amphora: move.amphora ? t("attika.hint.amphora") : "",
  });
}

function pieceWords(move, game) {
  // The piece being placed is public (the view shows it to everyone).
  const piece = game?.piece && (!move.piece || game.piece.id === move.piece) ? game.piece : null;
  return t("attika.hint.piece", {
    where: whereText(game, move.q, move.r),
    rot: move.rot ?? 0,
    land: piece ? t("attika.hint.piece_land", { land: landWords(piece.hexes) }) : "",
  });
}

/** The move in the player's words, or null for a shape this board does not know.
 * `game`: the view to read places from (the board's own by default). */
export function describeMove(move, game = S.game) {
  switch (move?.type) {
    case "draw":
      return t(move.amphora ? "attika.hint.draw_amphora" : "attika.hint.draw", { stack: move.stack ?? 0 });
    case "build":
    case "build_pending":
      return buildWords(move, game);
    case "reserve_pending":
      return t("attika.hint.reserve", { building: buildingName(move.building ?? game?.pending?.building ?? "") });
    case "place_piece":
      return pieceWords(move, game);
    case "end_actions":
      return t("attika.hint.end", { cards: move.cards ?? 0 });
    case "take_card":
      return t("attika.hint.take_card");
    case "pass":
      return t("attika.hint.pass");
    default:
      return null;
  }
}

// The control a hinted move outlines (attika.css: .at-board[data-hint=X] [data-testid=X]).
const CONTROL = {
  reserve_pending: () => "reserve-pending",
  end_actions: () => "end-turn",
  take_card: () => "take-card",
  pass: () => "pass",
  place_piece: () => "place-piece",
  draw: (move) => `stack-${move.stack}`,
};

let shownAt = null; // the view's move count when the hint was shown

/** Show the hinted move on the board; false where it cannot (not the seat's turn, the legal
 * moves not here yet). The outline goes when the table moves on (forgetHint). */
export function showHint(move) {
  if (!S.ctx?.canMove || !S.root || !S.moves || !move) return false;
  if (move.type === "build" || move.type === "build_pending") {
    // The same move from the board's own list: its payment panel opens, ready to confirm.
    const list = move.type === "build_pending" ? S.moves.pending : S.moves.builds.get(move.building) || [];
    const found = list.find((m) => m.q === move.q && m.r === move.r);
    if (!found) return false;
    S.why = "";
    S.selected = move.type === "build_pending" ? "pending" : move.building;
    S.chosen = found;
    S.extra = canonicalExtra(found);
    S.cursor = { q: found.q, r: found.r };
    delete S.root.dataset.hint;
    drawAll();
    return true;
  }
  const control = CONTROL[move.type]?.(move);
  if (!control) return false;
  shownAt = S.game.moves;
  S.root.dataset.hint = control;
  if (move.type === "place_piece" && placeMove(move.q, move.r, move.rot)) {
    S.ghost = { q: move.q, r: move.r };
    S.rot = move.rot;
    S.pinned = true;
  }
  drawDynamic();
  return true;
}

/** Drop the outline once the table has moved on (a move, an undo): called on each render. */
export function forgetHint(game) {
  if (S.root?.dataset.hint && game.moves !== shownAt) delete S.root.dataset.hint;
}

let hinted = new Set(); // move numbers (from 1, as the events' `n`) played after a hint

/** The moves to mark as hinted; true when that changed (the board then redraws). */
export function setHinted(numbers) {
  const next = new Set(numbers);
  if (next.size === hinted.size && [...next].every((n) => hinted.has(n))) return false;
  hinted = next;
  return true;
}

/** The log's entries (in order), the first line of each hinted move flagged (panels.js marks
 * it): an event's `n` is its move's number among the moves in force. */
export function markedEntries(entries) {
  const seen = new Set();
  return entries.map((entry) => {
    if (!hinted.has(entry.n) || seen.has(entry.n)) return entry;
    seen.add(entry.n);
    return { ...entry, hint: true };
  });
}
