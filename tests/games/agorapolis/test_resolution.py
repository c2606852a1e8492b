"""Resolution (§8), end of game (§11) and result."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from app.games import agorapolis
from app.games.agorapolis.common import SECTORS
from app.games.agorapolis.resolution import start_resolution
from app.games.interface import IllegalMove, State
from tests.games.agorapolis.helpers import act, game, play_cards, set_dice


def resolve(state: State, dice: dict[int, dict[str, Sequence[int]]]) -> State:
    """Set every seat's final dice (others empty) and run the Resolution."""
    for seat in range(state["seats"]):
        for sector in SECTORS:
            set_dice(state, seat, sector, dice.get(seat, {}).get(sector, []))
        player = state["players"][seat]
        player["remaining"] = player["hand"] - sum(player["bets"].values())
    start_resolution(state)
    return state


def test_gains_and_sector_winners() -> None:
    state = game(3, cities=["olympia", "sparta", "athens"])
    state = resolve(
        state,
        {
            0: {"society": [2, 2, 2], "religion": [6, 6]},
            1: {"society": [3, 3], "commerce": [1, 1, 1, 1]},
            2: {"religion": [1, 1], "military": [6, 5, 4, 3, 2]},
        },
    )
    combos = state["resolution"]["combos"]
    assert combos[0]["society"] == {"combination": "three_of_a_kind", "gain": 3, "added": 3}
    assert combos[2]["religion"]["gain"] == 2  # Athens' fetish 1
    assert combos[2]["military"]["gain"] == 5
    assert state["players"][0]["reserves"]["society"] == 4
    assert state["resolution"]["winners"] == {
        "agriculture": None,
        "society": 0,
        "commerce": 1,
        "religion": 2,
        "military": 2,
    }
    assert [p["renown"] for p in state["players"]] == [1, 1, 2]
    assert state["phase"] == "EXPLOIT_BID"


def test_agriculture_gain_capped_at_15() -> None:
    state = game(2, reserves={0: {"agriculture": 13}})
    state = resolve(state, {0: {"agriculture": [4, 4, 4, 4]}})
    assert state["players"][0]["reserves"]["agriculture"] == 15
    assert state["resolution"]["combos"][0]["agriculture"]["added"] == 2
    assert state["resolution"]["winners"]["agriculture"] == 0


def test_tie_broken_by_reserve_after_gains_then_by_the_holder() -> None:
    state = game(3, cities=["olympia", "sparta", "athens"], reserves={1: {"commerce": 3}})
    state = resolve(state, {0: {"commerce": [2, 2]}, 1: {"commerce": [3, 3]}})
    assert state["resolution"]["winners"]["commerce"] == 1  # 4 vs 2 after gains
    state = game(3, cities=["olympia", "sparta", "athens"], holder=2)
    state = resolve(state, {0: {"religion": [2, 2]}, 1: {"religion": [3, 3]}})
    assert state["phase"] == "RESOLUTION_TIES" and state["sector"] == "religion"
    assert agorapolis.to_act(state) == {2}
    with pytest.raises(IllegalMove, match="not_tied"):
        act(state, 2, {"type": "designate_sector_winner", "sector": "religion", "player": 2})
    assert agorapolis.legal_moves(state, 2) == [
        {"type": "designate_sector_winner", "sector": "religion", "player": 0},
        {"type": "designate_sector_winner", "sector": "religion", "player": 1},
    ]
    state = act(state, 2, {"type": "designate_sector_winner", "sector": "religion", "player": 0})
    assert state["players"][0]["renown"] == 2  # Olympia wins religion: 2 renown (§12)
    assert state["phase"] == "EXPLOIT_BID"


def test_zero_gain_never_wins() -> None:
    state = game(2, held={1: ["curse_proclamation"]})
    state = play_cards(state, {1: [{"card": "curse_proclamation", "sector": "society"}]})
    state = resolve(state, {0: {"society": [2, 2]}})
    assert state["resolution"]["combos"][0]["society"] == {
        "combination": "pair",
        "gain": 0,
        "added": 0,
    }
    assert state["resolution"]["winners"]["society"] is None


def test_curse_halves_others_and_decides_the_winner() -> None:
    state = game(3, cities=["olympia", "sparta", "athens"], held={2: ["curse_proclamation"]})
    state = play_cards(state, {2: [{"card": "curse_proclamation", "sector": "military"}]})
    state = resolve(
        state,
        {0: {"military": [6, 6, 6, 6]}, 2: {"military": [3, 3, 3, 2, 2]}},
    )
    assert state["resolution"]["combos"][0]["military"]["gain"] == 3  # 6 halved
    assert state["resolution"]["combos"][2]["military"]["gain"] == 4  # owner unaffected
    assert state["resolution"]["winners"]["military"] == 2


def test_curse_refused_by_league() -> None:
    state = game(2, held={0: ["league_founding"], 1: ["curse_proclamation"]})
    state = play_cards(
        state,
        {
            0: [{"card": "league_founding"}],
            1: [{"card": "curse_proclamation", "sector": "military"}],
        },
    )
    state = act(state, 0, {"type": "league_immunity", "immune_to": ["curse_proclamation"]})
    state = resolve(state, {0: {"military": [6, 6, 6, 6]}})
    assert state["resolution"]["combos"][0]["military"]["gain"] == 6


def test_fabulous_recipes_for_its_owner_only() -> None:
    state = game(2, cities=["olympia", "sparta"], held={0: ["fabulous_recipes"]})
    state = play_cards(state, {0: [{"card": "fabulous_recipes"}]})
    state = resolve(state, {0: {"society": [4, 4, 4]}, 1: {"society": [5, 5, 5]}})
    assert state["resolution"]["combos"][0]["society"]["gain"] == 6
    assert state["resolution"]["combos"][1]["society"]["gain"] == 4


def test_end_check_at_target_skips_exploit_and_awards_majorities() -> None:
    state = game(2, cities=["olympia", "sparta"], renown=[17, 3], reserves={1: {"military": 4}})
    state = resolve(state, {0: {"society": [2, 2]}})
    assert state["phase"] == "ENDGAME_TIES"  # agriculture 10/10: the holder designates
    assert agorapolis.result(state) is None
    while state["phase"] == "ENDGAME_TIES":
        state = act(state, 0, agorapolis.timeout_move(state, 0))
    assert state["phase"] == "GAME_OVER" and agorapolis.to_act(state) == set()
    assert state["endgame"]["majorities"]["military"] == 1  # 4 military, no tie
    assert all(e["event"] != "bids_revealed" for e in state["events"])
    assert agorapolis.result(state) is not None


def test_majority_tie_designated_by_holder() -> None:
    state = game(2, cities=["olympia", "sparta"], renown=[17, 3], holder=1)
    state = resolve(state, {0: {"society": [2, 2]}})
    assert state["phase"] == "ENDGAME_TIES" and state["sector"] == "agriculture"
    assert agorapolis.to_act(state) == {1}
    state = act(state, 1, {"type": "designate_majority", "sector": "agriculture", "player": 1})
    # commerce, religion, military all tied at 1
    for sector in ("commerce", "religion", "military"):
        assert state["sector"] == sector
        state = act(state, 1, {"type": "designate_majority", "sector": sector, "player": 0})
    assert state["phase"] == "GAME_OVER"
    result = agorapolis.result(state)
    assert result is not None
    # renown: seat 0 = 17 + 1 (society win) + society majority + 3 majorities = 22
    assert result["scores"] == [22, 4]
    assert result["ranking"] == [[0], [1]]
    assert result["breakdown"][0]["renown_before_bonus"] == 18
    assert result["breakdown"][0]["majorities"] == ["society", "commerce", "religion", "military"]
    assert result["breakdown"][1]["majorities"] == ["agriculture"]


def over(renown: list[int], commerce: list[int]) -> State:
    state = game(len(renown), renown=renown)
    for seat, value in enumerate(commerce):
        state["players"][seat]["reserves"]["commerce"] = value
    state["phase"] = "GAME_OVER"
    state["to_act"] = []
    state["endgame"] = {
        "reason": "target",
        "renown_before": list(renown),
        "majorities": dict.fromkeys(SECTORS),
        "tied": {},
    }
    return state


def test_final_ranking_by_renown_then_reserve_total_then_shared() -> None:
    result = agorapolis.result(over([9, 12, 12, 3], [1, 1, 4, 1]))
    assert result is not None
    assert result["ranking"] == [[2], [1], [0], [3]]
    assert result["scores"] == [9, 12, 12, 3]
    assert result["breakdown"][2]["reserve_total"] == 17
    result = agorapolis.result(over([12, 12, 5], [1, 1, 1]))
    assert result is not None
    assert result["ranking"] == [[0, 1], [2]]  # shared victory (§18.30)


def test_round_limit_ends_the_game() -> None:
    state = game(2, cities=["olympia", "sparta"])
    state["round"] = 30
    state = resolve(state, {})
    assert state["phase"] in ("ENDGAME_TIES", "GAME_OVER")
    assert state["endgame"]["reason"] == "round_limit"
