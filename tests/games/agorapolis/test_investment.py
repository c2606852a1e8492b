"""Investment (§6): simultaneous hidden bets, Persian Resistance, Pythia, Delphi."""

from __future__ import annotations

import pytest

from app.games import agorapolis
from app.games.interface import IllegalMove, MalformedMove
from tests.games.agorapolis.helpers import act, bet, game, invest, play_cards


def test_bets_are_simultaneous_and_hidden_until_the_last_commit() -> None:
    state = game(3)
    assert state["phase"] == "INVEST_BET" and agorapolis.to_act(state) == {0, 1, 2}
    state = bet(state, 1, 4)
    assert agorapolis.to_act(state) == {0, 2}
    assert state["players"][1]["bets"]["agriculture"] is None
    for viewer in (0, 2, None):
        view = agorapolis.view(state, viewer)
        assert view["players"][1]["committed"] is True
        assert view["players"][1]["bets"]["agriculture"] is None
        assert view["players"][1]["remaining"] == 10
        assert view.get("my_commit") is None
    assert agorapolis.view(state, 1)["my_commit"] == {
        "seat": 1,
        "move": {"type": "bet", "sector": "agriculture", "dice": 4},
    }
    state = bet(state, 0, 2)
    state = bet(state, 2, 0)
    assert [p["bets"]["agriculture"] for p in state["players"]] == [2, 4, 0]
    assert [p["remaining"] for p in state["players"]] == [8, 6, 10]
    assert state["sector"] == "society" and agorapolis.to_act(state) == {0, 1, 2}


def test_bet_order_does_not_matter() -> None:
    state = game(3)
    a = bet(bet(bet(state, 0, 1), 1, 2), 2, 3)
    b = bet(bet(bet(state, 2, 3), 0, 1), 1, 2)
    assert a == b


def test_bet_limits() -> None:
    state = game(2, reserves={1: {"agriculture": 6}})
    with pytest.raises(IllegalMove, match="bet_out_of_range"):
        bet(state, 0, 9)
    with pytest.raises(MalformedMove):
        act(state, 0, {"type": "bet", "sector": "society", "dice": 1})
    with pytest.raises(MalformedMove):
        act(state, 0, {"type": "bet", "sector": "agriculture", "dice": -1})
    assert [m["dice"] for m in agorapolis.legal_moves(state, 1)] == list(range(7))
    # unbet dice are allowed (§18.12) and lost
    state = invest(state, {0: (8, 2, 0, 0, 0), 1: (0, 0, 0, 0, 0)})
    assert [p["unbet"] for p in state["players"]] == [0, 6]


def test_a_seat_with_no_dice_left_must_still_answer() -> None:
    state = game(2)
    state = bet(bet(state, 0, 8), 1, 1)
    state = bet(bet(state, 0, 2), 1, 1)
    assert agorapolis.legal_moves(state, 0) == [{"type": "bet", "sector": "commerce", "dice": 0}]
    assert 0 in agorapolis.to_act(state)


def test_persian_resistance_constrains_every_other_seat_from_the_first_bet() -> None:
    state = game(3, held={0: ["persian_resistance"]}, reserves={1: {"agriculture": 7}})
    state = play_cards(state, {0: [{"card": "persian_resistance"}]})
    assert [m["dice"] for m in agorapolis.legal_moves(state, 1)] == [0, 1, 2]  # keep 5 (§18.45)
    with pytest.raises(IllegalMove, match="must_keep_dice_for_military"):
        bet(state, 1, 3)
    assert len(agorapolis.legal_moves(state, 0)) == 9  # the owner is free
    state = invest(state, {0: (1, 1, 1, 1, 1), 1: (1, 1, 0, 0, 5), 2: (1, 1, 1, 1, 5)})
    assert state["players"][1]["bets"]["military"] == 5


def test_persian_military_minimum() -> None:
    state = game(2, held={0: ["persian_resistance"]})
    state = play_cards(state, {0: [{"card": "persian_resistance"}]})
    for _ in range(4):
        state = bet(bet(state, 0, 0), 1, 0)
    assert state["sector"] == "military"
    assert [m["dice"] for m in agorapolis.legal_moves(state, 1)] == [5, 6, 7, 8]
    with pytest.raises(IllegalMove, match="military_minimum"):
        bet(state, 1, 4)


def test_persian_refused_by_league() -> None:
    state = game(3, held={0: ["persian_resistance"], 1: ["league_founding"]})
    state = play_cards(
        state, {0: [{"card": "persian_resistance"}], 1: [{"card": "league_founding"}]}
    )
    state = act(state, 1, {"type": "league_immunity", "immune_to": ["persian_resistance"]})
    assert len(agorapolis.legal_moves(state, 1)) == 9
    assert len(agorapolis.legal_moves(state, 2)) == 6


def test_pythia_bets_last_after_the_reveal_in_every_sector() -> None:
    state = game(3, held={2: ["pythia_consultation"]})
    state = play_cards(state, {2: [{"card": "pythia_consultation"}]})
    assert agorapolis.to_act(state) == {0, 1}
    state = bet(bet(state, 0, 3), 1, 5)
    assert state["phase"] == "INVEST_PYTHIA" and agorapolis.to_act(state) == {2}
    view = agorapolis.view(state, 2)
    assert [p["bets"]["agriculture"] for p in view["players"]] == [3, 5, None]
    state = bet(state, 2, 6)
    assert state["players"][2]["bets"]["agriculture"] == 6
    assert state["phase"] == "INVEST_BET" and state["sector"] == "society"
    assert agorapolis.to_act(state) == {0, 1}


def test_delphi_rebets_once_per_round_after_seeing_all_bets() -> None:
    state = game(3, cities=["delphi", "athens", "sparta"])
    state = bet(bet(bet(state, 0, 2), 1, 3), 2, 4)
    assert state["phase"] == "INVEST_DELPHI" and agorapolis.to_act(state) == {0}
    moves = agorapolis.legal_moves(state, 0)
    assert moves[0] == {"type": "delphi_pass"} and len(moves) == 1 + 9
    state = act(state, 0, {"type": "delphi_pass"})
    assert state["sector"] == "society" and state["phase"] == "INVEST_BET"
    state = bet(bet(bet(state, 0, 1), 1, 1), 2, 1)
    state = act(state, 0, {"type": "delphi_rebet", "dice": 7})
    player = state["players"][0]
    assert player["bets"]["society"] == 7 and player["remaining"] == 1
    assert player["delphi_used"] is True
    assert any(e["event"] == "delphi_rebet" for e in state["events"])
    # used: no more Delphi prompt this round
    state = bet(bet(bet(state, 0, 1), 1, 1), 2, 1)
    assert state["phase"] == "INVEST_BET" and state["sector"] == "religion"


def test_delphi_rebet_can_free_dice_and_respects_limits() -> None:
    state = game(2, cities=["delphi", "athens"])
    state = bet(bet(state, 0, 8), 1, 0)
    with pytest.raises(IllegalMove, match="bet_out_of_range"):
        act(state, 0, {"type": "delphi_rebet", "dice": 9})
    state = act(state, 0, {"type": "delphi_rebet", "dice": 1})
    assert state["players"][0]["remaining"] == 9


def test_investment_ends_with_unbet_dice_then_action() -> None:
    state = game(2)
    state = invest(state, {0: (2, 2, 2, 2, 0), 1: (0, 0, 0, 0, 1)})
    assert [p["unbet"] for p in state["players"]] == [2, 9]
    assert state["phase"] == "ACTION_TURN" and state["sector"] == "agriculture"
    assert [len(p["dice"]["agriculture"]) for p in state["players"]] == [2, 0]
