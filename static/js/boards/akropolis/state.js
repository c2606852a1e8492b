// What the Akropolis board remembers between renders (`S`), and what it reads from it: the
// game in a view, each seat's name, the legal moves the server sent this page.
import { t } from "../../i18n.js";

/** Everything the board remembers between renders. */
export const S = {
  root: null,
  ctx: null,
  game: null,
  selected: null,
  rot: 0,
  ghost: null,
  pinned: false,
  // A refused try, said in words in the action bar (why.js), and the three positions tried.
  why: null,
  tried: null,
  shown: null,
  overview: false,
  movesKey: "",
  log: new Map(),
  lastKey: null,
  logLoaded: false,
  fresh: new Map(),
  marked: new Map(),
  pulse: new Set(),
  fitKey: "",
};

/** The game view, whether render got the socket view ({to_act, result, game}) or a bare one. */
export function gameOf(view) {
  if (!view) return null;
  if (view.game && typeof view.game === "object") return view.game;
  return view.cities ? view : null;
}

export function names() {
  return namesFor(S.game, S.ctx.room);
}

/** Each seat's name (the Architect's in solo), by seat. */
export function namesFor(game, room) {
  const list = [];
  for (let seat = 0; seat < Math.max(game.seats, 2); seat += 1) {
    if (game.solo && seat === 1) list.push(t("akropolis.architect"));
    else list.push(room?.seats?.[seat]?.name || t("akropolis.seat", { n: seat + 1 }));
  }
  return list;
}

export function myMoves() {
  return S.ctx.canMove ? S.ctx.legalMoves || [] : [];
}

export function tileMoves(index = S.selected) {
  return myMoves().filter((move) => move.tile === index);
}
