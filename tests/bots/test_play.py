"""The bots' entry point: complete games for every game and seat count, levels, and the
no-peeking rule (a bot reads hidden information only through ``sample``)."""

from __future__ import annotations

import random

import pytest

from app.bots import BOTS, RandomBot
from app.bots.levels import LEVEL_NAMES, get_level
from app.bots.play import BASELINES, choose_move
from app.games.registry import get_game, iter_games
from app.games.rng import Rng
from tests.bots.hidden import HIDDEN_TWINS

# tiny budgets: the CI checks that the bots play legal moves to the end, not their strength
ITERATIONS = {"easy": 0, "medium": 2, "hard": 3, "random": 0, "greedy": 0}


def play_out(game_id: str, seats: int, levels: list[str], seed: int = 0) -> dict:
    game = get_game(game_id)
    state = game.setup(seats, {}, seed)
    ply = 0
    while game.result(state) is None:
        seat = min(game.to_act(state))
        level = levels[seat % len(levels)]
        move = choose_move(
            game_id, state, seat, level, seed * 10_000 + ply, iterations=ITERATIONS[level]
        )
        assert move in list(game.legal_moves(state, seat))
        state = game.apply(state, seat, move)
        ply += 1
    return state


SEAT_COUNTS = [
    (game.INFO.id, seats)
    for game in iter_games(include_test_games=True)
    for seats in range(game.INFO.min_seats, game.INFO.max_seats + 1)
]


@pytest.mark.parametrize(("game_id", "seats"), SEAT_COUNTS)
def test_bots_finish_every_game_and_seat_count(game_id: str, seats: int) -> None:
    """The hard bot (at a tiny budget) in seat 0, random ones elsewhere."""
    state = play_out(game_id, seats, ["hard"] + ["random"] * (seats - 1), seed=seats)
    assert get_game(game_id).result(state) is not None


@pytest.mark.parametrize("level", ["easy", "medium", "greedy"])
@pytest.mark.parametrize(("game_id", "seats"), [("race", 3), ("akropolis", 1), ("agorapolis", 2)])
def test_every_level_finishes_a_game(game_id: str, seats: int, level: str) -> None:
    state = play_out(game_id, seats, [level, "random"], seed=seats + 20)
    assert get_game(game_id).result(state) is not None


def test_levels_are_named_and_budgeted() -> None:
    assert LEVEL_NAMES == ("easy", "medium", "hard")
    assert get_level("hard").seconds <= 2.0
    assert get_level("easy").seconds <= 0.2
    assert set(BASELINES) == {"random", "greedy"}
    with pytest.raises(ValueError):
        get_level("godlike")
    with pytest.raises(ValueError):
        get_level("godlike", "agorapolis")


def test_a_game_may_tune_a_level_within_its_budget() -> None:
    """Agorapolis's hard level simulates less (many small decisions a game) but keeps
    the shared time budget; games that tune nothing get the shared settings."""
    assert get_level("hard", "akropolis") is get_level("hard")
    assert get_level("medium", "akrotiri") is get_level("medium")
    tuned = get_level("hard", "agorapolis")
    assert tuned.name == "hard" and tuned.seconds == get_level("hard").seconds
    assert tuned.iterations > get_level("medium").iterations


def test_same_seed_same_move_and_seeds_matter() -> None:
    game = get_game("akropolis")
    state = game.setup(1, {"architect_level": "callicrates"}, 3)
    first = choose_move("akropolis", state, 0, "hard", 7, iterations=6)
    assert choose_move("akropolis", state, 0, "hard", 7, iterations=6) == first
    moves = {str(choose_move("akropolis", state, 0, "random", s)) for s in range(5)}
    assert len(moves) > 1


def test_no_move_for_a_seat_that_is_not_to_act() -> None:
    state = get_game("race").setup(2, {}, 1)
    with pytest.raises(ValueError):
        choose_move("race", state, 1, "easy", 0, iterations=0)


def test_random_bot_is_kept_for_the_room_service() -> None:
    assert isinstance(BOTS["random"], RandomBot)
    moves = [{"add": 1}, {"add": 2}]
    assert BOTS["random"].choose({}, moves, random.Random(0)) in moves


@pytest.mark.parametrize("twin", HIDDEN_TWINS, ids=lambda twin: twin.__name__)
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "greedy"])
def test_no_peeking(twin, level: str) -> None:  # type: ignore[no-untyped-def]
    """Two states that differ only in what the seat cannot see: the same move."""
    game_id, seat, first, second = twin()
    assert first != second
    game = get_game(game_id)
    assert game.view(first, seat) == game.view(second, seat)
    for seed in range(2):
        a = choose_move(game_id, first, seat, level, seed, iterations=ITERATIONS[level] + 4)
        b = choose_move(game_id, second, seat, level, seed, iterations=ITERATIONS[level] + 4)
        assert a == b


@pytest.mark.parametrize("twin", HIDDEN_TWINS, ids=lambda twin: twin.__name__)
def test_sample_depends_only_on_the_seat_information(twin) -> None:  # type: ignore[no-untyped-def]
    game_id, seat, first, second = twin()
    game = get_game(game_id)
    for seed in range(4):
        a = game.sample(first, seat, Rng.from_seed(seed))  # type: ignore[attr-defined]
        b = game.sample(second, seat, Rng.from_seed(seed))  # type: ignore[attr-defined]
        assert a == b
        assert game.view(a, seat) == game.view(first, seat)
        assert a["rng"] != first["rng"]
