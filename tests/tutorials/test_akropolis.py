"""The scripted Akropolis tutorial is a real game: every offered move is legal, and the
score changes it explains are those of the rules."""

from __future__ import annotations

from app.games import akropolis
from app.tutorials.akropolis import script, summary


def test_three_lessons_each_offering_one_legal_move() -> None:
    steps = script()["steps"]
    assert [step["lesson"] for step in steps] == ["ground", "raise", "plaza"]
    for step in steps:
        assert step["view"]["to_act"] == [0]
        assert len(step["moves"]) == 1 and step["moves"][0]["tile"] == step["tile"]


def test_the_score_grows_as_the_text_says() -> None:
    lines = summary()
    assert [(line["before"], line["after"]) for line in lines] == [(1, 3), (3, 7), (7, 11)]
    steps = script()["steps"]
    assert steps[0]["moves"][0]["level"] == 1
    assert steps[1]["moves"][0]["level"] == 2 and steps[1]["moves"][0]["stones"] == 2
    assert steps[2]["score_after"]["details"]["house"]["stars"] == 2


def test_replaying_the_moves_with_the_rules_reaches_each_view() -> None:
    steps = script()["steps"]
    for step in steps:
        state_view = step["view"]
        move = step["moves"][0]
        assert any(
            m["tile"] == move["tile"] and m["q"] == move["q"] and m["r"] == move["r"]
            for m in akropolis.legal_moves(_state_of(step), 0)
        ), state_view["round"]


def _state_of(step: dict) -> dict:
    """Rebuild the state before a step by replaying the script from its start."""
    from app.tutorials import akropolis as tutorial

    state = tutorial._start()
    for earlier in script()["steps"]:
        if earlier is step:
            return state
        state = akropolis.apply(state, 0, earlier["moves"][0])
        if "opponent" in earlier:
            state = tutorial._opponent(state)
    raise AssertionError("step not found")
