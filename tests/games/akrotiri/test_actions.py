"""The action step (spec §4.3, §5, D10, D13, D16, D17, D21, D22, D23, D25, D29)."""

from __future__ import annotations

import pytest

from app.games import akrotiri
from app.games.interface import IllegalMove, MalformedMove
from tests.games.akrotiri.helpers import at, game, icon_at, moves_of, play

# T05 on cell (1, -1): its piece b (quarter (2, -2), port T05:b1) joins the islet se.
MERGED = [at("T05", 1, -1)]


def test_load_takes_cubes_from_anywhere_on_the_island() -> None:
    state = game(
        MERGED,
        boats=("THERA:pSE", "THERA:T2"),
        cubes={"T05:b": ["green", "blue"], "THERA:se": ["green", "grey"]},
    )
    loads = moves_of(state, "load")
    assert {"type": "load", "colours": ["green", "green"]} in loads
    assert all(len(m["colours"]) <= 3 for m in loads)
    state = play(state, 0, {"type": "load", "colours": ["green", "green", "grey"]})
    assert state["boats"][0]["cargo"] == ["green", "green", "grey"]
    assert state["cubes"] == {"T05:b": ["blue"]} and state["actions"] == 2
    assert moves_of(state, "load") == []  # the boat is full
    with pytest.raises(IllegalMove, match="at most 3"):
        play(state, 0, {"type": "load", "colours": ["blue"]})


def test_load_needs_the_cubes_and_an_action() -> None:
    state = game(MERGED, boats=("THERA:pSE", "THERA:T2"), cubes={"T05:b": ["blue"]})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "load", "colours": ["green"]})
    broke = game(MERGED, boats=("THERA:pSE", "THERA:T2"), cubes={"T05:b": ["blue"]}, actions=0)
    assert moves_of(broke, "load") == []
    with pytest.raises(IllegalMove, match="not enough actions"):
        play(broke, 0, {"type": "load", "colours": ["blue"]})


def test_unload_is_free_and_allowed_on_thera() -> None:
    # D17
    state = game([], cargo=(["blue", "green"], []))
    state = play(state, 0, {"type": "unload", "colours": ["green"]})
    assert state["cubes"] == {"THERA:thera": ["green"]} and state["actions"] == 3
    assert state["boats"][0]["cargo"] == ["blue"]


def test_sell_only_at_a_port_of_thera() -> None:
    # D16: the start board's islets are not Thera.
    islet = game([], boats=("THERA:pSE", "THERA:T2"), cargo=(["blue"], []))
    assert moves_of(islet, "sell") == []
    with pytest.raises(IllegalMove, match="Thera"):
        play(islet, 0, {"type": "sell", "colours": ["blue"]})
    state = game(
        [],
        cargo=(["blue", "blue", "green"], []),
        market={"orange": 8, "blue": 3, "green": 5, "grey": 8},
    )
    sells = {tuple(m["colours"]): m["gain"] for m in moves_of(state, "sell")}
    assert sells[("blue", "blue", "green")] == 8  # the seed's worked example
    with pytest.raises(IllegalMove, match="stale"):
        play(state, 0, {"type": "sell", "colours": ["blue"], "gain": 5})
    after = play(state, 0, {"type": "sell", "colours": ["blue", "blue", "green"]})
    assert after["players"][0]["drachmas"] == 10 and after["actions"] == 3
    assert after["market"] == {"orange": 8, "blue": 5, "green": 6, "grey": 8}
    assert after["progress"]


def test_the_bank_has_no_limit() -> None:
    # D13: drachmas are not capped at the 65 of the box.
    state = game(
        [],
        cargo=(["blue"], []),
        drachmas=(100, 2),
        market={"orange": 8, "blue": 0, "green": 8, "grey": 8},
    )
    assert play(state, 0, {"type": "sell", "colours": ["blue"]})["players"][0]["drachmas"] == 105


def test_buy_plans_prices_and_decks() -> None:
    state = game([], drachmas=(7, 2))
    buys = moves_of(state, "buy_plans")
    assert {m["price"] for m in buys} == {1, 3, 7}
    assert len(buys) == 3 + 6 + 10
    top = {d: state["decks"][d][0] for d in ("easy", "medium", "hard")}
    # D21: each card comes from the top of the deck chosen for it.
    after = play(state, 0, {"type": "buy_plans", "decks": ["hard", "easy"]})
    assert after["players"][0]["plans"] == [top["hard"], top["easy"]]
    assert after["players"][0]["drachmas"] == 4 and after["actions"] == 2
    again = play(after, 0, {"type": "buy_plans", "decks": ["medium"]})  # repeatable
    assert again["players"][0]["drachmas"] == 3 and len(again["players"][0]["plans"]) == 3
    with pytest.raises(MalformedMove):  # one action buys at most 3 cards
        play(state, 0, {"type": "buy_plans", "decks": ["easy", "easy", "easy", "easy"]})
    with pytest.raises(IllegalMove, match="cost 7"):
        play(game([], drachmas=(6, 2)), 0, {"type": "buy_plans", "decks": ["easy"] * 3})


def test_buy_plans_needs_thera_and_cards() -> None:
    away = game([], boats=("THERA:pSE", "THERA:T2"), drachmas=(7, 2))
    assert moves_of(away, "buy_plans") == []
    with pytest.raises(IllegalMove, match="Thera"):
        play(away, 0, {"type": "buy_plans", "decks": ["easy"]})
    state = game([], drachmas=(7, 2))
    state["decks"] = {**state["decks"], "hard": []}
    assert all("hard" not in m["decks"] for m in moves_of(state, "buy_plans"))
    with pytest.raises(IllegalMove, match="hard deck"):
        play(state, 0, {"type": "buy_plans", "decks": ["hard"]})


def test_no_limit_on_plan_cards_in_hand() -> None:
    # D29
    state = game([], drachmas=(50, 2), actions=6)
    for _ in range(5):
        state = play(state, 0, {"type": "buy_plans", "decks": ["easy", "medium", "hard"]})
    assert len(state["players"][0]["plans"]) == 15


def test_oracle_reveals_until_the_terrain() -> None:
    # T01 volcano, T02 lake, T03 tree, T04 lake.
    state = game([], pile=["T01", "T02", "T03", "T04"], discard=["T10"])
    after = play(state, 0, {"type": "oracle", "terrain": "tree"})
    assert after["players"][0]["tile"] == "T03" and after["players"][0]["tile_public"]
    assert after["pile"] == ["T04"] and after["discard"] == ["T10", "T01", "T02"]
    assert after["oracle_used"] and after["actions"] == 2
    assert moves_of(after, "oracle") == []  # once per turn (and a tile is held)
    event = after["log"][-1]
    assert event["revealed"] == ["volcano", "lake", "tree"] and event["tile"] == "T03"


def test_oracle_takes_the_last_revealed_tile_when_none_matches() -> None:
    # D22: no reshuffle in the middle of the search.
    state = game([], pile=["T01", "T02"], discard=["T10"])
    after = play(state, 0, {"type": "oracle", "terrain": "mountain"})
    assert after["players"][0]["tile"] == "T02"
    assert after["pile"] == [] and after["discard"] == ["T10", "T01"]


def test_oracle_reshuffles_the_discard_into_an_empty_pile() -> None:
    state = game([], pile=[], discard=["T01", "T02", "T03"])
    after = play(state, 0, {"type": "oracle", "terrain": "lake"})
    assert after["players"][0]["tile"] == "T02"
    assert sorted(after["pile"] + after["discard"] + ["T02"]) == ["T01", "T02", "T03"]
    assert after["rng"] != state["rng"]
    empty = game([], pile=[], discard=[])
    assert moves_of(empty, "oracle") == []
    with pytest.raises(IllegalMove):
        play(empty, 0, {"type": "oracle", "terrain": "lake"})


def excavation_map() -> list:
    used: set[str] = {"T05"}
    # E01 (volcano up, lake down) is proven on both quarters of the merged island se+T05:b
    return [*MERGED, icon_at("volcano", 1, 5, used), icon_at("lake", 1, -6, used)]


def excavator(**fields) -> dict:  # type: ignore[no-untyped-def]
    defaults = {
        "boats": ("THERA:pSE", "THERA:T2"),
        "plans": (["E01", "M05"], []),
        "drachmas": (5, 2),
    }
    return game(excavation_map(), **{**defaults, **fields})


def test_excavate_on_any_proven_quarter_of_the_island() -> None:
    # D10: the player chooses the quarter (here two quarters on two tiles).
    state = excavator()
    digs = moves_of(state, "excavate")
    assert digs == [
        {"type": "excavate", "card": "E01", "quarter": [1, -2]},
        {"type": "excavate", "card": "E01", "quarter": [2, -2]},
    ]
    after = play(state, 0, digs[1])
    player = after["players"][0]
    assert player["temples"] == 1 and player["drachmas"] == 3 and player["scored"] == ["E01"]
    assert player["plans"] == ["M05"] and after["actions"] == 2
    assert after["temples"] == [{"seat": 0, "quarter": [2, -2], "card": "E01"}]
    assert after["progress"]
    after = play(play(after, 0, {"type": "end_turn"}), 1, {"type": "end_turn"})
    assert after["actions"] == 4  # the uncovered 4 counts from the next turn


def test_one_temple_per_island_and_none_on_thera() -> None:
    state = excavator(temples=[{"seat": 1, "quarter": [1, -2], "card": "E02"}])
    assert moves_of(state, "excavate") == []
    with pytest.raises(IllegalMove, match="already holds a temple"):
        play(state, 0, {"type": "excavate", "card": "E01", "quarter": [2, -2]})
    at_thera = excavator(boats=("THERA:T1", "THERA:T2"))
    with pytest.raises(IllegalMove, match="Thera"):
        play(at_thera, 0, {"type": "excavate", "card": "E01", "quarter": [0, -1]})


def test_excavation_checks_quarter_pattern_and_money() -> None:
    state = excavator()
    with pytest.raises(IllegalMove, match="not on the island"):
        play(state, 0, {"type": "excavate", "card": "E01", "quarter": [-2, 1]})
    with pytest.raises(IllegalMove, match="not satisfied"):
        play(state, 0, {"type": "excavate", "card": "M05", "quarter": [1, -2]})
    with pytest.raises(IllegalMove, match="not in your hand"):
        play(state, 0, {"type": "excavate", "card": "E02", "quarter": [1, -2]})
    poor = excavator(drachmas=(1, 2))  # D23: E01 costs 2
    assert moves_of(poor, "excavate") == []
    with pytest.raises(IllegalMove, match="costs 2"):
        play(poor, 0, {"type": "excavate", "card": "E01", "quarter": [1, -2]})


def test_excavate_where_the_other_boat_is_docked() -> None:
    # D25: the opponent's boat on the same island (another port) does not prevent it.
    state = excavator(boats=("THERA:pSE", "T05:b1"))
    assert len(moves_of(state, "excavate")) == 2


def test_moves_are_validated() -> None:
    state = game([])
    bad: object
    for bad in (
        [],
        {"type": "fly"},
        {"type": "load"},
        {"type": "load", "colours": ["pink"]},
        {"type": "load", "colours": []},
        {"type": "move", "legs": "T01:a1"},
        {"type": "end_turn", "extra": 1},
        {"type": "excavate", "card": "E01", "quarter": [1]},
        {"type": "buy_plans", "decks": ["bronze"]},
        {"type": "oracle", "terrain": "sea"},
        {"type": "sell", "colours": ["blue"], "gain": "lots"},
    ):
        with pytest.raises(MalformedMove):
            akrotiri.apply(state, 0, bad)  # type: ignore[arg-type]
