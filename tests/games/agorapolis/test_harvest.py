"""Harvest (§5): hands, secret card play and the reveal order; Pandora, League, Shared
Glory, Colony, Heroic Year, Internal Strife."""

from __future__ import annotations

import pytest

from app.games import agorapolis
from app.games.interface import IllegalMove, MalformedMove, Move, NotYourTurn
from tests.games.agorapolis.helpers import act, game, play_cards


def test_hand_is_agriculture_plus_two_for_corinth() -> None:
    state = game(3, cities=["corinth", "athens", "sparta"], reserves={1: {"agriculture": 5}})
    assert [p["hand"] for p in state["players"]] == [12, 5, 10]  # §18.4


def test_only_card_holders_are_asked() -> None:
    state = game(3, held={1: ["sabotage"]})
    assert state["phase"] == "HARVEST_PLAY" and agorapolis.to_act(state) == {1}
    with pytest.raises(NotYourTurn):
        act(state, 0, {"type": "play_exploits", "cards": []})


def test_play_validation() -> None:
    state = game(3, held={0: ["sabotage", "trojan_horse"]})
    with pytest.raises(MalformedMove):
        act(state, 0, {"type": "play_exploits", "cards": [{"card": "sabotage"}]})  # no sector
    with pytest.raises(MalformedMove):
        act(state, 0, {"type": "play_exploits", "cards": [{"card": "trojan_horse", "sector": "x"}]})
    with pytest.raises(IllegalMove, match="no_card"):
        act(state, 0, {"type": "play_exploits", "cards": [{"card": "pandoras_hope"}]})
    moves = agorapolis.legal_moves(state, 0)
    assert len(moves) == 1 + 5 + 1 + 5  # {}, sabotage×5, trojan, both×5


def test_cards_stay_hidden_until_every_holder_committed() -> None:
    state = game(3, held={0: ["sabotage"], 2: ["trojan_horse"]})
    state = act(
        state, 0, {"type": "play_exploits", "cards": [{"card": "sabotage", "sector": "religion"}]}
    )
    assert state["active"] == [] and agorapolis.to_act(state) == {2}
    assert agorapolis.view(state, 2)["players"][0]["committed"] is True
    assert "sabotage" not in str(agorapolis.view(state, 2))
    assert agorapolis.view(state, 0)["my_commit"]["move"]["cards"][0]["sector"] == "religion"
    state = act(state, 2, {"type": "play_exploits", "cards": [{"card": "trojan_horse"}]})
    assert [(e["card"], e["owner"]) for e in state["active"]] == [
        ("sabotage", 0),
        ("trojan_horse", 2),
    ]
    assert state["players"][0]["held"] == [] and state["phase"] == "INVEST_BET"


def test_commit_order_does_not_matter() -> None:
    state = game(3, held={0: ["sabotage"], 1: ["trojan_horse"], 2: ["olympic_victory"]})
    moves: dict[int, Move] = {
        0: {"type": "play_exploits", "cards": [{"card": "sabotage", "sector": "military"}]},
        1: {"type": "play_exploits", "cards": []},
        2: {"type": "play_exploits", "cards": [{"card": "olympic_victory"}]},
    }
    a = state
    for seat in (0, 1, 2):
        a = act(a, seat, moves[seat])
    b = state
    for seat in (2, 0, 1):
        b = act(b, seat, moves[seat])
    assert a == b


def test_pandora_cancels_every_other_card_including_league_and_its_owners() -> None:
    state = game(
        3, held={0: ["pandoras_hope", "trojan_horse"], 1: ["league_founding"], 2: ["sabotage"]}
    )
    state = play_cards(
        state,
        {
            0: [{"card": "pandoras_hope"}, {"card": "trojan_horse"}],
            1: [{"card": "league_founding"}],
            2: [{"card": "sabotage", "sector": "society"}],
        },
    )
    assert [e["card"] for e in state["active"]] == ["pandoras_hope"]
    assert sorted(e["card"] for e in state["cancelled"]) == [
        "league_founding",
        "sabotage",
        "trojan_horse",
    ]
    assert sorted(state["discard"]) == ["league_founding", "sabotage", "trojan_horse"]
    assert state["phase"] == "INVEST_BET"  # no League prompt: League was cancelled (§18.10)


def test_league_chooses_immunity_among_refusable_cards_of_others() -> None:
    state = game(
        3,
        held={
            0: ["league_founding", "persian_resistance"],
            1: ["sabotage", "heroic_year"],
            2: ["curse_proclamation"],
        },
    )
    state = play_cards(
        state,
        {
            0: [{"card": "league_founding"}, {"card": "persian_resistance"}],
            1: [{"card": "sabotage", "sector": "society"}, {"card": "heroic_year"}],
            2: [{"card": "curse_proclamation", "sector": "military"}],
        },
    )
    assert state["phase"] == "HARVEST_LEAGUE" and agorapolis.to_act(state) == {0}
    moves = agorapolis.legal_moves(state, 0)
    assert len(moves) == 4  # subsets of {sabotage, curse}; heroic year is not refusable
    with pytest.raises(IllegalMove, match="no_card"):
        act(state, 0, {"type": "league_immunity", "immune_to": ["heroic_year"]})
    with pytest.raises(IllegalMove, match="no_card"):
        act(state, 0, {"type": "league_immunity", "immune_to": ["persian_resistance"]})
    state = act(state, 0, {"type": "league_immunity", "immune_to": ["sabotage"]})
    assert state["league_immune"] == ["sabotage"]
    assert state["phase"] == "HARVEST_HEROIC"


def test_shared_glory_top_then_bottom() -> None:
    state = game(4, held={3: ["shared_glory"]}, renown=[9, 7, 2, 4])
    state = play_cards(state, {3: [{"card": "shared_glory"}]})
    # top 9 → 7; then bottom 2 → 4
    assert [p["renown"] for p in state["players"]] == [7, 7, 4, 4]


def test_shared_glory_two_players_both_at_the_lower_value() -> None:
    state = game(2, held={0: ["shared_glory"]}, renown=[3, 8])
    state = play_cards(state, {0: [{"card": "shared_glory"}]})
    assert [p["renown"] for p in state["players"]] == [3, 3]  # §18.38


def test_shared_glory_shared_top_unchanged_and_league_refusal() -> None:
    state = game(3, held={0: ["shared_glory"]}, renown=[5, 5, 1])
    state = play_cards(state, {0: [{"card": "shared_glory"}]})
    assert [p["renown"] for p in state["players"]] == [5, 5, 5]
    state = game(3, held={0: ["shared_glory"], 1: ["league_founding"]}, renown=[2, 9, 4])
    state = play_cards(state, {0: [{"card": "shared_glory"}], 1: [{"card": "league_founding"}]})
    state = act(state, 1, {"type": "league_immunity", "immune_to": ["shared_glory"]})
    # seat 1 keeps 9 (refused) but still counts: nobody else at 9; bottom 2 → 4
    assert [p["renown"] for p in state["players"]] == [4, 9, 4]


def test_colony_rolls_five_private_market_dice() -> None:
    state = game(3, held={2: ["colony_founding"]})
    state = play_cards(state, {2: [{"card": "colony_founding"}]})
    assert state["colony"]["owner"] == 2 and len(state["colony"]["dice"]) == 5
    assert any(e["event"] == "colony_rolled" for e in state["events"])


def test_heroic_year_gives_one_card_to_each_seat_secretly() -> None:
    state = game(3, held={1: ["heroic_year"]})
    state = play_cards(state, {1: [{"card": "heroic_year"}]})
    assert state["phase"] == "HARVEST_HEROIC" and agorapolis.to_act(state) == {1}
    drawn = list(state["heroic"]["cards"])
    assert len(drawn) == 3
    assert "heroic_cards" in agorapolis.view(state, 1)
    assert "heroic_cards" not in agorapolis.view(state, 0)
    assert len(agorapolis.legal_moves(state, 1)) == 6
    with pytest.raises(MalformedMove):
        act(state, 1, {"type": "heroic_distribute", "assign": [{"player": 0, "card": drawn[0]}]})
    assign = [{"player": (i + 1) % 3, "card": card} for i, card in enumerate(drawn)]
    state = act(state, 1, {"type": "heroic_distribute", "assign": assign})
    assert [p["held"] for p in state["players"]] == [[drawn[2]], [drawn[0]], [drawn[1]]]
    assert state["phase"] == "INVEST_BET"
    # gifts cannot be played this round: only Harvest allows playing (§18.33)
    assert agorapolis.legal_moves(state, 0)[0]["type"] == "bet"


def test_heroic_year_short_deck_reshuffles_then_owner_picks_recipients() -> None:
    state = game(4, held={0: ["heroic_year"]})
    state["discard"] = state["deck"][:15]
    state["deck"] = state["deck"][15:]
    state["deck"], spare = state["deck"][:1], state["deck"][1:]
    state["discard"] += spare
    # deck 1 card, discard 17: reshuffle under the deck, 4 drawn
    state = play_cards(state, {0: [{"card": "heroic_year"}]})
    assert len(state["heroic"]["cards"]) == 4 and state["discard"] == []
    state = game(4, held={0: ["heroic_year"]})
    kept = state["deck"][:2]
    state["deck"] = kept
    state = play_cards(state, {0: [{"card": "heroic_year"}]})
    assert state["heroic"]["cards"] == kept  # only 2 exist: draw what there is (§9.4)
    assert len(agorapolis.legal_moves(state, 0)) == 4 * 3
    state = act(
        state,
        0,
        {
            "type": "heroic_distribute",
            "assign": [{"player": 3, "card": kept[0]}, {"player": 2, "card": kept[1]}],
        },
    )
    assert state["players"][3]["held"] == [kept[0]] and state["players"][0]["held"] == []
