"""The conformance suite every registered game must pass (OpenSpiel's random_sim_test).

``play_random_game`` plays one game with uniformly random legal moves and checks, at
every step: ``to_act`` and ``result`` agree, a seat to act has a legal move, every
legal move is accepted, ``apply`` never mutates its input, a seat not to act is refused
with ``NotYourTurn``, every view (each seat and a spectator) is JSON-serialisable and
contains no hidden fragment it may not see (the game's ``secrets`` hook), nor do the
legal moves of each seat to act (sent to that seat with its view, and on request). At the end:
the state survives a JSON round trip, and replaying the move log from ``setup``
reproduces it exactly.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

import orjson

from app.games.interface import Game, MalformedMove, Move, NotYourTurn, RulesError, State
from app.games.registry import hook_of, secrets


@dataclass
class GameRun:
    state: State
    log: list[tuple[int, Move]] = field(default_factory=list)
    turns_by_seat: dict[int, int] = field(default_factory=dict)


def contains(document: Any, fragment: Any) -> bool:
    """True if ``fragment`` equals ``document`` or any value nested inside it."""
    if document == fragment and type(document) is type(fragment):
        return True
    if isinstance(document, dict):
        return any(contains(value, fragment) for value in document.values())
    if isinstance(document, list):
        return any(contains(value, fragment) for value in document)
    return False


def check_views(game: Game, state: State) -> None:
    """Every audience's view, and each acting seat's legal moves (the server sends them
    to that seat with its view), are JSON and hold no fragment hidden from it."""
    seats = range(_seat_count(game, state))
    audiences: list[int | None] = [*seats, None]
    hidden = secrets(game, state)
    acting = game.to_act(state)
    for audience in audiences:
        sent: dict[str, Any] = {"view": game.view(state, audience)}
        if audience in acting:
            sent["legal moves"] = list(game.legal_moves(state, audience))
            compact = hook_of(game, "legal_moves_compact")
            if compact is not None:
                sent["compact legal moves"] = compact(state, audience)
        for what, document in sent.items():
            assert orjson.loads(orjson.dumps(document)) == document, f"{what}: not plain JSON"
            for allowed, fragment in hidden:
                if audience in allowed:
                    continue
                assert not contains(document, fragment), (
                    f"{what} of {audience!r}: {fragment!r} leaked (visible to {sorted(allowed)})"
                )


def _seat_count(game: Game, state: State) -> int:
    seats = state.get("seats")
    if isinstance(seats, int):
        return seats
    if isinstance(seats, list):
        return len(seats)
    raise AssertionError("a game state must record its seat count under 'seats'")


def play_random_game(
    game: Game,
    seats: int,
    options: dict[str, Any],
    seed: int,
    *,
    deep: bool = True,
    max_steps: int = 20_000,
) -> GameRun:
    """Play one seeded random game, checking the interface contract at every step.

    ``deep`` adds the costly checks (input not mutated, every view leak-free, a wrong
    seat refused); the cheap ones always run.
    """
    chooser = random.Random(seed)
    state = game.setup(seats, options, seed)
    run = GameRun(state=state)
    for _ in range(max_steps):
        actors = game.to_act(state)
        outcome = game.result(state)
        if not actors:
            assert outcome is not None, "nobody to act but no result"
            break
        assert outcome is None, "a result while seats still have to act"
        assert actors <= set(range(seats)), f"to_act {actors} outside the seats"
        seat = chooser.choice(sorted(actors))
        moves = list(game.legal_moves(state, seat))
        assert moves, f"seat {seat} must act but has no legal move"
        move = chooser.choice(moves)
        if deep:
            check_views(game, state)
            idle = sorted(set(range(seats)) - actors)
            if idle:
                _assert_refused(game, state, idle[0], move)
            assert_strict(game, state, seat, move)
            before = orjson.dumps(state, option=orjson.OPT_SORT_KEYS)
        state = game.apply(state, seat, copy.deepcopy(move))
        if deep:
            after = orjson.dumps(run.state, option=orjson.OPT_SORT_KEYS)
            assert before == after, "apply mutated its input state"
        run.state = state
        run.log.append((seat, move))
        run.turns_by_seat[seat] = run.turns_by_seat.get(seat, 0) + 1
    else:
        raise AssertionError(f"game did not end within {max_steps} moves")
    if deep:
        check_views(game, state)
    assert orjson.loads(orjson.dumps(state)) == state, "state is not plain JSON"
    assert replay(game, seats, options, seed, run.log) == state, "replay differs"
    return run


def replay(
    game: Game, seats: int, options: dict[str, Any], seed: int, log: list[tuple[int, Move]]
) -> State:
    state = game.setup(seats, options, seed)
    for seat, move in log:
        state = game.apply(state, seat, copy.deepcopy(move))
    return state


def _assert_refused(game: Game, state: State, seat: int, move: Move) -> None:
    try:
        game.apply(state, seat, copy.deepcopy(move))
    except NotYourTurn:
        return
    raise AssertionError(f"seat {seat} is not to act yet its move was accepted")


def mutations(move: Move) -> list[tuple[str, Move, type[RulesError]]]:
    """Hostile variants of a legal move and the refusal each must get.

    An extra key and padding (malformed), every whole number as a float or a boolean
    (malformed: ``1.0 == 1`` and ``True == 1`` in Python), every string padded (refused).
    """
    out: list[tuple[str, Move, type[RulesError]]] = [
        ("extra key", {**move, "pad": "x" * 40}, MalformedMove),
        ("padding", {**move, "zz": ["x" * 60] * 200}, MalformedMove),
    ]
    for key, value in move.items():
        if isinstance(value, int) and not isinstance(value, bool):
            out.append((f"{key} as float", {**move, key: float(value)}, MalformedMove))
            if value in (0, 1):
                out.append((f"{key} as bool", {**move, key: bool(value)}, MalformedMove))
        elif isinstance(value, str):
            out.append((f"{key} padded", {**move, key: value + " " * 70}, RulesError))
        elif isinstance(value, dict):
            for inner, item in value.items():
                if isinstance(item, int) and not isinstance(item, bool):
                    floated = {**move, key: {**value, inner: float(item)}}
                    out.append((f"{key}.{inner} as float", floated, MalformedMove))
    return out


def assert_strict(game: Game, state: State, seat: int, move: Move) -> None:
    """Every hostile variant of the legal ``move`` is refused (``apply`` raises)."""
    for label, variant, refusal in mutations(move):
        try:
            game.apply(state, seat, variant)
        except refusal:
            continue
        except RulesError as error:
            raise AssertionError(f"{label}: {variant!r} refused as {error.code}") from None
        raise AssertionError(f"{label}: {variant!r} was accepted")
