"""The ``quiet`` and ``rollout_move`` hooks: a search simulation finishes the turn it is in.

A turn is several moves (2 draws or 3 builds, each drawn building placed or reserved, a
map piece laid, then the amphora phase), and :func:`.evaluate` scores a turn left half
way only roughly (what it has earned so far). With these hooks the hard level's
simulations play the rest of the searching seat's turn before scoring: a state is quiet
at the start of a turn, and the rollout plays the best of :data:`TRIES` random legal
moves by the estimate (issue 40: scoring the candidate alone, the hard level won 19 of 30
games against the medium one, which is the same estimate over fewer moves).
"""

from __future__ import annotations

from app.games.attika.evaluate import evaluate
from app.games.attika.rules import legal_moves
from app.games.attika.turn import apply
from app.games.interface import Move, State
from app.games.margin import margin
from app.games.rng import Rng

#: random legal moves the rollout weighs; the best by the estimate is played
TRIES = 3


def quiet(state: State) -> bool:
    """True between turns: nothing of the turn to act is used, drawn or waiting."""
    turn = state["turn"]
    if turn["phase"] == "over":
        return True
    return (
        turn["phase"] == "actions"
        and not turn["used"]
        and turn["pending"] is None
        and turn["piece"] is None
    )


def rollout_move(state: State, seat: int, rng: Rng) -> Move:
    moves = legal_moves(state, seat)
    if len(moves) <= 1:
        return moves[0]
    best: Move | None = None
    top = 0.0
    for _ in range(TRIES):
        move = moves[rng.randbelow(len(moves))]
        value = margin(evaluate(apply(state, seat, move)), seat)
        if best is None or value > top:
            best, top = move, value
    assert best is not None
    return best
