"""A hint: the move a bot would play for a seat, and that move in words, from the seat's
information only.

    suggest(game_id, state, seat, level="medium", seed=0, deadline=None, *, iterations=None)
        -> {"move": move, "description": {"en", "fr", "de"} | None}

The move is :func:`app.bots.play.choose_move`'s, which reads ``state`` only through the
game's ``sample`` hook (and the seat's own legal moves). The words are the game's
``describe`` hook on the move played on a *sampled* state too: describing it on the true
state could tell what the move would uncover (a drawn tile, a revealed card) before it is
played. So the answer depends only on what the seat sees, the seed and the budget (the
tests check it on states that differ in hidden parts only). Pure and synchronous: the room
service runs it in the bot worker pool (:mod:`app.rooms.hints`).
"""

from __future__ import annotations

from app.bots.hooks import GameAdapter
from app.bots.play import choose_move
from app.games.hooks import describe, steps
from app.games.interface import JsonDict, Move, RulesError, State
from app.games.registry import get_game
from app.games.rng import Rng


def suggest(
    game_id: str,
    state: State,
    seat: int,
    level: str = "medium",
    seed: int = 0,
    deadline: float | None = None,
    *,
    iterations: int | None = None,
) -> JsonDict:
    """The hinted move for ``seat`` at ``state`` and its description (None without one)."""
    move = choose_move(game_id, state, seat, level, seed, deadline, iterations=iterations)
    return {"move": move, "description": describe_hint(game_id, state, seat, move, seed)}


def describe_hint(game_id: str, state: State, seat: int, move: Move, seed: int) -> JsonDict | None:
    """``move`` in words, told on a world drawn from the seat's information (None when the
    game has no ``describe`` hook or cannot be sampled)."""
    game = get_game(game_id)
    if getattr(game, "describe", None) is None:
        return None
    adapter = GameAdapter(game)
    if not adapter.can_search:  # secrets and no sample hook: nothing safe to describe on
        return None
    try:
        world = adapter.sample(state, seat, Rng.from_seed(seed ^ 0x5EED))
        played = steps(game, world, seat, move)
    except RulesError:  # the move does not fit the drawn world: no words rather than wrong ones
        return None
    return describe(game, world, seat, played[0][1], played[0][2])
