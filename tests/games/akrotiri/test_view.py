"""Views, hidden information and the log redaction (spec §11)."""

from __future__ import annotations

import orjson

from app.games import akrotiri
from tests.games.akrotiri.helpers import at, game, play
from tests.games.akrotiri.test_actions import excavator


def text(view: dict) -> str:
    return orjson.dumps(view).decode()


def test_hands_are_seen_by_their_owner_only() -> None:
    state = game([], plans=(["E05", "H03"], ["M07"]), objectives=(["G04"], ["G11"]))
    state["players"][0]["tile"] = "T17"
    state["players"][0]["choice"] = ["G02", "G06"]
    state["objective_deck"] = [c for c in state["objective_deck"] if c not in ("G02", "G06")]
    state["pile"] = [t for t in state["pile"] if t != "T17"]
    mine, theirs, spectator = (akrotiri.view(state, s) for s in (0, 1, None))
    own = mine["players"][0]
    assert [c["id"] for c in own["plans"]] == ["E05", "H03"]
    assert [c["id"] for c in own["objectives"]] == ["G04"]
    assert own["tile"] == "T17" and [c["id"] for c in own["choice"]] == ["G02", "G06"]
    for other in (theirs, spectator):
        hidden = other["players"][0]
        assert hidden["plans"] is None and hidden["objectives"] is None
        assert hidden["choice"] is None and hidden["tile"] is None and hidden["has_tile"]
        assert hidden["plan_difficulties"] == {"easy": 1, "medium": 0, "hard": 1}
        assert hidden["objective_count"] == 1 and hidden["choosing"] == 2
        for secret in ('"E05"', '"H03"', '"G04"', '"T17"', '"G02"', '"G06"'):
            assert secret not in text(other)
    assert '"M07"' not in text(mine) and '"G11"' not in text(mine)
    for deck_card in state["decks"]["easy"] + state["objective_deck"] + state["pile"]:
        assert f'"{deck_card}"' not in text(mine)


def test_the_oracles_tile_is_face_up() -> None:
    state = play(game([], pile=["T01", "T02"]), 0, {"type": "oracle", "terrain": "lake"})
    for seat in (0, 1, None):
        assert akrotiri.view(state, seat)["players"][0]["tile"] == "T02"
    assert all(fragment != "T02" for _, fragment in akrotiri.secrets(state))


def test_own_plans_show_where_they_are_proven() -> None:
    state = excavator()
    plans = akrotiri.view(state, 0)["players"][0]["plans"]
    e01 = next(c for c in plans if c["id"] == "E01")
    assert [1, -2] in e01["proven_at"] and [2, -2] in e01["proven_at"]
    assert e01["pattern"] == [
        {"dir": "up", "terrain": "volcano"},
        {"dir": "down", "terrain": "lake"},
    ]
    assert e01["affordable"]


def test_everything_public_is_in_every_view() -> None:
    state = game([at("T05", 1, -1)], cubes={"T05:b": ["green"]}, drachmas=(4, 9))
    view = akrotiri.view(state, None)
    assert view["placements"] == [at("T05", 1, -1)]
    assert view["piece_island"]["T05:b"] == view["piece_island"]["THERA:se"]
    assert view["cubes"] == {"T05:b": ["green"]}
    assert [p["drachmas"] for p in view["players"]] == [4, 9]
    assert view["pile"] == len(state["pile"]) and view["decks"]["easy"] == 12
    assert view["prices"]["green"] == 1 and view["turn"] == 0 and view["you"] is None
    assert orjson.loads(orjson.dumps(view)) == view


def test_objectives_are_revealed_at_the_end_plans_are_not() -> None:
    state = game(
        [], plans=(["E05"], []), objectives=(["G04"], ["G11"]), finished=True, phase="over"
    )
    view = akrotiri.view(state, 1)
    assert [c["id"] for c in view["players"][0]["objectives"]] == ["G04"]
    assert view["players"][0]["objectives"][0]["points_now"] == 0
    assert view["players"][0]["plans"] is None and '"E05"' not in text(view)
    hidden = {fragment for _, fragment in akrotiri.secrets(state)}
    assert "G04" not in hidden and "E05" in hidden


def test_redact_move_hides_the_kept_objective_until_the_end() -> None:
    move = {"type": "keep_objective", "card": "G07"}
    assert akrotiri.redact_move(move, 0, 1, False) == {"type": "keep_objective", "hidden": True}
    assert akrotiri.redact_move(move, 0, None, False)["hidden"]
    assert akrotiri.redact_move(move, 0, 0, False) == move
    assert akrotiri.redact_move(move, 0, 1, True) == move
    pick = {"type": "pick_objective", "card": "G07"}  # taken from the face-up offer
    assert akrotiri.redact_move(pick, 0, 1, False) == pick
    buy = {"type": "buy_plans", "decks": ["easy"]}
    assert akrotiri.redact_move(buy, 0, 1, False) == buy


def test_the_log_never_names_a_hidden_card() -> None:
    state = game([], drachmas=(9, 2))
    state = play(state, 0, {"type": "buy_plans", "decks": ["easy", "hard"]})
    bought = state["players"][0]["plans"]
    other = text(akrotiri.view(state, 1))
    assert all(f'"{card}"' not in other for card in bought)
    assert akrotiri.view(state, 1)["log"][-1] == {
        "seq": state["seq"],
        "seat": 0,
        "type": "buy_plans",
        "decks": ["easy", "hard"],
        "price": 3,
    }
