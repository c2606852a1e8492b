// What the Akrotiri board remembers between renders, and the few facts every part of the
// board reads from it: the players' names, the legal moves of the player at this screen,
// whether the table is turned for the north seat, a seat's colour.
import { t } from "../../i18n.js";

export const S = {
  root: null,
  parts: null,
  ctx: null,
  game: null,
  map: null,
  spot: null,
  rot: 0,
  pinned: false,
  piece: null,
  plan: null,
  picks: {},
  sailsOpen: false,
  confirm: null,
  hint: null, // {move, at}: a hint shown on the board, at the position it was given for
  movesKey: "",
  fitKey: "",
  lastSeq: null,
  fresh: new Set(),
  marked: new Set(),
  finalKey: "",
};

/** The Akrotiri view inside a room view (or the view itself), or null before the start. */
export function gameOf(view) {
  if (!view) return null;
  if (view.game && typeof view.game === "object") return view.game;
  return view.placements ? view : null;
}

export function names() {
  return [0, 1].map((seat) => S.ctx.room?.seats?.[seat]?.name || t("akrotiri.seat", { n: seat + 1 }));
}

export function myMoves() {
  return S.ctx.canMove ? S.ctx.legalMoves || [] : [];
}

export const flip = () => S.ctx.seat === 1;

/** A seat's colour index: the room's (kept across a rematch) or the seat number. */
export const colourOf = (seat) => S.ctx?.colour?.(seat) ?? seat;
