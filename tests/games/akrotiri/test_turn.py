"""The turn flow (spec §4.1, §4.2, §4.4, §7, §8, D2, D6, D7, D11, D31)."""

from __future__ import annotations

import pytest

from app.games import akrotiri
from app.games.akrotiri.components import PLANS
from app.games.interface import IllegalMove, NotYourTurn
from tests.games.akrotiri.helpers import at, game, moves_of, play

END = {"type": "end_turn"}


def tile_step(placements: list, tile: str, **fields) -> dict:  # type: ignore[no-untyped-def]
    state = game(placements, phase="tile", **fields)
    state["players"][0]["tile"] = tile
    state["pile"] = [t for t in state["pile"] if t != tile]
    return state


def test_place_tile_puts_the_icon_cube_then_asks_for_the_free_cube() -> None:
    state = tile_step([], "T04")  # lake icon on piece a (NE), piece b elsewhere
    assert {tuple(m["cell"]) for m in moves_of(state, "place_tile")} == {
        (-1, -2),
        (0, -2),
        (1, -1),
        (1, 0),
        (0, 1),
        (-1, 1),
        (-2, 0),
        (-2, -1),
    }
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "place_tile", "cell": [3, 3], "rot": 0})
    state = play(state, 0, {"type": "place_tile", "cell": [1, -1], "rot": 0})
    assert state["cubes"] == {"T04:a": ["blue"]} and state["market"]["blue"] == 7
    assert state["phase"] == "resources" and state["players"][0]["tile"] is None
    moves = moves_of(state, "place_resources")
    assert {m["piece"] for m in moves} == {"T04:b"}  # merged with the islet se
    assert {m["colour"] for m in moves} == {"orange", "blue", "green", "grey"}
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "place_resources", "piece": "T04:a", "colour": "grey"})
    state = play(state, 0, {"type": "place_resources", "piece": "T04:b", "colour": "grey"})
    assert state["cubes"]["T04:b"] == ["grey"] and state["phase"] == "actions"


def test_icon_colour_exhausted_places_only_the_free_cube() -> None:
    # D6
    state = tile_step([], "T04", market={"orange": 8, "blue": 0, "green": 8, "grey": 8})
    state = play(state, 0, {"type": "place_tile", "cell": [1, -1], "rot": 0})
    assert state["cubes"] == {} and state["phase"] == "resources"
    assert {m["piece"] for m in moves_of(state, "place_resources")} == {"T04:b"}
    assert "blue" not in {m["colour"] for m in moves_of(state, "place_resources")}


def test_free_cube_is_skipped_when_every_piece_joins_the_icons_island() -> None:
    # D7: evaluated after the placement, merges included. Found by random search: T25's two
    # pieces both join the icon's island through the tiles already there.
    placements = [
        at("T35", -1, -2, 0),
        at("T32", -1, 1, 0),
        at("T21", 0, 1, 2),
        at("T26", -2, -2, 1),
    ]
    state = tile_step(placements, "T25")
    state = play(state, 0, {"type": "place_tile", "cell": [1, 1], "rot": 2})
    assert state["phase"] == "actions"
    assert sum(state["market"].values()) == 31  # only the icon cube left the market


def test_actions_follow_the_track_and_are_fixed_at_the_start_of_the_turn() -> None:
    # D2: 3, 4, 5, 5, 6, 6 actions after 0..5 temples.
    seen = []
    for temples in range(6):
        state = game([], turn=1)
        state["players"][0]["temples"] = temples
        state = play(state, 1, END)
        seen.append(state["actions"])
    assert seen == [3, 4, 5, 5, 6, 6]


def test_end_of_turn_draws_a_tile_unless_the_oracle_was_consulted() -> None:
    state = game([], turn=0)
    pile = len(state["pile"])
    after = play(state, 0, END)
    assert after["players"][0]["tile"] == state["pile"][0] and len(after["pile"]) == pile - 1
    assert after["turn"] == 1 and after["phase"] == "actions"  # seat 1 has no tile
    oracle = play(state, 0, {"type": "oracle", "terrain": "lake"}, END)
    assert oracle["players"][0]["tile_public"]
    assert len(oracle["pile"]) + len(oracle["discard"]) == pile - 1


def test_a_turn_without_a_tile_starts_with_the_actions() -> None:
    state = game([], turn=1, pile=[], first=0)
    state = play(state, 1, END)
    assert state["phase"] == "actions" and state["turn"] == 0 and state["round"] == 2


def test_wrong_seat_and_wrong_step() -> None:
    state = game([])
    with pytest.raises(NotYourTurn):
        akrotiri.apply(state, 1, END)
    with pytest.raises(IllegalMove, match="wrong_phase"):
        akrotiri.apply(state, 0, {"type": "place_tile", "cell": [1, 0], "rot": 0})


def excavation_ready(first: int, mover: int, temples: int, **fields) -> dict:  # type: ignore[no-untyped-def]
    """The mover's boat on islet se, holding a plan proven there (E01: volcano up, lake
    down); ``temples`` already excavated."""
    from tests.games.akrotiri.helpers import icon_at

    used: set[str] = set()
    up, down = (5, -6) if mover == 0 else (-6, 5)  # "up" is read from the mover's seat
    placements = [icon_at("volcano", 1, up, used), icon_at("lake", 1, down, used)]
    boats = ["THERA:T1", "THERA:T2"]
    boats[mover] = "THERA:pSE"
    plans: list[list[str]] = [[], []]
    plans[mover] = ["E01"]
    state = game(
        placements,
        turn=mover,
        first=first,
        boats=(boats[0], boats[1]),
        plans=(plans[0], plans[1]),
        drachmas=(20, 20),
        **fields,
    )
    state["players"][mover]["temples"] = temples
    return state


def test_the_third_and_fifth_temple_draw_two_objectives_keep_one() -> None:
    state = excavation_ready(0, 0, 2)
    deck = list(state["objective_deck"])
    state = play(state, 0, {"type": "excavate", "card": "E01", "quarter": [1, -2]})
    assert state["phase"] == "objective" and state["players"][0]["choice"] == deck[:2]
    assert moves_of(state, "keep_objective") == [
        {"type": "keep_objective", "card": deck[0]},
        {"type": "keep_objective", "card": deck[1]},
    ]
    state = play(state, 0, {"type": "keep_objective", "card": deck[1]})
    assert state["players"][0]["objectives"] == [deck[1]]
    assert state["objective_deck"] == [*deck[2:], deck[0]]
    assert state["phase"] == "actions" and state["actions"] == 2


def test_strategist_temples_pick_from_the_offer() -> None:
    state = excavation_ready(0, 0, 4, options={"strategist": True})
    state["offer"] = ["G03", "G09"]
    state = play(state, 0, {"type": "excavate", "card": "E01", "quarter": [1, -2]})
    assert state["phase"] == "pick"
    state = play(state, 0, {"type": "pick_objective", "card": "G09"})
    assert state["offer"] == ["G03"] and state["players"][0]["objectives"] == ["G09"]
    assert state["players"][0]["public_objectives"] == ["G09"]


def test_sixth_temple_by_the_first_player_gives_the_other_a_last_turn() -> None:
    # D11: the turn goes on after the sixth temple; then the second player's last turn.
    state = excavation_ready(0, 0, 5, cargo=(["blue"], []))
    state = play(state, 0, {"type": "excavate", "card": "E01", "quarter": [1, -2]})
    assert state["end_trigger"] == 0 and not state["finished"]
    assert moves_of(state, "unload")  # still playing this turn
    state = play(state, 0, END)
    assert not state["finished"] and state["turn"] == 1
    state = play(state, 1, END)
    assert state["finished"] and akrotiri.to_act(state) == set()
    result = akrotiri.result(state)
    assert result is not None and result["end"] == "temples"
    assert result["breakdown"][0]["plans"] == PLANS["E01"]["points"]


def test_sixth_temple_by_the_second_player_ends_the_game_after_that_turn() -> None:
    state = excavation_ready(0, 1, 5)
    state = play(state, 1, {"type": "excavate", "card": "E01", "quarter": [1, -2]}, END)
    assert state["finished"]


def test_stall_rule_ends_after_five_rounds_without_progress() -> None:
    # D31: no tile anywhere; five full rounds without excavation, sale or purchase.
    state = game([], pile=[], discard=[])
    rounds = 0
    while not state["finished"]:
        state = play(state, 0, END)
        if not state["finished"]:
            state = play(state, 1, END)
        rounds += 1
        assert rounds <= 6
    # The round that began with tiles out counts from the next one (the first round here
    # started before the state was set up: its tiles_out flag is false).
    assert rounds == 6 and state["end_reason"] == "stall"


def test_progress_resets_the_stall_count() -> None:
    state = game([], pile=[], discard=[], stall=4, tiles_out=True, drachmas=(5, 5))
    state = play(state, 0, {"type": "buy_plans", "decks": ["easy"]}, END)
    state = play(state, 1, END)
    assert state["stall"] == 0 and not state["finished"]
