"""The scripted Agorapolis tutorial is a real round: every offered move is legal, the views
are seat 0's real views (the opponent's secret bets never show before the reveal), and the
numbers its text quotes are the rules' own."""

from __future__ import annotations

from typing import Any

import orjson

from app.games import agorapolis
from app.i18n import LANGUAGES, catalogue, translate
from app.tutorials import agorapolis as tutorial

HUMAN, OPPONENT = 0, 1
LESSONS = ["secret_bet", "combination", "renown", "exploit", "card"]


def _view(state: dict[str, Any]) -> dict[str, Any]:
    return {
        **agorapolis.view(state, HUMAN),
        "to_act": sorted(agorapolis.to_act(state)),
        "result": None,
    }


def _steps() -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = tutorial.script()["steps"]
    return steps


def test_five_lessons_each_offering_one_legal_move() -> None:
    steps = _steps()
    assert [step["lesson"] for step in steps] == LESSONS
    for step, (before, _) in zip(steps, tutorial.states(), strict=True):
        assert HUMAN in step["view"]["to_act"]
        assert len(step["moves"]) == 1
        assert step["moves"][0] in agorapolis.legal_moves(before, HUMAN)
        assert step["focus"]


def test_replaying_with_the_rules_gives_every_view() -> None:
    """From the start, only the opponent's answers and the player's forced moves (a single
    legal move) lie between two steps; each view is the rules' view at that point."""
    state = tutorial._start()
    for step in _steps():
        for _ in range(20):
            if _view(state) == step["view"]:
                break
            if OPPONENT in agorapolis.to_act(state):
                state = tutorial._opponent(state)
                continue
            forced = agorapolis.legal_moves(state, HUMAN)
            assert len(forced) == 1, (step["lesson"], forced)
            state = agorapolis.apply(state, HUMAN, forced[0])
        assert _view(state) == step["view"], step["lesson"]
        assert step["moves"][0] in agorapolis.legal_moves(state, HUMAN)
        state = agorapolis.apply(state, HUMAN, step["moves"][0])
        assert _view(state) == step["after"], step["lesson"]


def test_the_opponent_view_is_the_next_position() -> None:
    steps = _steps()
    for step, following in zip(steps, steps[1:], strict=False):
        if "opponent" in step:
            assert step["opponent"] == following["view"]
    assert "opponent" in steps[0] and "opponent" in steps[2]


def test_the_script_is_deterministic() -> None:
    first = orjson.dumps([step for step, _, _ in tutorial._steps()])
    second = orjson.dumps([step for step, _, _ in tutorial._steps()])
    assert first == second


def test_the_opponents_secret_choices_never_show_before_the_reveal() -> None:
    """Where the opponent has committed and the player has not, seat 0's view is the same
    whatever the opponent chose (so the choice is nowhere in it), and the reveal shows it."""
    checked = 0
    for step, (before, after) in zip(_steps(), tutorial.states(), strict=True):
        if OPPONENT not in before["committed"]:
            continue
        checked += 1
        chosen = before["commits"][str(OPPONENT)]
        assert step["view"]["my_commit"] is None
        undecided = {**before, "commits": {}, "committed": [], "to_act": [HUMAN, OPPONENT]}
        for move in agorapolis.legal_moves(undecided, OPPONENT):
            other = agorapolis.apply(undecided, OPPONENT, move)
            assert _view(other) == step["view"], (step["lesson"], move)
        if chosen["type"] == "bet":
            assert step["view"]["players"][OPPONENT]["bets"][chosen["sector"]] is None
            assert after["players"][OPPONENT]["bets"][chosen["sector"]] == chosen["dice"]
        else:
            assert step["view"]["bids"] == [None, None]
            assert step["after"]["bids"][OPPONENT] == chosen["pay"]
    assert checked == 2  # the Agriculture bet and the Exploit bid


def test_the_numbers_in_the_text_are_the_rules() -> None:
    bet, combination, renown, exploit, card = _steps()
    assert bet["values"] == {"dice": 6, "opponent_bet": 3}
    assert bet["opponent"]["players"][HUMAN]["bets"] == {
        "agriculture": 6,
        "society": 0,
        "commerce": 0,
        "religion": 0,
        "military": 0,
    }
    before = combination["view"]["players"][HUMAN]
    after = combination["after"]["players"][HUMAN]
    assert before["city"] == "sparta" and before["fetish"] == combination["values"]["fetish"] == 5
    assert before["best"]["agriculture"] == {"combination": "pair", "gain": 1}
    assert after["best"]["agriculture"] == {"combination": "straight", "gain": 6}
    assert sorted(d["value"] for d in after["dice"]["agriculture"]) == [1, 2, 2, 3, 4, 5]
    opponent = combination["view"]["players"][OPPONENT]["best"]["agriculture"]
    assert opponent == {"combination": "three_of_a_kind", "gain": 3}
    assert combination["values"] == {
        "before": 1, "after": 6, "from": 6, "to": 5, "fetish": 5, "opponent_gain": 3
    }  # fmt: skip
    resolution = renown["after"]["resolution"]
    assert resolution["winners"]["agriculture"] == HUMAN
    assert resolution["winners"]["commerce"] == OPPONENT
    assert renown["after"]["players"][HUMAN]["reserves"]["agriculture"] == 12
    assert renown["values"] == {
        "gain": 6, "reserve": 12, "opponent_gain": 3, "renown": 1, "target": 18
    }  # fmt: skip
    assert renown["score"] == {"before": 0, "after": 1}
    assert exploit["view"]["holder"] == HUMAN  # "you hold the marker now"
    assert exploit["moves"] == [{"type": "exploit_bid", "pay": {"agriculture": 2}}]
    assert exploit["values"] == {"bid": 2, "opponent_bid": 1, "cards": 3, "reserve": 10}
    assert exploit["after"]["holder"] == HUMAN and exploit["after"]["phase"] == "EXPLOIT_PICK"
    assert len(exploit["after"]["drawn_cards"]) == 3
    assert card["values"] == {"kept": 1, "returned": 2}
    assert card["after"]["my_cards"] == [{"card": card["moves"][0]["card"], "holder": HUMAN}]


def test_every_lesson_speaks_every_language() -> None:
    steps = _steps()
    for language in LANGUAGES:
        words = catalogue(language)
        for step in steps:
            for part in ("title", "intro", "done"):
                key = f"tutorial.agorapolis.{step['lesson']}.{part}"
                assert key in words, (language, key)
                text = translate(language, key, **step["values"])
                assert "{" not in text and "}" not in text, (language, key, text)
        for key in ("opponent_played", "finish"):
            assert f"tutorial.agorapolis.{key}" in words
