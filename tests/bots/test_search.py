"""The search's simulations: how far a rollout looks before it trusts the estimate."""

from __future__ import annotations

from app.bots.hooks import GameAdapter
from app.bots.levels import get_level
from app.bots.search import rollout
from app.games.registry import get_game
from app.games.rng import Rng


def _placed(state: dict, seat: int) -> int:
    return len(state["cities"][seat]["placed"])


def test_plies_make_a_solo_rollout_look_two_own_moves_ahead() -> None:
    """In Akropolis solo the Architect's turn is part of ``apply``: horizon 1 alone stops
    after one more own placement, ``plies=2`` after two (the Architect took two tiles)."""
    adapter = GameAdapter(get_game("akropolis"))
    state = adapter.game.setup(1, {"architect_level": "callicrates"}, 5)
    one = rollout(adapter, state, 0, 1, Rng.from_seed(1))
    two = rollout(adapter, state, 0, 1, Rng.from_seed(1), plies=2)
    assert _placed(one, 0) == _placed(state, 0) + 1
    assert _placed(two, 0) == _placed(state, 0) + 2
    assert len(two["architect"]["tiles"]) == len(state["architect"]["tiles"]) + 2


def test_plies_change_nothing_where_others_move_in_between() -> None:
    """Four seats, after the seat's move: three other moves come before its own, so
    ``plies=2`` is already met when ``horizon`` 1 is (the hard level costs the same)."""
    adapter = GameAdapter(get_game("akropolis"))
    start = adapter.game.setup(4, {}, 5)
    state = adapter.apply(start, 0, adapter.rollout_move(start, 0, Rng.from_seed(3)))
    plain = rollout(adapter, state, 0, 1, Rng.from_seed(2))
    deeper = rollout(adapter, state, 0, 1, Rng.from_seed(2), plies=2)
    assert plain == deeper
    assert get_level("hard").plies == 2 and get_level("medium").plies == 0
