"""The ``sample`` hook: same view for the seat, hidden parts redrawn from ``rng`` only."""

from __future__ import annotations

import copy
import random

import pytest

from app.games import attika
from app.games.rng import Rng
from tests.games.attika.invariants import check_invariants


def _midgame(seats: int, seed: int, steps: int = 120) -> dict:
    chooser = random.Random(seed)
    state = attika.setup(seats, {}, seed)
    for _ in range(steps):
        (seat,) = attika.to_act(state)
        state = attika.apply(state, seat, chooser.choice(attika.legal_moves(state, seat)))
    assert attika.result(state) is None
    return state


def _hidden_variant(state: dict, seat: int) -> dict:
    """The same position with everything ``seat`` cannot see changed: other hands (same
    sizes), deck order and content, discard content, stack orders and contents, piece deck
    order, PRNG."""
    other = copy.deepcopy(state)
    chooser = random.Random(99)
    pool = list(other["deck"])
    for code, n in enumerate(other["discard"]):
        pool += [code] * n
    for s, player in enumerate(other["players"]):
        if s != seat:
            for code, n in enumerate(player["hand"]):
                pool += [code] * n
    chooser.shuffle(pool)
    for s, player in enumerate(other["players"]):
        if s != seat:
            size = sum(player["hand"])
            player["hand"] = [pool[:size].count(code) for code in range(4)]
            del pool[:size]
    size = sum(other["discard"])
    other["discard"] = [pool[:size].count(code) for code in range(4)]
    del pool[:size]
    other["deck"] = pool
    for player in other["players"]:
        chooser.shuffle(player["stacks"][0])
        rest = [b for stack in player["stacks"][1:] for b in stack]
        chooser.shuffle(rest)
        for stack in player["stacks"][1:]:
            n = len(stack)
            stack[:] = rest[:n]
            del rest[:n]
    chooser.shuffle(other["piece_deck"])
    other["rng"] = Rng.from_seed(12345).dump()
    return other


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_sample_keeps_the_view_and_depends_only_on_it(seats: int) -> None:
    state = _midgame(seats, seats)
    seat = attika.to_act(state).pop()
    before = copy.deepcopy(state)
    sampled = attika.sample(state, seat, Rng.from_seed(7))
    assert state == before
    check_invariants(sampled)
    assert attika.view(sampled, seat) == attika.view(state, seat)
    assert sampled["rng"] != state["rng"]
    variant = _hidden_variant(state, seat)
    assert variant != state
    check_invariants(variant)
    assert attika.view(variant, seat) == attika.view(state, seat)
    assert attika.sample(variant, seat, Rng.from_seed(7)) == sampled
    assert attika.sample(state, seat, Rng.from_seed(8)) != sampled


def test_samples_are_playable() -> None:
    state = _midgame(3, 11, steps=60)
    rng = Rng.from_seed(3)
    for index in range(4):
        seat = index % 3
        world = attika.sample(state, seat, rng)
        chooser = random.Random(index)
        while attika.result(world) is None:
            (actor,) = attika.to_act(world)
            world = attika.apply(world, actor, chooser.choice(attika.legal_moves(world, actor)))
            check_invariants(world)


def test_spectator_sample_redraws_every_hand() -> None:
    state = _midgame(2, 5)
    world = attika.sample(state, None, Rng.from_seed(1))
    check_invariants(world)
    assert attika.view(world, None) == attika.view(state, None)


@pytest.mark.parametrize("seats", [2, 3])
def test_a_finished_game_keeps_what_every_view_shows(seats: int) -> None:
    """At the end every hand is shown: a redrawn hand would contradict the views."""
    state = attika.setup(seats, {}, 20 + seats)
    chooser = random.Random(seats)
    while attika.result(state) is None:
        (seat,) = attika.to_act(state)
        state = attika.apply(state, seat, chooser.choice(attika.legal_moves(state, seat)))
    assert any(sum(p["hand"]) for p in state["players"])  # hands a redraw would change
    for sampler in [*range(seats), None]:
        world = attika.sample(state, sampler, Rng.from_seed(7))
        for viewer in [*range(seats), None]:
            assert attika.view(world, viewer) == attika.view(state, viewer)
