"""Fuzzing driver: the conformance suite plus the Attika invariants on every state, the
public cost function cross-checked against the listed moves, and refused moves leaving
the state untouched."""

from __future__ import annotations

import copy
import random
from types import SimpleNamespace
from typing import Any

from app.games import attika
from app.games.attika.costs import build_cost, payment_valid
from app.games.interface import IllegalMove, MalformedMove
from tests.games.attika.invariants import check_invariants
from tests.games.conformance import GameRun, play_random_game

SEATS = (2, 3, 4)


def checked(extra: bool) -> SimpleNamespace:
    """The game with an ``apply`` that checks the invariants on every new state; with
    ``extra``, it also cross-checks costs and refusals before applying."""

    def apply(state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
        if extra:
            cross_check(state, seat)
        new = attika.apply(state, seat, move)
        check_invariants(new)
        return new

    return SimpleNamespace(
        INFO=attika.INFO,
        setup=attika.setup,
        to_act=attika.to_act,
        legal_moves=attika.legal_moves,
        apply=apply,
        view=attika.view,
        result=attika.result,
        secrets=attika.secrets,
        redact_move=attika.redact_move,
    )


def cross_check(state: dict[str, Any], seat: int) -> None:
    """Listed build costs equal ``build_cost`` on the seat's view; each listed payment is
    valid; an off-board or unpayable build is refused without touching the state."""
    moves = attika.legal_moves(state, seat)
    builds = [m for m in moves if m["type"] in ("build", "build_pending")]
    if not builds:
        return
    view = attika.view(state, seat)
    hand = {k: v for k, v in view["hand"].items() if k != "seat"}
    buildings = [
        {"q": b["q"], "r": b["r"], "player": b["seat"], "building": b["building"]}
        for b in view["buildings"]
    ]
    chooser = random.Random(state["moves"])
    for move in chooser.sample(builds, min(4, len(builds))):
        cost = build_cost(view["land"], buildings, seat, move["building"], move)
        assert cost == move["cost"], (cost, move)
        assert payment_valid(cost["due"], cost["due_any"], hand, move["pay"])
    before = copy.deepcopy(state)
    bad = dict(builds[0], q=10_000, r=0)
    try:
        attika.apply(state, seat, bad)
    except (IllegalMove, MalformedMove):
        pass
    else:
        raise AssertionError("a build off the map was accepted")
    assert state == before


def fuzz_game(seed: int, *, deep: bool = False, extra: bool = False) -> GameRun:
    seats = SEATS[seed % len(SEATS)]
    run = play_random_game(checked(extra), seats, {}, seed, deep=deep)
    assert attika.result(run.state) is not None
    return run
