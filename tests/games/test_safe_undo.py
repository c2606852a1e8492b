"""Safe undo in Akrotiri and Attika (the common rule of ``app.games.safe_undo``): over random
games, an undoable move never moved the PRNG, never changed what the mover may not see and
never ended the game; draws are refused and ordinary actions allowed."""

from __future__ import annotations

import random
from collections import Counter
from types import ModuleType

import pytest

from app.games import akrotiri, attika
from app.games.safe_undo import unseen_by

GAMES: list[tuple[ModuleType, int, dict[str, object]]] = [
    (akrotiri, 2, {}),
    (akrotiri, 2, {"strategist": True}),
    (attika, 2, {}),
    (attika, 3, {}),
    (attika, 4, {}),
]


def play(
    game: ModuleType, seats: int, options: dict[str, object], seed: int
) -> tuple[Counter[str], Counter[str]]:
    chooser = random.Random(seed)
    state = game.setup(seats, options, seed)
    allowed: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    for _ in range(3000):
        if game.result(state) is not None:
            break
        (seat,) = game.to_act(state)
        move = chooser.choice(game.legal_moves(state, seat))
        after = game.apply(state, seat, move)
        if game.undoable(state, move, after):
            allowed[move["type"]] += 1
            assert after["rng"] == state["rng"]
            assert unseen_by(game.secrets, after, seat) == unseen_by(game.secrets, state, seat)
            assert game.result(after) is None
            if game is akrotiri:
                assert after["pile"] == state["pile"]  # no tile drawn
        else:
            refused[move["type"]] += 1
        state = after
    return allowed, refused


@pytest.mark.parametrize(
    ("game", "seats", "options"), GAMES, ids=lambda g: getattr(g, "__name__", str(g))
)
def test_random_games_allow_actions_and_refuse_draws(
    game: ModuleType, seats: int, options: dict[str, object]
) -> None:
    allowed: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    for seed in range(3):
        a, r = play(game, seats, options, seed)
        allowed += a
        refused += r
    if game is akrotiri:
        assert allowed["move"] > 0 and allowed["load"] + allowed["sell"] > 0
        assert refused["end_turn"] > 0  # draws the next tile (allowed after the oracle)
        assert allowed["buy_plans"] == 0 and allowed["oracle"] == 0
    else:
        assert allowed["build"] > 0
        assert allowed["draw"] == 0 and refused["draw"] > 0  # a building from a stack


def test_the_move_that_ends_the_game_is_refused() -> None:
    for game, seats, options in GAMES[::2]:
        chooser = random.Random(7)
        state = game.setup(seats, options, 7)
        while True:
            (seat,) = game.to_act(state)
            move = chooser.choice(game.legal_moves(state, seat))
            after = game.apply(state, seat, move)
            if game.result(after) is not None:
                assert not game.undoable(state, move, after)
                break
            state = after
