// Why a move the player tried is not offered, in words ("the Harbour needs 5 cards on its
// cheapest hex: you hold 3, 2 more needed"). The server stays the judge: the board still
// sends only legal moves; these words only explain, from what the seat's view shows (the
// map, the catalogue's costs, the hand), the cost rule of docs/games/attika.md.
import { t } from "../../i18n.js";
import { NEIGHBOURS, SYMBOLS } from "./hex.js";
import { buildingName } from "./log.js";
import { cannotReason } from "./mine.js";

const key = (q, r) => `${q},${r}`;

/** What the seat owes for building `id` on (q, r): {free, due, dueAny} (empty land only). */
export function costAt(game, me, id, q, r) {
  const info = game.catalog.buildings.find((b) => b.id === id);
  const land = new Map(game.land.map((c) => [key(c.q, c.r), c]));
  const taken = new Map(game.buildings.map((b) => [key(b.q, b.r), b]));
  const around = NEIGHBOURS.map(([dq, dr]) => [q + dq, r + dr]);
  const mine = around.map(([a, b]) => taken.get(key(a, b))).filter((b) => b && b.seat === me);
  const base = (id) => id.replace(/_\d+$/, "");
  const free = info.road
    ? mine.some((b) => base(b.building) === "road")
    : Boolean(info.predecessor) && mine.some((b) => base(b.building) === base(info.predecessor));
  if (free) return { free: true, due: {}, dueAny: 0 };
  const visible = {};
  for (const [a, b] of [[q, r], ...around]) {
    const cell = land.get(key(a, b));
    const open = (a === q && b === r) || !taken.has(key(a, b));
    if (cell?.symbol && open) visible[cell.symbol] = (visible[cell.symbol] ?? 0) + 1;
  }
  const surcharge = mine.length ? 0 : game.players[me].colonies;
  if (info.road) {
    const shown = Object.values(visible).reduce((x, y) => x + y, 0);
    return { free: false, due: {}, dueAny: Math.max(0, info.cost_any - shown) + surcharge };
  }
  const due = {};
  for (const s of SYMBOLS) due[s] = Math.max(0, (info.cost[s] ?? 0) - (visible[s] ?? 0));
  return { free: false, due, dueAny: (info.cost_any ?? 0) + surcharge };
}

/** Fewest cards paying a cost from `hand`: a missing symbol costs a pair of any cards. */
export function cardsNeeded({ free, due, dueAny }, hand) {
  if (free) return 0;
  let need = dueAny;
  for (const s of SYMBOLS) need += (due[s] ?? 0) + Math.max(0, (due[s] ?? 0) - (hand?.[s] ?? 0));
  return need;
}

function held(game) {
  return SYMBOLS.reduce((n, s) => n + (game.hand?.[s] ?? 0), 0);
}

/** A reason of the turn, not of the building (not your turn, a drawn building to resolve…). */
function turnReason(game, me, names) {
  if (game.phase === "over") return t("attika.refuse.over");
  if (game.turn !== me) return t("attika.wait_turn", { name: names[game.turn] ?? "" });
  if (game.piece || game.pending) return cannotReason(game);
  if (game.phase === "actions" && game.option === "draw") return cannotReason(game);
  if (game.phase === "actions" && game.option === "build" && game.actions_left === 0) return t("attika.refuse.builds_used");
  return "";
}

/** Why building `id` is not offered anywhere now. */
export function whyNotBuilding(game, me, id, names) {
  const turn = turnReason(game, me, names);
  if (turn) return turn;
  const taken = new Set(game.buildings.map((b) => key(b.q, b.r)));
  let need = Infinity;
  for (const cell of game.land) {
    if (!taken.has(key(cell.q, cell.r))) need = Math.min(need, cardsNeeded(costAt(game, me, id, cell.q, cell.r), game.hand));
  }
  const have = held(game);
  const building = buildingName(id);
  if (need === Infinity) return t("attika.refuse.no_land", { building });
  if (need > have) return t("attika.refuse.cards", { building, need, have, short: need - have });
  return t("attika.refuse.not_now", { building });
}

/** Why the chosen building cannot go on hex (q, r). */
export function whyNotHere(game, me, id, q, r, names) {
  const turn = turnReason(game, me, names);
  if (turn) return turn;
  const building = buildingName(id);
  if (game.shrines.some((s) => s.q === q && s.r === r)) return t("attika.refuse.shrine");
  if (!game.land.some((c) => c.q === q && c.r === r)) return t("attika.refuse.sea");
  if (game.buildings.some((b) => b.q === q && b.r === r)) return t("attika.refuse.taken");
  const need = cardsNeeded(costAt(game, me, id, q, r), game.hand);
  const have = held(game);
  if (need > have) return t("attika.refuse.cards_here", { building, need, have, short: need - have });
  return t("attika.refuse.not_now", { building });
}

/** Why drawing from stack `index` is not offered. */
export function whyNotDraw(game, me, index, names) {
  if (game.phase === "over") return t("attika.refuse.over");
  if (game.turn !== me) return t("attika.wait_turn", { name: names[game.turn] ?? "" });
  if (game.piece || game.pending) return cannotReason(game);
  if (!game.players[me].stacks[index]) return t("attika.refuse.stack_empty", { n: index });
  if (game.phase === "actions" && game.option === "build") return t("attika.refuse.built");
  if (game.phase === "actions" && game.option === "draw") return t("attika.refuse.draws_used");
  return t("attika.refuse.not_now_draw");
}
