"""Timeout defaults (§16) and the resist deadline hook."""

from __future__ import annotations

import random

import pytest

from app.games import agorapolis
from app.games.agorapolis.exploit import start_exploit
from app.games.interface import NotYourTurn
from tests.games.agorapolis.helpers import act, game, play_cards


def test_timeout_moves_are_accepted_in_every_state_reached_by_random_play() -> None:
    phases: set[str] = set()
    for seed in range(12):
        seats = 2 + seed % 5
        chooser = random.Random(seed)
        state = agorapolis.setup(seats, {}, seed)
        while agorapolis.to_act(state):
            for seat in agorapolis.to_act(state):
                agorapolis.apply(state, seat, agorapolis.timeout_move(state, seat))
            phases.add(state["phase"])
            seat = chooser.choice(sorted(agorapolis.to_act(state)))
            state = agorapolis.apply(
                state, seat, chooser.choice(agorapolis.legal_moves(state, seat))
            )
    assert {
        "INVEST_BET",
        "ACTION_TURN",
        "ACTION_DESIGNATE",
        "EXPLOIT_BID",
        "HARVEST_PLAY",
    } <= phases


def test_timeouts_only_game_ends() -> None:
    state = agorapolis.setup(4, {}, 3)
    steps = 0
    while agorapolis.to_act(state):
        seat = min(agorapolis.to_act(state))
        state = agorapolis.apply(state, seat, agorapolis.timeout_move(state, seat))
        steps += 1
    assert agorapolis.result(state) is not None and steps < 20_000
    assert state["endgame"]["reason"] == "round_limit"  # zero bets never score (§18.53)


def test_specific_defaults() -> None:
    state = game(3, held={0: ["heroic_year"]})
    assert agorapolis.timeout_move(state, 0) == {"type": "play_exploits", "cards": []}
    with pytest.raises(NotYourTurn):
        agorapolis.timeout_move(state, 1)
    state = play_cards(state, {0: [{"card": "heroic_year"}]})
    move = agorapolis.timeout_move(state, 0)
    assert [a["player"] for a in move["assign"]] == [0, 1, 2]
    assert [a["card"] for a in move["assign"]] == state["heroic"]["cards"]
    state = act(state, 0, move)
    assert agorapolis.timeout_move(state, 1) == {"type": "bet", "sector": "agriculture", "dice": 0}
    state = game(3, held={0: ["persian_resistance"]})
    state = play_cards(state, {0: [{"card": "persian_resistance"}]})
    for _ in range(4):
        for seat in (0, 1, 2):
            state = act(state, seat, agorapolis.timeout_move(state, seat))
    assert agorapolis.timeout_move(state, 1) == {"type": "bet", "sector": "military", "dice": 5}
    assert agorapolis.timeout_move(state, 0)["dice"] == 0
    state = start_exploit_state()
    assert agorapolis.timeout_move(state, 2) == {"type": "exploit_bid", "pay": {}}


def start_exploit_state() -> dict:
    state = game(3)
    start_exploit(state)
    return state


def test_designate_default_is_next_unfinalised_clockwise_from_last_active() -> None:
    state = game(4, holder=2, reserves={s: {"society": 2} for s in range(4)})
    for _ in range(5):
        for seat in range(4):
            state = act(state, seat, {"type": "bet", "sector": state["sector"], "dice": 1})
    assert agorapolis.to_act(state) == {2}
    state = act(state, 2, {"type": "finalise"})
    assert agorapolis.timeout_move(state, 2) == {"type": "designate_next", "player": 3}
    state = act(state, 2, {"type": "designate_next", "player": 0})
    state = act(state, 0, {"type": "finalise"})
    assert agorapolis.timeout_move(state, 2) == {"type": "designate_next", "player": 1}


def test_tie_defaults_start_from_the_holder() -> None:
    state = start_exploit_state()
    state["holder"] = 1
    for seat in range(3):
        state = act(state, seat, {"type": "exploit_bid", "pay": {}})
    assert agorapolis.timeout_move(state, 1) == {"type": "designate_exploit_winner", "player": 1}
    move = agorapolis.timeout_move(
        act(state, 1, {"type": "designate_exploit_winner", "player": 0}), 0
    )
    assert move["type"] == "exploit_pick"


def test_deadline_only_for_resistance() -> None:
    assert agorapolis.deadline(game(3)) is None
