// What the Attika board remembers between renders (S), and what it reads from it: the
// players' names and colours, the seat, and the legal moves digested for the controls
// (syncMoves resets the selection when they change).
import { t } from "../../i18n.js";
import { anchorsOf, centralAnchor, digest, placeMoveOf } from "./offer.js";

/** Everything the board remembers between renders. */
export const S = {
  root: null,
  ctx: null,
  game: null,
  parts: null,
  map: null,
  moves: null,
  movesKey: "",
  selected: null,
  chosen: null,
  confirm: null,
  why: "",
  payOpen: null,
  wasMoving: false,
  keepSoon: false,
  extra: {},
  rot: 0,
  ghost: null,
  pinned: false,
  cursor: null,
  hintSeat: null,
  log: new Map(),
  fresh: new Set(),
  marked: new Set(),
  fitKey: "",
  finalKey: "",
  frame: 0,
};

export function gameOf(view) {
  if (!view) return null;
  if (view.game && typeof view.game === "object") return view.game;
  return view.land ? view : null;
}

export function namesOf(game, room) {
  return game.players.map((p) => room?.seats?.[p.seat]?.name || t("attika.seat", { n: p.seat + 1 }));
}

export function names() {
  return namesOf(S.game, S.ctx.room);
}

/** A seat's palette index: the room's (a rematch keeps each player's colour), else the seat. */
export function colourOf(seat) {
  return S.ctx?.colour?.(seat) ?? seat;
}

export function me() {
  return S.ctx.seat === null || S.ctx.seat === undefined ? null : S.ctx.seat;
}

// ---------- the legal moves ----------

function myMoves() {
  return S.ctx.canMove ? S.ctx.legalMoves || [] : [];
}

/** The building moves of the current selection (the drawn building, or a reserve one). */
export function spotMoves() {
  if (S.selected === "pending") return S.moves.pending;
  if (S.selected) return S.moves.builds.get(S.selected) || [];
  return [];
}

export function anchors() {
  return anchorsOf(S.moves.places);
}

export function placeMove(q, r, rot) {
  return placeMoveOf(S.moves.places, q, r, rot);
}

/** Reset the selection when the legal moves change (a new turn, or a move was sent). */
export function syncMoves() {
  const moves = myMoves();
  S.moves = digest(moves);
  const key = `${S.ctx.canMove}:${moves.length}:${moves[0] ? JSON.stringify(moves[0]) : ""}:${S.game.moves}`;
  if (key === S.movesKey) return;
  S.movesKey = key;
  if (S.ctx.canMove && moves.length) S.keepSoon = true;
  S.chosen = null;
  S.confirm = null;
  S.why = "";
  S.extra = {};
  S.cursor = null;
  S.selected = S.moves.pending.length || S.moves.reserve ? "pending" : null;
  if (!S.moves.places.length) {
    S.ghost = null;
    S.pinned = false;
  } else if (!S.ghost || !placeMove(S.ghost.q, S.ghost.r, S.rot)) {
    const [q, r] = centralAnchor(S.game.land, anchors());
    S.ghost = { q, r };
    S.pinned = false;
    S.rot = 0;
  }
}
