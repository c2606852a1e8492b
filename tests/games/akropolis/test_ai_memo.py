"""The Architect's remembered estimates give what a fresh computation gives."""

from __future__ import annotations

from app.games.akropolis import ai_eval
from app.games.akropolis.ai import rollout_move, sample
from app.games.akropolis.ai_eval import architect_estimate, remaining_turns
from app.games.akropolis.ai_weights import SOLO_WEIGHTS
from app.games.akropolis.rules import apply
from app.games.akropolis.setup import setup
from app.games.rng import Rng


def test_remembered_architect_estimates_match_fresh_ones() -> None:
    """Along a solo game (refills included: they slice the stacks), on the sampled states
    the search scores, the remembered value is the one computed afresh."""
    rng = Rng.from_seed(3)
    state = setup(1, {"architect_level": "callicrates"}, 11)
    checked = 0
    while not state["finished"]:
        drawn = sample(state, 0, rng)
        for move_seed in range(6):
            after = apply(drawn, 0, rollout_move(drawn, 0, Rng.from_seed(move_seed)))
            turns = remaining_turns(after)[1]
            remembered = architect_estimate(after, turns, SOLO_WEIGHTS)
            again = architect_estimate(after, turns, SOLO_WEIGHTS)
            fresh = ai_eval._architect_estimate(after, turns, SOLO_WEIGHTS)
            assert remembered == again == fresh
            checked += 1
        state = apply(state, 0, rollout_move(state, 0, rng))
    assert checked >= 100
