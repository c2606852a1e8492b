"""The scripted Akrotiri tutorial is a real game: it starts from a deal played by the rules,
every offered move is legal where it is offered, the views are the rules' views, and the
numbers in its words are what the rules say."""

from __future__ import annotations

import json

from app.games import akrotiri
from app.games.akrotiri.cache import board_of
from app.games.akrotiri.components import PLANS
from app.games.akrotiri.plans import proven_on
from app.i18n import LANGUAGES, translate
from app.tutorials import akrotiri as tutorial

LESSONS = ["tile", "cube", "sell", "sail", "excavate", "load"]


def _view(state: dict) -> dict:
    return {**akrotiri.view(state, 0), "to_act": sorted(akrotiri.to_act(state)), "result": None}


def test_six_lessons_each_offering_one_legal_move() -> None:
    steps = tutorial.script()["steps"]
    assert [step["lesson"] for step in steps] == LESSONS
    states = tutorial.replay()
    for step, state in zip(steps, states, strict=False):
        assert step["view"]["to_act"] == [0]
        assert len(step["moves"]) == 1
        assert step["moves"][0] in akrotiri.legal_moves(state, 0), step["lesson"]
        assert step["focus"]


def test_the_start_is_reached_by_the_rules_from_the_seed() -> None:
    state = tutorial.start()
    log = [(event["seat"], event["type"]) for event in state["log"]]
    # both setup tiles, the objectives, then a whole first round
    assert log.count((0, "place_tile")) == 2 and log.count((1, "place_tile")) == 2
    assert log.count((0, "end_turn")) == 1 and log.count((1, "end_turn")) == 1
    assert state["round"] == 2 and state["turn"] == 0 and state["phase"] == "tile"
    assert state["boats"][0]["at"] == "THERA:T1" and state["boats"][0]["cargo"]


def test_views_before_and_after_each_move_are_the_rules_views() -> None:
    steps = tutorial.script()["steps"]
    states = tutorial.replay()
    for index, step in enumerate(steps):
        assert step["view"] == _view(states[index])
        assert step["after"] == _view(states[index + 1])
        assert "opponent" not in step  # one guided turn: the opponent played before it
    # the JSON the browser receives is the same data
    assert json.loads(json.dumps(tutorial.script())) == tutorial.script()


def test_deterministic() -> None:
    first = json.dumps(tutorial.script(), sort_keys=True)
    tutorial.script.cache_clear()
    tutorial.start.cache_clear()
    assert json.dumps(tutorial.script(), sort_keys=True) == first


def test_the_numbers_in_the_words_are_the_rules() -> None:
    steps = {step["lesson"]: step for step in tutorial.script()["steps"]}
    states = dict(zip(LESSONS + ["end"], tutorial.replay(), strict=True))
    # the tile joins parts into one island whose size the words give
    after_tile = states["cube"]
    board = board_of(after_tile["placements"])
    islands = board.islands()
    big = islands.of_piece[board.piece_index[tutorial.FREE_CUBE["piece"]]]
    assert steps["tile"]["values"]["tiles"] == islands.tiles[big] >= 3
    assert steps["tile"]["values"]["parts"] == len(islands.pieces[big]) >= 3
    # the sale pays what the market says, and makes the plan affordable
    sell = steps["sell"]
    before, after = states["sell"]["players"][0], states["sail"]["players"][0]
    assert sell["values"]["gain"] == after["drachmas"] - before["drachmas"] > 0
    cost = PLANS[tutorial.PLAN]["cost"]
    assert before["drachmas"] < cost <= after["drachmas"] == sell["values"]["drachmas"]
    # sailing costs what the move says
    sail = steps["sail"]["values"]
    assert sail["left"] == states["excavate"]["actions"] == sail["actions"] - sail["cost"]
    # the plan was proven only once the tile was laid; the temple costs and scores as told
    quarter = (tutorial.TEMPLE_AT[0], tutorial.TEMPLE_AT[1])
    assert not proven_on(board_of(states["tile"]["placements"]), tutorial.PLAN, 0, quarter)
    assert proven_on(board_of(after_tile["placements"]), tutorial.PLAN, 0, quarter)
    dig = steps["excavate"]["values"]
    laid = board_of(after_tile["placements"]).icons[-1][2]
    assert dig["terrain"] == laid == steps["tile"]["values"]["terrain"]
    assert laid in {item["terrain"] for item in PLANS[tutorial.PLAN]["pattern"]}
    player = states["load"]["players"][0]
    assert player["temples"] == 1 and player["scored"] == [tutorial.PLAN]
    assert dig["left"] == player["drachmas"] and dig["cost"] == cost
    assert dig["next"] == akrotiri.view(states["load"], 0)["players"][0]["actions_next"]
    # loading takes the cubes the words count
    assert len(states["end"]["boats"][0]["cargo"]) == steps["load"]["values"]["n"] == 3
    assert states["end"]["actions"] == 0


def test_every_lesson_has_words_in_every_language() -> None:
    for step in tutorial.script()["steps"]:
        for part in ("title", "intro", "done"):
            key = f"tutorial.akrotiri.{step['lesson']}.{part}"
            for language in LANGUAGES:
                text = translate(language, key, **step["values"])
                assert text != key and "{" not in text, (language, key, text)
    for key in ("tutorial.akrotiri.finish", "tutorial.akrotiri.opponent_played"):
        assert all(translate(language, key) != key for language in LANGUAGES)
