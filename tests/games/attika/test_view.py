"""Views, hidden information and the move log (§9, D18): ``view``, ``secrets``,
``redact_move``."""

from __future__ import annotations

import copy
import json

from app.games import attika
from app.games.attika.components import TYPES
from tests.games.attika.helpers import moves_of, new_state, seat_to_act, set_hand
from tests.games.conformance import check_views, contains


def test_own_hand_only() -> None:
    state = new_state(3, 2)
    for seat in range(3):
        view = attika.view(state, seat)
        hand = dict(zip(TYPES, state["players"][seat]["hand"], strict=True))
        assert view["hand"] == {"seat": seat, **hand}
        for player in view["players"]:
            assert "hand" not in player
            assert player["hand_size"] == sum(state["players"][player["seat"]]["hand"])
    assert attika.view(state, None)["hand"] is None
    check_views(attika, state)


def test_views_are_json_and_public_parts_equal() -> None:
    state = new_state(4, 1)
    views = [attika.view(state, s) for s in (None, 0, 1, 2, 3)]
    for view in views:
        assert json.loads(json.dumps(view)) == view
    public = [{k: v for k, v in view.items() if k not in ("you", "hand")} for view in views]
    assert all(p == public[0] for p in public)
    view = views[0]
    assert len(view["land"]) == 56 and len(view["shrines"]) == 4
    assert [len(p["reserve"]) for p in view["players"]] == [4, 4, 4, 4]
    assert view["players"][0]["stacks"] == [5, 7, 7, 7]
    assert len(view["catalog"]["buildings"]) == 30
    assert all(p["link"]["distance"] > 0 for p in view["players"])


def test_stack_deck_and_rng_never_shown() -> None:
    state = new_state(2, 4)
    hidden = attika.secrets(state)
    assert (frozenset(), state["rng"]) in hidden
    assert (frozenset(), state["deck"]) in hidden
    for view in (attika.view(state, s) for s in (None, 0, 1)):
        assert not contains(view, state["rng"])
        for player in state["players"]:
            for stack in player["stacks"]:
                assert not contains(view, stack)


def test_payments_stay_private() -> None:
    state = new_state()
    seat = seat_to_act(state)
    state = set_hand(state, seat, water=3, forest=3, hill=3, mountain=3)
    move = next(m for m in moves_of(state, "build") if m["pay"])
    after = attika.apply(state, seat, move)
    event = after["log"][-1]
    assert event["kind"] == "build" and event["cards"] == sum(move["pay"].values())
    assert not any(t in event for t in TYPES) and "pay" not in event
    other = 1 - seat
    seen = attika.redact_move(move, seat, other, False)
    assert "pay" not in seen and "matched" not in seen and "jokers" not in seen
    assert seen["cards"] == sum(move["pay"].values())
    assert seen["building"] == move["building"] and seen["cost"] == move["cost"]
    assert attika.redact_move(move, seat, seat, False) == move
    assert attika.redact_move(move, seat, None, True) == move
    assert attika.redact_move(move, seat, None, False) == seen
    draw = {"type": "draw", "stack": 1}
    assert attika.redact_move(draw, seat, other, False) == draw


def test_every_hand_shown_at_the_end() -> None:
    state = copy.deepcopy(new_state())
    state["turn"]["phase"] = "over"
    state["winner"], state["victory"] = 0, "shrines"
    view = attika.view(state, None)
    assert [p["hand"]["seat"] for p in view["players"]] == [0, 1]
    assert all(not isinstance(f, dict) for _, f in attika.secrets(state))
    assert view["turn"] is None


def test_pending_building_and_piece_are_public() -> None:
    state = new_state()
    seat = seat_to_act(state)
    state = attika.apply(state, seat, {"type": "draw", "stack": 1})
    for viewer in (None, 0, 1):
        pending = attika.view(state, viewer)["pending"]
        assert pending == {
            "seat": seat,
            "building": state["log"][-1]["building"],
            "stack": 1,
        }
