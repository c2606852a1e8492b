"""§18 decisions not already pinned down by the phase tests (numbers in test names)."""

from __future__ import annotations

import pytest

from app.games import agorapolis
from app.games.agorapolis.cards import CARD_IDS
from app.games.agorapolis.endgame import start_endgame
from app.games.interface import IllegalMove
from tests.games.agorapolis.helpers import act, game, invest, play_cards, set_dice

BETS3 = {0: (2, 2, 2, 2, 2), 1: (2, 2, 2, 2, 2), 2: (2, 2, 2, 2, 2)}
RICH = {"society": 3, "commerce": 3, "religion": 3, "military": 3}


def test_01_deck_has_19_cards() -> None:
    assert len(CARD_IDS) == 19 and len(agorapolis.setup(2, {}, 0)["deck"]) == 19


def test_18_adjusted_flag_follows_the_die_through_the_market() -> None:
    state = invest(game(3, reserves={s: dict(RICH) for s in range(3)}), BETS3)
    set_dice(state, 0, "agriculture", [3, 3])
    state = act(state, 0, {"type": "society_adjust", "die": 0, "delta": 1})
    state = act(state, 0, {"type": "commerce_swap", "die": 0, "market_die": 1})
    assert state["market"][1] == {"value": 4, "adjusted": True}
    state = act(state, 0, {"type": "finalise"})
    state = act(state, 0, {"type": "designate_next", "player": 1})
    state = act(state, 1, {"type": "commerce_swap", "die": 0, "market_die": 1})
    with pytest.raises(IllegalMove, match="die_already_adjusted"):
        act(state, 1, {"type": "society_adjust", "die": 0, "delta": 1})


def test_20_finalised_seats_can_still_be_attacked() -> None:
    state = invest(game(3, reserves={s: dict(RICH) for s in range(3)}), BETS3)
    state = act(state, 0, {"type": "finalise"})
    state = act(state, 0, {"type": "designate_next", "player": 2})
    state = act(state, 2, {"type": "military_attack", "target": 0, "sector": "religion"})
    assert state["phase"] == "ACTION_RESIST" and agorapolis.to_act(state) == {0}


def test_27_olympia_gets_only_one_for_a_majority() -> None:
    state = game(2, cities=["olympia", "sparta"], reserves={0: {"religion": 5, "agriculture": 11}})
    state["players"][1]["reserves"].update({"society": 4, "commerce": 4, "military": 4})
    start_endgame(state, "target")
    assert state["phase"] == "GAME_OVER"
    assert state["players"][0]["renown"] == 2  # agriculture + religion, +1 each


def test_36_benefactor_and_tales_only_in_own_action_turns() -> None:
    state = game(2, held={0: ["benefactor_of_sciences", "glorious_tales"]}, renown=[3, 0])
    state = play_cards(state, {0: [{"card": "benefactor_of_sciences"}, {"card": "glorious_tales"}]})
    with pytest.raises(IllegalMove, match="wrong_phase"):
        act(state, 0, {"type": "glorious_tales", "gain": {"society": 5}})
    state = invest(state, {0: (1, 1, 1, 1, 1), 1: (1, 1, 1, 1, 1)})
    assert any(m["type"] == "glorious_tales" for m in agorapolis.legal_moves(state, 0))
    state = act(state, 0, {"type": "finalise"})
    assert agorapolis.to_act(state) == {1}
    assert not any(m["type"] == "benefactor_convert" for m in agorapolis.legal_moves(state, 1))


def test_46_sabotage_does_not_block_internal_strife_attacks() -> None:
    state = game(
        3,
        held={0: ["internal_strife"], 1: ["sabotage"]},
        reserves={2: {"military": 2}},
    )
    state = play_cards(
        state,
        {0: [{"card": "internal_strife"}], 1: [{"card": "sabotage", "sector": "military"}]},
    )
    pairs = {p["attacker"]: p for p in state["strife"]["pairs"]}
    assert pairs[2]["m"] == 2 and pairs[2]["target"] == 1
    assert pairs[1]["m"] == 1 and pairs[1]["target"] == 2  # right of 1 is the owner → 2
    state = act(state, 2, {"type": "strife_allocate", "destroy": {"society": 1, "agriculture": 1}})
    state = act(state, 1, {"type": "strife_allocate", "destroy": {"society": 1}})
    # seat 2 may not resist (military sabotaged for it); seat 1 has no military left
    assert state["phase"] == "INVEST_BET"
    assert state["players"][2]["reserves"]["military"] == 0  # paid its 2 military
    assert state["players"][2]["reserves"]["society"] == 0
    assert state["players"][1]["reserves"]["society"] == 0
    assert state["players"][1]["reserves"]["agriculture"] == 9


def test_49_holder_may_designate_itself() -> None:
    from app.games.agorapolis.exploit import start_exploit

    state = game(2, holder=1)
    start_exploit(state)
    state = act(state, 0, {"type": "exploit_bid", "pay": {}})
    state = act(state, 1, {"type": "exploit_bid", "pay": {}})
    state = act(state, 1, {"type": "designate_exploit_winner", "player": 1})
    assert state["holder"] == 1


def test_50_turn_without_dice_still_allows_attacks() -> None:
    state = game(2, reserves={0: {"military": 2}})
    state = invest(state, {0: (0, 0, 0, 0, 0), 1: (2, 2, 2, 2, 2)})
    assert state["phase"] == "ACTION_TURN" and agorapolis.to_act(state) == {0}
    assert state["players"][0]["dice"]["agriculture"] == []
    kinds = {m["type"] for m in agorapolis.legal_moves(state, 0)}
    assert kinds == {"military_attack", "agriculture_convert", "finalise"}


def test_54_strife_allocation_measured_after_all_payments() -> None:
    # seat 1 attacks seat 2 (owner 0 skipped), seat 2 attacks seat 1
    poor = {"society": 0, "commerce": 0, "religion": 0, "military": 3, "agriculture": 5}
    state = game(3, held={0: ["internal_strife"]}, reserves={1: dict(poor), 2: dict(poor)})
    state = play_cards(state, {0: [{"card": "internal_strife"}]})
    pairs = {p["attacker"]: p for p in state["strife"]["pairs"]}
    assert pairs[1]["m"] == 3 and pairs[2]["m"] == 3  # measured at reveal: 3 military each
    # both paid their 3 military: nothing left to destroy, the excess is lost
    assert pairs[1]["allocate"] == 0 and pairs[2]["allocate"] == 0
    assert state["phase"] == "INVEST_BET"
    assert [p["reserves"]["military"] for p in state["players"]] == [1, 0, 0]


def test_56_olympic_victory_may_take_persian_military_dice() -> None:
    state = game(2, held={0: ["persian_resistance"], 1: ["olympic_victory"]})
    state = play_cards(
        state, {0: [{"card": "persian_resistance"}], 1: [{"card": "olympic_victory"}]}
    )
    state = invest(state, {0: (1, 1, 1, 1, 1), 1: (1, 1, 1, 1, 6)})
    state = act(state, 1, {"type": "olympic_sacrifice", "take": {"military": 6}})
    assert state["players"][1]["bets"]["military"] == 0
    assert state["players"][1]["renown"] == 2
