// Why not, in words: when the player touches something the legal moves do not allow (a plan
// card that cannot be excavated now, a market row, a port the boat cannot reach), the board
// says what stands in the way, read from the seat's view ("you need 2 more drachmas"). The
// server stays the judge: these words only explain, and no move is sent.
import { t } from "../../i18n.js";

const THERA_PORTS = new Set(["THERA:T1", "THERA:T2"]);
const TEMPLES = 6;

/** Why the seat cannot act at all now, or null. */
function notNow(game, seat) {
  if (game.finished) return t("akrotiri.why.finished");
  if (seat === null || seat === undefined) return t("akrotiri.why.watching");
  if (game.turn !== seat) return t("akrotiri.why.not_your_turn");
  if (game.phase !== "actions") return t(`akrotiri.why.phase_${game.phase}`);
  return null;
}

/** The island (as the view numbers them) of a piece, a port or a quarter of the map. */
function islandOfPort(game, map, port) {
  const piece = map?.ports?.get(port)?.piece;
  return piece ? game.piece_island[piece] : undefined;
}

function islandOfQuarter(game, map, [qx, qy]) {
  for (const [key, piece] of map?.pieces || []) {
    if (piece.quarters.some((q) => q[0] === qx && q[1] === qy)) return game.piece_island[key];
  }
  return undefined;
}

/** Why plan `card` (from the seat's hand) cannot be excavated now, or null if it can. */
export function planRefusal({ game, seat, card, moves, map }) {
  if (moves.some((m) => m.type === "excavate" && m.card === card.id)) return null;
  const now = notNow(game, seat);
  if (now) return now;
  const me = game.players[seat];
  if (me.temples >= TEMPLES) return t("akrotiri.why.no_temples_left");
  if (!game.actions) return t("akrotiri.why.no_actions");
  const reasons = [];
  const at = game.boats[seat].at;
  const here = islandOfPort(game, map, at);
  const site = !THERA_PORTS.has(at) && game.excavation_site !== null;
  if (THERA_PORTS.has(at)) reasons.push(t("akrotiri.why.at_thera"));
  else if (!site) reasons.push(t("akrotiri.why.island_has_temple"));
  if (!card.proven_at.length) reasons.push(t("akrotiri.why.not_proven"));
  else if (site && !card.proven_at.some((q) => islandOfQuarter(game, map, q) === here)) {
    reasons.push(t("akrotiri.why.proven_elsewhere", { n: card.proven_at.length }));
  }
  if (card.cost > me.drachmas) {
    reasons.push(t("akrotiri.why.more_drachmas", { n: card.cost - me.drachmas, cost: card.cost, have: me.drachmas }));
  }
  return reasons.join(" ") || t("akrotiri.why.plan_other");
}

/** Why the seat cannot sell the cubes in its boat now, or null if it can. */
export function saleRefusal({ game, seat, moves }) {
  if (moves.some((m) => m.type === "sell")) return null;
  const now = notNow(game, seat);
  if (now) return now;
  if (!game.boats[seat].cargo.length) return t("akrotiri.why.boat_empty");
  if (!THERA_PORTS.has(game.boats[seat].at)) return t("akrotiri.why.sell_at_thera");
  return t("akrotiri.why.sell_other");
}

/** Why the seat cannot buy plan cards now, or null if it can. */
export function buyRefusal({ game, seat, moves }) {
  if (moves.some((m) => m.type === "buy_plans")) return null;
  const now = notNow(game, seat);
  if (now) return now;
  if (!game.actions) return t("akrotiri.why.no_actions");
  if (!THERA_PORTS.has(game.boats[seat].at)) return t("akrotiri.why.buy_at_thera");
  const drachmas = game.players[seat].drachmas;
  if (drachmas < 1) return t("akrotiri.why.more_drachmas", { n: 1 - drachmas, cost: 1, have: drachmas });
  // Anything else (a tutorial offers only its lesson's move) gets no made-up reason.
  return Object.values(game.decks).some(Boolean) ? t("akrotiri.why.buy_other") : t("akrotiri.why.decks_empty");
}

/** Why the boat cannot sail to `port` now, or null if it can. */
export function portRefusal({ game, seat, port, moves }) {
  if (moves.some((m) => m.type === "move" && m.to === port)) return null;
  const now = notNow(game, seat);
  if (now) return now;
  if (game.boats[seat].at === port) return t("akrotiri.why.boat_here");
  if (game.boats[1 - seat].at === port) return t("akrotiri.why.port_taken");
  if (!game.actions && !game.pending_free) return t("akrotiri.why.no_actions");
  return t("akrotiri.why.out_of_reach", { n: game.actions });
}
