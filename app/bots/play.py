"""The bots' entry point: one pure, synchronous call that picks a seat's move.

    choose_move(game_id, state, seat, level, seed, deadline=None, *, iterations=None)

``level`` is ``easy``, ``medium`` or ``hard`` (:mod:`app.bots.levels`), or one of the
baselines ``random`` and ``greedy`` (used by the bench, not offered to hosts). The bot
reads ``state`` only through the game's ``sample`` hook, ``legal_moves`` for its own seat
(as the game's ``bot_moves`` hook filters them) and ``to_act``; the same ``seed`` and
the same information give the same move.

Stopping: the level's CPU-time budget and its iteration cap, and ``deadline`` (a
``time.monotonic()`` instant) if given. With ``iterations`` the call is deterministic:
that many simulations, no clock at all (tests and the bench).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.bots.hooks import GameAdapter
from app.bots.levels import get_level
from app.bots.search import Budget, search
from app.games.interface import Move, RulesError, State
from app.games.registry import get_game
from app.games.rng import Rng

BASELINES: tuple[str, ...] = ("random", "greedy")


def choose_move(
    game_id: str,
    state: State,
    seat: int,
    level: str = "hard",
    seed: int = 0,
    deadline: float | None = None,
    *,
    iterations: int | None = None,
) -> Move:
    """The move the bot of ``level`` plays for ``seat`` (a legal move of ``state``)."""
    adapter = GameAdapter(get_game(game_id))
    moves = list(adapter.bot_moves(state, seat))
    if not moves:
        raise ValueError(f"seat {seat} has no move to play now")
    rng = Rng.from_seed(seed)
    if len(moves) == 1:
        return moves[0]
    if level == "random" or not adapter.can_search:
        return rng.choice(moves)
    if level == "greedy":
        return greedy_move(adapter, state, seat, moves, rng)
    spec = get_level(level, game_id)
    if iterations is not None:
        budget = Budget(iterations)
    else:
        budget = Budget(spec.iterations, spec.seconds, deadline)
    return search(adapter, state, seat, moves, spec, rng, budget)


def greedy_move(
    adapter: GameAdapter, state: State, seat: int, moves: Sequence[Move], rng: Rng
) -> Move:
    """The one-move greedy baseline: the move that most raises the seat's own score
    (the game's ``score`` hook, else ``evaluate``) on one sample; ties drawn at random."""
    sampled = adapter.sample(state, seat, rng)
    best: list[Move] = []
    top = 0.0
    for move in moves:
        try:
            values = adapter.score(adapter.apply(sampled, seat, move))
        except RulesError:
            continue
        value = 0.0 if values is None else values[seat]
        if not best or value > top:
            best, top = [move], value
        elif value == top:
            best.append(move)
    return rng.choice(best) if best else rng.choice(list(moves))
