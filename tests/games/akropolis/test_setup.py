"""Setup (spec §4): the configuration table, D1, D7, D13, D17, D18, options."""

from __future__ import annotations

import orjson
import pytest

from app.games import akropolis
from app.games.akropolis.setup import INFO, stacks_for
from app.games.interface import InvalidOptions
from app.games.options import normalize_options

# mode -> (seats, long, tiles, site, stacks, per stack, turns per player)
TABLE = {
    "2p": (2, False, 37, 4, 11, 3, 18),
    "3p": (3, False, 49, 5, 11, 4, 16),
    "4p": (4, False, 61, 6, 11, 5, 15),
    "2p long": (2, True, 61, 4, 19, 3, 30),
    "3p long": (3, True, 61, 5, 14, 4, 20),
    "solo": (1, False, 37, 4, 11, 3, 18),
    "solo long": (1, True, 61, 4, 19, 3, 30),
}


@pytest.mark.parametrize("mode", sorted(TABLE))
def test_configuration_table_d1_d17_d18(mode: str) -> None:
    seats, long_game, tiles, site, stacks, per_stack, _ = TABLE[mode]
    state = akropolis.setup(seats, {"long_game": long_game}, seed=3)
    assert len(state["site"]) == site
    assert len(state["stacks"]) == stacks
    assert {len(s) for s in state["stacks"]} == {per_stack}
    every = state["site"] + [t for s in state["stacks"] for t in s]
    assert len(every) == len(set(every)) == tiles
    assert stacks_for(max(seats, 2), long_game) == stacks
    assert state["places"] == max(seats, 2)  # D18: n = 2 in solo


def test_three_player_long_game_has_14_stacks_d1() -> None:
    state = akropolis.setup(3, {"long_game": True}, seed=0)
    assert len(state["stacks"]) == 14 and len(state["site"]) == 5


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_starting_stones_clockwise_from_chief_d7(seats: int) -> None:
    for seed in range(8):
        state = akropolis.setup(seats, {}, seed)
        chief = state["chief"]
        assert state["turn"] == chief
        for step in range(seats):
            assert state["cities"][(chief + step) % seats]["stones"] == step + 1


def test_first_player_is_drawn_at_random() -> None:
    chiefs = {akropolis.setup(4, {}, seed)["chief"] for seed in range(40)}
    assert chiefs == {0, 1, 2, 3}


def test_solo_stones_and_first_player_d7_d18() -> None:
    state = akropolis.setup(1, {"architect_level": "callicrates"}, seed=9)
    assert state["turn"] == state["chief"] == 0
    assert state["cities"][0]["stones"] == 1
    assert state["architect"] == {"stones": 2, "tiles": []}
    assert state["level"] == "callicrates"


def test_starting_tile_everywhere() -> None:
    state = akropolis.setup(4, {}, seed=1)
    assert all(city["placed"] == [[0, 0, 0, 0]] for city in state["cities"])
    view = akropolis.view(state, 0)
    hexes = {(h["q"], h["r"]): h["hex"] for h in view["cities"][2]["hexes"]}
    assert hexes == {
        (0, 0): {"kind": "plaza", "type": "house", "stars": 1},
        (0, -1): {"kind": "quarry"},
        (1, 0): {"kind": "quarry"},
        (-1, 1): {"kind": "quarry"},
    }


def test_state_is_plain_json_and_seeded() -> None:
    state = akropolis.setup(3, {"variant_markets": True}, seed=77)
    assert orjson.loads(orjson.dumps(state)) == state
    assert akropolis.setup(3, {"variant_markets": True}, seed=77) == state
    assert akropolis.setup(3, {"variant_markets": True}, seed=78) != state
    assert state["variants"] == ["markets"]
    assert state["seats"] == 3


def test_options_and_check() -> None:
    names = [spec.name for spec in INFO.options]
    assert names == [
        "long_game",
        "variant_houses",
        "variant_markets",
        "variant_barracks",
        "variant_temples",
        "variant_gardens",
        "architect_level",
    ]
    for spec in INFO.options:
        assert spec.label["en"] and spec.label["fr"]
    assert INFO.min_seats == 1 and INFO.max_seats == 4
    with pytest.raises(InvalidOptions, match="long game"):
        normalize_options(INFO, 4, {"long_game": True})
    with pytest.raises(InvalidOptions):
        akropolis.setup(4, {"long_game": True}, seed=0)
    with pytest.raises(InvalidOptions):
        normalize_options(INFO, 1, {"architect_level": "pericles"})
    with pytest.raises(InvalidOptions):
        normalize_options(INFO, 5, {})
    assert normalize_options(INFO, 3, {"long_game": True})["long_game"] is True
    # the Architect's level is accepted and ignored with several seats
    state = akropolis.setup(2, {"architect_level": "metagenes"}, seed=0)
    assert state["level"] is None and state["architect"] is None
    assert INFO.to_json()["options"][-1]["choices"] == ["hippodamos", "metagenes", "callicrates"]
