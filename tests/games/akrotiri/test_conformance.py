"""The conformance suite on Akrotiri (both rule sets), and the seeded fuzz.

``play_random_game`` (random full games, replay equality, no leaks, no mutation, wrong
seat refused) runs on a wrapper whose ``apply`` also checks the invariants of
:mod:`tests.games.akrotiri.fuzz` after every move.

Fuzzing: ``AKROTIRI_FUZZ_GAMES`` (default 40) seeded games with every invariant after every
move, cycling through the Strategist variant and both objective editions, two games in
three played by a keen player (so games also end by the sixth temple);
``AKROTIRI_DEEP_FUZZ_GAMES`` (default 4) more games that also check every view for leaks
at every step. ``python -m tests.games.akrotiri.fuzz 5000`` runs a long fuzz outside the
suite.
"""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

import pytest

from app.games import akrotiri
from app.games.registry import get_game
from tests.games.akrotiri.fuzz import (
    check_new_temple,
    check_result,
    check_state,
    fuzz_game,
    option_mix,
)
from tests.games.conformance import play_random_game

FUZZ_GAMES = int(os.environ.get("AKROTIRI_FUZZ_GAMES", "40"))
DEEP_FUZZ_GAMES = int(os.environ.get("AKROTIRI_DEEP_FUZZ_GAMES", "4"))


def _checked() -> SimpleNamespace:
    def apply(state: dict, seat: int, move: dict) -> dict:
        new = akrotiri.apply(state, seat, move)
        check_state(new)
        check_new_temple(state, new)
        return new

    return SimpleNamespace(
        INFO=akrotiri.INFO,
        setup=akrotiri.setup,
        to_act=akrotiri.to_act,
        legal_moves=akrotiri.legal_moves,
        apply=apply,
        view=akrotiri.view,
        result=akrotiri.result,
        secrets=akrotiri.secrets,
    )


def test_registered() -> None:
    assert get_game("akrotiri") is akrotiri


@pytest.mark.parametrize(
    "options", [{}, {"strategist": True, "objectives": "en"}], ids=["default", "strategist"]
)
def test_conformance_suite(options: dict[str, Any]) -> None:
    run = play_random_game(_checked(), 2, options, 2024 + len(options), deep=True)
    check_result(run.state)
    assert run.turns_by_seat[0] > 20


@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_random_games(chunk: int) -> None:
    for index in range(chunk, FUZZ_GAMES, 4):
        fuzz_game(70_000 + index, option_mix(index), keen=index % 3 != 2, deep=False)


@pytest.mark.parametrize("chunk", range(2))
def test_deep_fuzz_random_games(chunk: int) -> None:
    for index in range(chunk, DEEP_FUZZ_GAMES, 2):
        fuzz_game(90_000 + index, option_mix(index), keen=index % 2 == 0, deep=True)


def test_both_endings_are_fuzzed() -> None:
    ends = {
        fuzz_game(80_000 + i, option_mix(i), keen=i < 2, deep=False)["end_reason"] for i in range(3)
    }
    assert ends == {"temples", "stall"}


def test_the_random_bot_plays_a_whole_game_from_views() -> None:
    import random

    from app.bots import RandomBot

    bot, rng = RandomBot(), random.Random(5)
    state = akrotiri.setup(2, {"strategist": True}, 5)
    while akrotiri.result(state) is None:
        (seat,) = akrotiri.to_act(state)
        view = akrotiri.view(state, seat)
        state = akrotiri.apply(
            state, seat, bot.choose(view, akrotiri.legal_moves(state, seat), rng)
        )
    result = akrotiri.result(state)
    assert result is not None and result["end"] in ("temples", "stall")
