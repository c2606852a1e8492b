"""Internal Strife (§13, §18.43, §18.54): targets, payments, allocation, resistance."""

from __future__ import annotations

import pytest

from app.games import agorapolis
from app.games.interface import IllegalMove
from tests.games.agorapolis.helpers import act, game, play_cards


def strife_game(cities: list[str] | None = None) -> dict:
    return game(
        4,
        cities=cities or ["olympia", "athens", "corinth", "syracuse"],
        held={0: ["internal_strife"]},
        reserves={
            1: {"military": 5, "commerce": 4},
            2: {"military": 2, "society": 3},
            3: {"military": 0, "religion": 2},
        },
    )


def test_internal_strife_attacks_right_hand_neighbour_skipping_the_owner() -> None:
    state = play_cards(strife_game(), {0: [{"card": "internal_strife"}]})
    pairs = {p["attacker"]: (p["target"], p["m"], p["allocate"]) for p in state["strife"]["pairs"]}
    # seat 1's right-hand neighbour is the owner 0 → seat 3; seat 2 → 1; seat 3 → 2
    assert pairs[1][0] == 3 and pairs[2][0] == 1 and pairs[3][0] == 2
    assert pairs[1][1] == 3  # min(3, 5 military, target's spendable)
    assert pairs[2][1] == 2  # only 2 military
    assert pairs[3][1] == 0  # no military
    assert state["players"][1]["reserves"]["military"] == 2  # paid at once
    assert state["phase"] == "HARVEST_STRIFE" and agorapolis.to_act(state) == {1, 2}
    # seat 3 had 5 agriculture + 1 society + 1 commerce + 2 religion spendable... allocate 3
    with pytest.raises(IllegalMove):
        act(state, 1, {"type": "strife_allocate", "destroy": {"religion": 2}})
    state = act(state, 1, {"type": "strife_allocate", "destroy": {"religion": 2, "agriculture": 1}})
    assert state["players"][3]["reserves"]["religion"] == 2  # hidden until all commit
    state = act(state, 2, {"type": "strife_allocate", "destroy": {"military": 2}})
    # targets: seat 3 has 0 military (cannot resist); seat 1 may protect (military 2)
    assert state["phase"] == "HARVEST_STRIFE_RESIST" and agorapolis.to_act(state) == {1}
    with pytest.raises(IllegalMove):
        act(state, 1, {"type": "strife_resist", "protect": {"commerce": 1}})
    state = act(state, 1, {"type": "strife_resist", "protect": {"military": 1}})
    # seat 1 pays 1 military, then 1 of the 2 allocated military points is destroyed
    assert state["players"][1]["reserves"]["military"] == 0
    assert state["players"][3]["reserves"]["religion"] == 0
    assert state["players"][3]["reserves"]["agriculture"] == 9
    assert state["phase"] == "INVEST_BET"


def test_internal_strife_two_players_does_nothing_and_sparta_cannot_be_resisted() -> None:
    state = game(2, held={0: ["internal_strife"]}, reserves={1: {"military": 3}})
    state = play_cards(state, {0: [{"card": "internal_strife"}]})
    assert state["strife"]["pairs"] == [] and state["phase"] == "INVEST_BET"
    state = strife_game(["olympia", "athens", "sparta", "syracuse"])
    state = play_cards(state, {0: [{"card": "internal_strife"}]})
    state = act(state, 1, {"type": "strife_allocate", "destroy": {"religion": 2, "agriculture": 1}})
    state = act(state, 2, {"type": "strife_allocate", "destroy": {"commerce": 2}})
    # seat 1 (attacked by Sparta) is not asked; seat 3 has no military
    assert state["phase"] == "INVEST_BET"
    assert state["players"][1]["reserves"]["commerce"] == 2


def test_internal_strife_league_immune_target_and_refusing_attacker() -> None:
    state = game(
        3,
        held={0: ["internal_strife"], 1: ["league_founding"]},
        reserves={1: {"military": 3}, 2: {"military": 3}},
    )
    state = play_cards(state, {0: [{"card": "internal_strife"}], 1: [{"card": "league_founding"}]})
    state = act(state, 1, {"type": "league_immunity", "immune_to": ["internal_strife"]})
    pairs = {p["attacker"]: (p["target"], p["m"]) for p in state["strife"]["pairs"]}
    assert pairs == {1: (2, 0), 2: (1, 0)}  # League refuses as attacker; immune as target
    assert state["phase"] == "INVEST_BET"
