"""The search's candidates: with a ``move_group`` hook every group is represented."""

from __future__ import annotations

from app.bots.hooks import GameAdapter
from app.bots.search import Budget, Candidate, order_moves, spread
from app.games.registry import get_game
from app.games.rng import Rng


def _solo_state() -> dict:
    """A solo position where the seat can afford every site tile (stones given)."""
    game = get_game("akropolis")
    state = game.setup(1, {"architect_level": "callicrates"}, 5)
    cities = [dict(state["cities"][0], stones=5)]
    return {**state, "cities": cities}


def test_akropolis_groups_by_site_tile() -> None:
    adapter = GameAdapter(get_game("akropolis"))
    assert adapter.group is not None
    assert adapter.group({"tile": 2, "q": 0, "r": 1, "rot": 0}) == 2


def test_games_without_the_hook_keep_the_best_moves() -> None:
    adapter = GameAdapter(get_game("race"))
    assert adapter.group is None
    ordered = [Candidate({"n": i}, -float(i)) for i in range(30)]
    assert spread(adapter, ordered, 16) == ordered[:16]


def test_every_site_tile_gets_candidates() -> None:
    adapter = GameAdapter(get_game("akropolis"))
    state = _solo_state()
    moves = list(adapter.bot_moves(state, 0))
    ordered = order_moves(adapter, state, 0, moves, Rng.from_seed(1), Budget(640))
    picked = spread(adapter, ordered, 16)
    assert len(picked) == 16
    assert {c.move["tile"] for c in picked} == {m["tile"] for m in moves}
    # best first, and the best moves overall kept
    assert picked[0] is ordered[0]
    assert [c.prior for c in picked] == sorted((c.prior for c in picked), reverse=True)
    assert all(c in picked for c in ordered[:4])


def test_narrow_levels_play_as_before() -> None:
    """Medium (width 4) and easy (width 1) keep the plain best moves."""
    adapter = GameAdapter(get_game("akropolis"))
    state = _solo_state()
    moves = list(adapter.bot_moves(state, 0))
    ordered = order_moves(adapter, state, 0, moves, Rng.from_seed(1), Budget(640))
    assert spread(adapter, ordered, 4) == ordered[:4]
    assert spread(adapter, ordered, 1) == ordered[:1]
