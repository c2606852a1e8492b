"""Action (§7): turn order, every ability, city powers in Action, resistance (§7.4)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games import agorapolis
from app.games.interface import IllegalMove, MalformedMove
from tests.games.agorapolis.helpers import act, game, invest, play_cards, set_dice

BETS = {0: (2, 2, 2, 2, 2), 1: (2, 2, 2, 2, 2), 2: (2, 2, 2, 2, 2)}


def action_game(
    cities: list[str] | None = None,
    reserves: dict[int, dict[str, int]] | None = None,
    cards: dict[int, list[dict[str, Any]]] | None = None,
    holder: int = 0,
) -> dict:
    held = {seat: [c["card"] for c in plays] for seat, plays in (cards or {}).items()}
    state = game(3, cities=cities, reserves=reserves, held=held, holder=holder)
    if state["phase"] == "HARVEST_PLAY":
        state = play_cards(state, cards)
    while state["phase"] == "HARVEST_LEAGUE":
        state = act(state, state["to_act"][0], {"type": "league_immunity", "immune_to": []})
    return invest(state, BETS)


def rich() -> dict[int, dict[str, int]]:
    values = {"society": 3, "commerce": 3, "religion": 3, "military": 3}
    return {seat: dict(values) for seat in range(3)}


def test_holder_acts_first_then_designates_the_order() -> None:
    state = action_game(reserves=rich(), holder=1)
    assert state["phase"] == "ACTION_TURN" and agorapolis.to_act(state) == {1}
    state = act(state, 1, {"type": "finalise"})
    assert state["phase"] == "ACTION_DESIGNATE" and agorapolis.to_act(state) == {1}
    moves = agorapolis.legal_moves(state, 1)
    assert {"type": "designate_next", "player": 2, "then": [0]} in moves
    with pytest.raises(MalformedMove):
        act(state, 1, {"type": "designate_next", "player": 1})  # finalised
    state = act(state, 1, {"type": "designate_next", "player": 2})
    assert agorapolis.to_act(state) == {2}
    state = act(state, 2, {"type": "finalise"})
    # the last unfinalised seat becomes active without a designation
    assert agorapolis.to_act(state) == {0} and state["phase"] == "ACTION_TURN"
    state = act(state, 0, {"type": "finalise"})
    assert state["sector"] == "society" and agorapolis.to_act(state) == {1}


def test_binding_queue() -> None:
    state = game(4, reserves={s: {"society": 2} for s in range(4)})
    state = invest(state, dict.fromkeys(range(4), (2, 2, 2, 2, 2)))
    state = act(state, 0, {"type": "finalise"})
    state = act(state, 0, {"type": "designate_next", "player": 3, "then": [1, 2]})
    state = act(state, 3, {"type": "finalise"})
    assert agorapolis.to_act(state) == {1}
    state = act(state, 1, {"type": "finalise"})
    assert agorapolis.to_act(state) == {2}


def test_auto_finalise_when_only_finalise_is_legal() -> None:
    # nobody has reserves to spend (all 0) and no dice: every turn is automatic
    zero = {"society": 0, "commerce": 0, "religion": 0, "military": 0, "agriculture": 6}
    state = game(2, reserves={0: zero, 1: zero})
    state = invest(state, {0: (0, 0, 0, 0, 0), 1: (0, 0, 0, 0, 0)})
    assert state["phase"] != "ACTION_TURN"
    assert any(e["event"] == "finalised" and e["auto"] for e in state["events"])


def test_society_adjust() -> None:
    state = action_game(reserves=rich())
    set_dice(state, 0, "agriculture", [6, 3])
    with pytest.raises(IllegalMove, match="die_value_out_of_range"):
        act(state, 0, {"type": "society_adjust", "die": 0, "delta": 1})
    with pytest.raises(IllegalMove, match="no_card"):
        act(state, 0, {"type": "society_adjust", "die": 1, "delta": 2})
    with pytest.raises(MalformedMove):
        act(state, 0, {"type": "society_adjust", "die": 5, "delta": 1})
    state = act(state, 0, {"type": "society_adjust", "die": 1, "delta": -1})
    assert state["players"][0]["dice"]["agriculture"][1] == {"value": 2, "adjusted": True}
    assert state["players"][0]["reserves"]["society"] == 2
    with pytest.raises(IllegalMove, match="die_already_adjusted"):
        act(state, 0, {"type": "society_adjust", "die": 1, "delta": 1})


def test_patron_of_philosophers_allows_two() -> None:
    state = action_game(reserves=rich(), cards={0: [{"card": "patron_of_philosophers"}]})
    set_dice(state, 0, "agriculture", [3, 3])
    state = act(state, 0, {"type": "society_adjust", "die": 0, "delta": 2})
    assert state["players"][0]["dice"]["agriculture"][0]["value"] == 5
    assert state["players"][0]["reserves"]["society"] == 2


def test_commerce_swap_with_market_and_colony() -> None:
    state = action_game(reserves=rich(), cards={0: [{"card": "colony_founding"}]})
    set_dice(state, 0, "agriculture", [1, 2])
    state["market"] = [
        {"value": 6, "adjusted": True},
        {"value": 5, "adjusted": False},
        {"value": 4, "adjusted": False},
    ]
    state = act(state, 0, {"type": "commerce_swap", "die": 1, "market_die": 0})
    assert state["players"][0]["dice"]["agriculture"][1] == {"value": 6, "adjusted": True}
    assert state["market"][0] == {"value": 2, "adjusted": False}
    colony_die = state["colony"]["dice"][3]
    state = act(state, 0, {"type": "commerce_swap", "die": 0, "market_die": 3, "market": "colony"})
    assert state["players"][0]["dice"]["agriculture"][0] == colony_die
    assert state["players"][0]["reserves"]["commerce"] == 1
    state = act(state, 0, {"type": "finalise"})
    state = act(state, 0, {"type": "designate_next", "player": 1})
    with pytest.raises(IllegalMove, match="no_card"):
        act(state, 1, {"type": "commerce_swap", "die": 0, "market_die": 0, "market": "colony"})


def test_religion_reroll_keeps_adjusted_flag_and_is_repeatable() -> None:
    state = action_game(reserves=rich())
    state["players"][0]["dice"]["agriculture"][0]["adjusted"] = True
    state = act(state, 0, {"type": "religion_reroll", "die": 0})
    state = act(state, 0, {"type": "religion_reroll", "die": 0})
    assert state["players"][0]["dice"]["agriculture"][0]["adjusted"] is True
    assert state["players"][0]["reserves"]["religion"] == 1
    rerolls = [e for e in state["events"] if e["event"] == "die_rerolled"]
    assert len(rerolls) == 2


def test_military_attack_and_resist() -> None:
    state = action_game(reserves=rich())
    state = act(state, 0, {"type": "military_attack", "target": 1, "sector": "commerce"})
    assert state["phase"] == "ACTION_RESIST" and agorapolis.to_act(state) == {1}
    assert state["attack"] == {"attacker": 0, "target": 1, "sector": "commerce", "points": 1}
    assert agorapolis.deadline(state) == {"seats": [1], "seconds": 20, "kind": "resist"}
    assert agorapolis.legal_moves(state, 1) == [
        {"type": "resist", "count": 0},
        {"type": "resist", "count": 1},
    ]
    resisted = act(state, 1, {"type": "resist", "count": 1})
    assert resisted["players"][1]["reserves"]["military"] == 2
    assert resisted["players"][1]["reserves"]["commerce"] == 3
    assert resisted["phase"] == "ACTION_TURN" and agorapolis.to_act(resisted) == {0}
    assert agorapolis.deadline(resisted) is None
    landed = act(state, 1, agorapolis.timeout_move(state, 1))
    assert landed["players"][1]["reserves"]["commerce"] == 2
    assert landed["players"][0]["reserves"]["military"] == 2


def test_attack_refusals() -> None:
    poor = {"military": 1, "society": 0, "commerce": 0, "religion": 0}
    state = action_game(reserves={0: poor, 1: {"commerce": 0}})
    state["players"][0]["reserves"]["agriculture"] = 6
    with pytest.raises(IllegalMove, match="nothing_to_destroy"):
        act(state, 0, {"type": "military_attack", "target": 1, "sector": "commerce"})
    state["players"][1]["reserves"]["agriculture"] = 5
    with pytest.raises(IllegalMove, match="nothing_to_destroy"):
        act(state, 0, {"type": "military_attack", "target": 1, "sector": "agriculture"})
    with pytest.raises(MalformedMove):
        act(state, 0, {"type": "military_attack", "target": 0, "sector": "society"})
    before = state
    state = act(state, 0, {"type": "military_attack", "target": 2, "sector": "society"})
    assert before["players"][0]["reserves"]["military"] == 1  # input not mutated
    state = act(state, 2, {"type": "resist", "count": 0})  # target 2 has 1 military: prompt
    # the attacker has nothing left to do: auto-finalised (§4)
    assert state["players"][0]["finalised"]["agriculture"] is True


def test_agriculture_attack_lowers_next_hand_only() -> None:
    state = action_game(reserves={0: {"military": 1}, 1: {"military": 0}})
    state = act(state, 0, {"type": "military_attack", "target": 1, "sector": "agriculture"})
    assert state["players"][1]["reserves"]["agriculture"] == 9
    assert state["players"][1]["hand"] == 10  # takes effect next round (§18.5)


def test_sparta_cannot_be_resisted_and_no_prompt_without_military() -> None:
    state = action_game(cities=["sparta", "athens", "olympia"], reserves=rich())
    state = act(state, 0, {"type": "military_attack", "target": 1, "sector": "religion"})
    assert state["phase"] == "ACTION_TURN"
    assert state["players"][1]["reserves"]["religion"] == 2
    state = action_game(reserves={0: {"military": 2}, 1: {"military": 0, "society": 2}})
    state = act(state, 0, {"type": "military_attack", "target": 1, "sector": "society"})
    assert state["phase"] == "ACTION_TURN"
    assert state["players"][1]["reserves"]["society"] == 1


def test_trojan_horse_destroys_two_and_target_resists_point_by_point() -> None:
    state = action_game(reserves=rich(), cards={0: [{"card": "trojan_horse"}]})
    state = act(state, 0, {"type": "military_attack", "target": 2, "sector": "religion"})
    assert state["attack"]["points"] == 2
    assert len(agorapolis.legal_moves(state, 2)) == 3
    state = act(state, 2, {"type": "resist", "count": 1})
    assert state["players"][2]["reserves"]["military"] == 2
    assert state["players"][2]["reserves"]["religion"] == 2
    assert state["players"][0]["reserves"]["military"] == 2
    # points capped at the target's spendable points
    state["players"][1]["reserves"]["religion"] = 1
    state = act(state, 0, {"type": "military_attack", "target": 1, "sector": "religion"})
    assert state["attack"]["points"] == 1


def test_league_owner_cannot_be_attacked() -> None:
    state = action_game(reserves=rich(), cards={1: [{"card": "league_founding"}]})
    with pytest.raises(IllegalMove, match="target_immune"):
        act(state, 0, {"type": "military_attack", "target": 1, "sector": "society"})
    assert all(m.get("target") != 1 for m in agorapolis.legal_moves(state, 0) if "target" in m)


def test_agriculture_convert() -> None:
    state = action_game()
    state["players"][0]["reserves"]["agriculture"] = 7
    with pytest.raises(IllegalMove, match="bad_sector"):
        act(state, 0, {"type": "agriculture_convert", "to": "agriculture"})
    state = act(state, 0, {"type": "agriculture_convert", "to": "religion"})
    assert state["players"][0]["reserves"]["agriculture"] == 5
    assert state["players"][0]["reserves"]["religion"] == 2
    with pytest.raises(IllegalMove, match="agriculture_floor"):
        act(state, 0, {"type": "agriculture_convert", "to": "religion"})


def test_sabotage_blocks_paid_abilities_of_others_including_resistance() -> None:
    cards = {2: [{"card": "sabotage", "sector": "military"}]}
    state = action_game(reserves=rich(), cards=cards)
    with pytest.raises(IllegalMove, match="sector_sabotaged"):
        act(state, 0, {"type": "military_attack", "target": 1, "sector": "society"})
    state = act(state, 0, {"type": "finalise"})
    state = act(state, 0, {"type": "designate_next", "player": 2})
    state = act(state, 2, {"type": "military_attack", "target": 1, "sector": "society"})
    assert state["phase"] == "ACTION_TURN"  # target may not resist under military sabotage
    assert state["players"][1]["reserves"]["society"] == 2
    cards = {2: [{"card": "sabotage", "sector": "society"}]}
    state = action_game(reserves=rich(), cards=cards)
    with pytest.raises(IllegalMove, match="sector_sabotaged"):
        act(state, 0, {"type": "society_adjust", "die": 0, "delta": 1})


def test_athens_sets_one_die_once_per_round() -> None:
    state = action_game(cities=["athens", "olympia", "sparta"], reserves=rich())
    set_dice(state, 0, "agriculture", [2, 5])
    state = act(state, 0, {"type": "athens_set", "die": 0, "value": 5})
    assert state["players"][0]["dice"]["agriculture"][0] == {"value": 5, "adjusted": True}
    with pytest.raises(IllegalMove, match="power_already_used"):
        act(state, 0, {"type": "athens_set", "die": 1, "value": 1})
    with pytest.raises(IllegalMove, match="die_already_adjusted"):
        act(state, 0, {"type": "society_adjust", "die": 0, "delta": -1})
    state = act(state, 0, {"type": "finalise"})
    state = act(state, 0, {"type": "designate_next", "player": 1})
    with pytest.raises(IllegalMove, match="not_your_power"):
        act(state, 1, {"type": "athens_set", "die": 0, "value": 1})


def test_syracuse_swaps_with_an_unfinalised_opponent_once() -> None:
    state = action_game(cities=["syracuse", "olympia", "sparta"], reserves=rich(), holder=1)
    set_dice(state, 0, "agriculture", [1, 1])
    set_dice(state, 1, "agriculture", [6, 6])
    set_dice(state, 2, "agriculture", [4, 4])
    state = act(state, 1, {"type": "finalise"})
    state = act(state, 1, {"type": "designate_next", "player": 0})
    with pytest.raises(IllegalMove, match="target_finalised"):
        act(state, 0, {"type": "syracuse_swap", "die": 0, "target": 1, "target_die": 0})
    state = act(state, 0, {"type": "syracuse_swap", "die": 0, "target": 2, "target_die": 1})
    assert [d["value"] for d in state["players"][0]["dice"]["agriculture"]] == [4, 1]
    assert [d["value"] for d in state["players"][2]["dice"]["agriculture"]] == [4, 1]
    with pytest.raises(IllegalMove, match="power_already_used"):
        act(state, 0, {"type": "syracuse_swap", "die": 1, "target": 2, "target_die": 0})


def test_phidias_one_free_reroll_per_sector() -> None:
    state = action_game(cards={0: [{"card": "phidias_patronage"}]})
    state = act(state, 0, {"type": "phidias_reroll", "die": 0})
    with pytest.raises(IllegalMove, match="power_already_used"):
        act(state, 0, {"type": "phidias_reroll", "die": 1})
    assert state["players"][0]["reserves"]["religion"] == 1
    state = act(state, 0, {"type": "finalise"})
    state = act(state, 0, {"type": "designate_next", "player": 1})
    state = act(state, 1, {"type": "finalise"})
    state = act(state, 2, {"type": "finalise"})
    assert state["sector"] == "society"
    state = act(state, 0, {"type": "phidias_reroll", "die": 1})


def test_benefactor_moves_points_one_for_one() -> None:
    state = action_game(reserves=rich(), cards={0: [{"card": "benefactor_of_sciences"}]})
    state = act(
        state, 0, {"type": "benefactor_convert", "from": "religion", "to": "society", "amount": 2}
    )
    assert state["players"][0]["reserves"]["religion"] == 1
    assert state["players"][0]["reserves"]["society"] == 5
    state["players"][0]["reserves"]["agriculture"] = 12
    with pytest.raises(IllegalMove, match="agriculture_cap"):
        act(
            state,
            0,
            {"type": "benefactor_convert", "from": "society", "to": "agriculture", "amount": 4},
        )
    with pytest.raises(IllegalMove, match="agriculture_floor"):
        act(
            state,
            0,
            {"type": "benefactor_convert", "from": "agriculture", "to": "society", "amount": 8},
        )
    with pytest.raises(MalformedMove):
        act(
            state,
            0,
            {"type": "benefactor_convert", "from": "society", "to": "society", "amount": 1},
        )
    with pytest.raises(MalformedMove):
        act(
            state,
            0,
            {"type": "benefactor_convert", "from": "society", "to": "religion", "amount": 0},
        )


def test_glorious_tales_pays_one_renown_for_five_points() -> None:
    state = action_game(cards={0: [{"card": "glorious_tales"}]})
    with pytest.raises(IllegalMove, match="not_enough_reserve"):
        act(state, 0, {"type": "glorious_tales", "gain": {"society": 5}})
    state["players"][0]["renown"] = 2
    state = act(state, 0, {"type": "glorious_tales", "gain": {"society": 3, "military": 2}})
    assert state["players"][0]["renown"] == 1
    assert state["players"][0]["reserves"]["society"] == 4
    with pytest.raises(MalformedMove):
        act(state, 0, {"type": "glorious_tales", "gain": {"society": 4}})
    state["players"][0]["reserves"]["agriculture"] = 11
    with pytest.raises(IllegalMove, match="agriculture_cap"):
        act(state, 0, {"type": "glorious_tales", "gain": {"agriculture": 5}})


def test_olympic_victory_sacrifices_dice_three_at_a_time() -> None:
    state = game(2, held={1: ["olympic_victory"]})
    state = play_cards(state, {1: [{"card": "olympic_victory"}]})
    state = invest(state, {0: (1, 1, 1, 1, 1), 1: (2, 0, 0, 0, 6)})
    assert state["phase"] == "ACTION_OLYMPIC" and agorapolis.to_act(state) == {1}
    with pytest.raises(MalformedMove):
        act(state, 1, {"type": "olympic_sacrifice", "take": {"unbet": 2}})
    with pytest.raises(IllegalMove, match="not_enough_reserve"):
        act(state, 1, {"type": "olympic_sacrifice", "take": {"unbet": 3}})
    state = act(state, 1, {"type": "olympic_sacrifice", "take": {"unbet": 2, "military": 4}})
    player = state["players"][1]
    assert player["renown"] == 2 and player["bets"]["military"] == 2 and player["unbet"] == 0
    assert player["sacrificed"] == 6
    assert state["phase"] == "ACTION_TURN" and state["sector"] == "agriculture"


def test_refused_move_changes_nothing() -> None:
    state = action_game(reserves=rich())
    snapshot = repr(state)
    for move in (
        {"type": "society_adjust", "die": 0, "delta": 3},
        {"type": "athens_set", "die": 0, "value": 3},
        {"type": "bet", "sector": "agriculture", "dice": 1},
        {"type": "nonsense"},
    ):
        with pytest.raises((IllegalMove, MalformedMove)):
            act(state, 0, move)
    assert repr(state) == snapshot


def test_olympic_sacrifice_list_is_complete() -> None:
    state = game(2, held={1: ["olympic_victory"]})
    state = play_cards(state, {1: [{"card": "olympic_victory"}]})
    state = invest(state, {0: (1, 1, 1, 1, 1), 1: (2, 1, 0, 0, 3)})
    moves = agorapolis.legal_moves(state, 1)
    # unbet 4, bets 2/1/0/0/3: every vector with a total divisible by 3
    expected = sum(
        1
        for u in range(5)
        for a in range(3)
        for s in range(2)
        for m in range(4)
        if (u + a + s + m) % 3 == 0
    )
    assert len(moves) == expected
    assert {"type": "olympic_sacrifice", "take": {}} in moves
    for move in moves:
        act(state, 1, move)
