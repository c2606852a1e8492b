"""Game review at one position: the move the search prefers and what the played move cost.

The same two stages as a bot's turn (:mod:`.search`), from the same seat's information
only (every state the search reads is drawn by the game's ``sample`` hook), with the move
actually played forced among the simulated candidates, so both are estimated on the same
samples. ``loss`` is the difference of their mean margins (the seat's score over the best
other seat's, in the game's points; 0 when the search agrees with the move played).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.bots.hooks import GameAdapter
from app.bots.levels import get_level
from app.bots.search import Budget, Candidate, order_moves, simulate
from app.games.interface import JsonDict, Move, State
from app.games.registry import get_game
from app.games.rng import Rng


def matching(moves: Sequence[Move], played: Move) -> Move | None:
    """The legal move ``played`` stands for (it may omit claims, e.g. Akropolis's level)."""
    for move in moves:
        if all(move.get(key) == value for key, value in played.items()):
            return move
    return None


def review_position(
    game_id: str,
    state: State,
    seat: int,
    played: Move,
    level: str = "hard",
    seed: int = 0,
    deadline: float | None = None,
    *,
    iterations: int | None = None,
) -> JsonDict:
    """``{"best": move, "loss": points, "reviewed": bool}`` for ``played`` at ``state``."""
    adapter = GameAdapter(get_game(game_id))
    moves = list(adapter.legal_moves(state, seat))
    mine = matching(moves, played)
    if mine is None or len(moves) < 2 or not adapter.can_search or not adapter.has_evaluate:
        return {"best": mine or played, "loss": 0.0, "reviewed": False}
    spec = get_level(level, game_id)
    rng = Rng.from_seed(seed)
    budget = Budget(spec.iterations if iterations is None else iterations, spec.seconds, deadline)
    ordered = order_moves(adapter, state, seat, moves, rng, budget)
    top = ordered[: spec.width]
    if not any(c.move is mine for c in top):
        prior = next((c.prior for c in ordered if c.move is mine), None)
        floor = min((c.prior for c in top), default=0.0)
        top.append(Candidate(mine, floor if prior is None else prior))
    best = simulate(adapter, state, seat, top, spec, rng, budget)
    own = next(c for c in top if c.move is mine)
    loss = 0.0 if best is own else max(0.0, best.mean - own.mean)
    return {"best": best.move, "loss": round(loss, 2), "reviewed": True}
