"""Setup (spec §3, D26, D27) and the game's options."""

from __future__ import annotations

import pytest

from app.games import akrotiri
from app.games.akrotiri.components import OBJECTIVE_IDS, PLANS, TILE_IDS
from app.games.interface import InvalidOptions
from tests.games.akrotiri.helpers import play


def test_initial_state() -> None:
    state = akrotiri.setup(2, {}, 7)
    assert state["options"] == {"strategist": False, "objectives": "fr"}
    assert state["market"] == dict.fromkeys(("orange", "blue", "green", "grey"), 8)
    assert [p["drachmas"] for p in state["players"]] == [2, 2]
    assert [b["at"] for b in state["boats"]] == ["THERA:T1", "THERA:T2"]  # D26
    assert state["setup"] and state["phase"] == "tile" and state["turn"] == state["first"]
    assert all(p["tile"] for p in state["players"]) and len(state["pile"]) == 34
    assert all(not p["plans"] and not p["objectives"] for p in state["players"])
    assert sorted(state["pile"] + [p["tile"] for p in state["players"]]) == sorted(TILE_IDS)
    assert {akrotiri.setup(2, {}, seed)["first"] for seed in range(20)} == {0, 1}


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptions):
        akrotiri.setup(2, {"objectives": "de"}, 1)
    with pytest.raises(InvalidOptions):
        akrotiri.setup(3, {}, 1)
    assert akrotiri.INFO.min_seats == akrotiri.INFO.max_seats == 2


def finish_setup(state: dict) -> dict:
    """Play the setup with the first legal move each time."""
    while state["setup"]:
        (seat,) = akrotiri.to_act(state)
        state = akrotiri.apply(state, seat, akrotiri.legal_moves(state, seat)[0])
    return state


def test_setup_tiles_go_next_to_the_start_board() -> None:
    state = akrotiri.setup(2, {}, 3)
    moves = akrotiri.legal_moves(state, state["first"])
    assert len(moves) == 8 * 4  # D27: 8 cells against the start board, D4: 4 rotations
    assert {tuple(m["cell"]) for m in moves} == {
        (-1, -2),
        (0, -2),
        (1, -1),
        (1, 0),
        (0, 1),
        (-1, 1),
        (-2, 0),
        (-2, -1),
    }
    from app.games.interface import IllegalMove

    with pytest.raises(IllegalMove):
        akrotiri.apply(state, state["first"], {"type": "place_tile", "cell": [2, 0], "rot": 0})


def test_setup_order_deals_cards_after_the_tiles() -> None:
    state = akrotiri.setup(2, {}, 3)
    first = state["first"]
    state = play(state, first, akrotiri.legal_moves(state, first)[0])
    while state["turn"] == first and state["phase"] == "resources":
        state = play(state, first, akrotiri.legal_moves(state, first)[0])
    assert state["turn"] == 1 - first and state["phase"] == "tile"
    assert not state["players"][first]["plans"]
    second = 1 - first
    while state["phase"] != "objective":
        state = play(state, second, akrotiri.legal_moves(state, second)[0])
    for player in state["players"]:
        assert [PLANS[c]["difficulty"] for c in player["plans"]] == ["easy", "medium"]
        assert len(player["choice"]) == 2
    assert state["turn"] == first and len(state["objective_deck"]) == 8
    kept = state["players"][first]["choice"][1]
    returned = state["players"][first]["choice"][0]
    state = play(state, first, {"type": "keep_objective", "card": kept})
    assert state["players"][first]["objectives"] == [kept]
    assert state["objective_deck"][-1] == returned  # under the deck
    state = play(state, second, akrotiri.legal_moves(state, second)[0])
    assert not state["setup"] and state["turn"] == first and state["phase"] == "tile"
    assert all(p["tile"] for p in state["players"]) and len(state["pile"]) == 32
    assert state["actions"] == 3 and state["round"] == 1
    assert len(state["placements"]) == 2 and state["offer"] == []


def test_strategist_offer_of_four() -> None:
    state = finish_setup(akrotiri.setup(2, {"strategist": True}, 5))
    assert len(state["offer"]) == 4 and len(state["objective_deck"]) == 12 - 2 - 4
    held = [c for p in state["players"] for c in p["objectives"]]
    assert sorted(held + state["offer"] + state["objective_deck"]) == sorted(OBJECTIVE_IDS)
