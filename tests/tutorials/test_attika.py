"""The scripted Attika tutorial is a real game: every offered move is legal where it is
offered, the views it shows are those the rules give, and the numbers its words use are
the rules' own."""

from __future__ import annotations

import copy

from app.games import attika
from app.games.attika.components import BUILDING_INDEX, BUILDINGS
from app.tutorials import attika as tutorial
from app.tutorials.attika import script, summary

LESSONS = ["cost", "free", "colony", "draw", "amphora", "end", "shrines"]


def _view(state: dict) -> dict:
    return {
        **attika.view(state, 0),
        "to_act": sorted(attika.to_act(state)),
        "result": attika.result(state),
    }


def test_seven_lessons_each_offering_one_legal_move() -> None:
    steps = script()["steps"]
    assert [step["lesson"] for step in steps] == LESSONS
    for step, state in zip(steps, tutorial.replay(), strict=True):
        assert step["view"]["to_act"] == [0]
        assert len(step["moves"]) == 1
        assert step["moves"][0] in attika.legal_moves(state, 0), step["lesson"]


def test_replaying_the_moves_with_the_rules_gives_each_view() -> None:
    state = tutorial._start()
    for step in script()["steps"]:
        assert _view(state) == step["view"], step["lesson"]
        state = attika.apply(state, 0, step["moves"][0])
        assert _view(state) == step["after"], step["lesson"]
        if "opponent" in step:
            state = tutorial._opponent(state)
            assert _view(state) == step["opponent"], step["lesson"]
    assert state["winner"] == 0 and state["victory"] == "shrines"


def test_the_script_is_deterministic_and_the_start_is_a_whole_set() -> None:
    first = copy.deepcopy(script())
    script.cache_clear()
    assert script() == first
    state = tutorial._start()
    for seat, player in enumerate(state["players"]):
        on_map = [c & 31 for c in state["occ"] if c >= 0 and c >> 5 == seat]
        held = on_map + player["reserve"] + [b for stack in player["stacks"] for b in stack]
        assert sorted(held) == list(range(len(BUILDINGS)))
    cards = len(state["deck"])
    cards += sum(sum(p["hand"]) for p in state["players"]) + sum(state["discard"])
    assert cards == 60


def test_the_numbers_in_the_words_are_the_rules() -> None:
    lines = {line["lesson"]: line for line in summary()}
    well = BUILDINGS[BUILDING_INDEX["well"]]
    cost = lines["cost"]
    assert cost["printed"] == sum(well.cost) == 4
    assert (cost["covered"], cost["paid"]) == (2, 2)
    assert cost["move"]["cost"]["founds_new_colony"] is False
    free = lines["free"]
    assert free["move"]["cost"]["free"] and free["paid"] == 0
    colony = lines["colony"]
    assert colony["move"]["cost"]["founds_new_colony"]
    assert (colony["colonies"], colony["surcharge"]) == (1, 1)
    assert colony["paid"] == sum(colony["move"]["cost"]["due"].values()) + 1
    assert lines["draw"]["stack"] == 1 and lines["draw"]["left"] == 1
    steps = {step["lesson"]: step for step in script()["steps"]}
    assert steps["draw"]["after"]["pending"]["building"] == "vintner"
    assert lines["amphora"]["move"]["cost"]["free"] and lines["amphora"]["amphorae"] == 1
    assert steps["amphora"]["after"]["players"][0]["earned"] == ["viticulture"]
    assert (lines["end"]["cards"], lines["end"]["amphorae"]) == (1, 1)
    assert steps["end"]["after"]["phase"] == "amphora"
    shrines = steps["shrines"]
    assert shrines["moves"][0]["amphora"] is True
    assert shrines["after"]["result"]["winner"] == 0
    assert shrines["after"]["victory"] == "shrines"
    assert lines["shrines"]["built"] == shrines["after"]["players"][0]["built"]
    # Only the colony lesson's build founds a colony; the opponent answered once.
    assert [("opponent" in step) for step in script()["steps"]] == [
        lesson == "colony" for lesson in LESSONS
    ]


def test_the_opponent_keeps_off_the_lessons_hexes() -> None:
    after = script()["steps"][2]["opponent"]
    theirs = {(b["q"], b["r"]) for b in after["buildings"] if b["seat"] == 1}
    assert not theirs & set(tutorial.SPOTS.values())
    assert after["turn"] == 0
