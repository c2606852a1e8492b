"""The ``quiet`` and ``rollout_move`` hooks: a search simulation finishes its turn."""

from __future__ import annotations

from app.bots.hooks import GameAdapter
from app.bots.search import rollout
from app.games import attika
from app.games.rng import Rng
from tests.games.attika.helpers import new_state


def test_quiet_between_turns_only() -> None:
    state = new_state(2, 0)
    assert attika.quiet(state)
    (seat,) = attika.to_act(state)
    draw = next(m for m in attika.legal_moves(state, seat) if m["type"] == "draw")
    assert not attika.quiet(attika.apply(state, seat, draw))


def test_a_simulation_plays_the_rest_of_the_turn_with_legal_moves() -> None:
    adapter = GameAdapter(attika)
    rng = Rng.from_seed(3)
    for seed in range(6):
        state = new_state(2, seed)
        (seat,) = attika.to_act(state)
        draw = next(m for m in attika.legal_moves(state, seat) if m["type"] == "draw")
        after = adapter.apply(state, seat, draw)
        done = rollout(adapter, after, seat, 0, rng)  # apply() refuses an illegal move
        assert attika.quiet(done)
        assert done["turn"]["seat"] != seat or attika.result(done) is not None
        assert attika.rollout_move(state, seat, rng) in attika.legal_moves(state, seat)
