"""A hint (app.bots.hint): a legal move in words, from the seat's information only."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.bots.hint import suggest
from app.games.registry import get_game
from tests.bots.hidden import HIDDEN_TWINS, Twin


@pytest.mark.parametrize("make", HIDDEN_TWINS, ids=lambda make: make.__name__)
def test_a_hint_depends_only_on_what_the_seat_sees(make: Callable[[], Twin]) -> None:
    """Two states that differ only in what the seat cannot see (other hands, secret bets,
    stacks, draws) get the same move and the same words: nothing hidden leaks into them."""
    game_id, seat, first, second = make()
    hint = suggest(game_id, first, seat, "medium", 7, iterations=8)
    assert hint == suggest(game_id, second, seat, "medium", 7, iterations=8)
    assert hint["move"] in list(get_game(game_id).legal_moves(first, seat))


def test_a_hint_is_told_in_every_language_where_the_game_describes_moves() -> None:
    game = get_game("akropolis")
    state = game.setup(2, {}, 3)
    seat = min(game.to_act(state))
    hint = suggest("akropolis", state, seat, "medium", 1, iterations=8)
    assert hint["move"] in list(game.legal_moves(state, seat))
    assert set(hint["description"]) == {"en", "fr", "de"}
    # Race has no ``describe`` hook: the move comes alone.
    race = get_game("race").setup(2, {}, 1)
    assert suggest("race", race, 0, "medium", 1, iterations=4)["description"] is None


def test_the_same_seed_gives_the_same_hint() -> None:
    game = get_game("akropolis")
    state = game.setup(3, {}, 5)
    seat = min(game.to_act(state))
    first = suggest("akropolis", state, seat, "medium", 11, iterations=8)
    assert suggest("akropolis", state, seat, "medium", 11, iterations=8) == first
