"""The ``evaluate`` hook: one 0..1 estimate per seat."""

from __future__ import annotations

import copy
import random
import sys

from app.games import attika
from app.games.attika.components import COUNT
from tests.games.attika.helpers import empty_cells, new_state, put, set_hand

evaluate_module = sys.modules["app.games.attika.evaluate"]  # the package's name is the function


def test_range_and_shape_during_games() -> None:
    for seats in (2, 3, 4):
        chooser = random.Random(seats)
        state = attika.setup(seats, {}, seats)
        while attika.result(state) is None:
            values = attika.evaluate(state)
            assert len(values) == seats and all(0.0 <= v <= 1.0 for v in values)
            (seat,) = attika.to_act(state)
            state = attika.apply(state, seat, chooser.choice(attika.legal_moves(state, seat)))
        values = attika.evaluate(state)
        if state["winner"] is not None:
            assert values[state["winner"]] == 1.0 and sum(values) == 1.0


def test_more_buildings_and_a_shorter_link_score_higher() -> None:
    state = new_state(2, 0)
    base = attika.evaluate(state)
    assert base[0] == base[1] or abs(base[0] - base[1]) < 0.1
    more = put(state, 0, "well", empty_cells(state)[0])
    assert attika.evaluate(more)[0] > attika.evaluate(state)[0]
    before = copy.deepcopy(more)
    attika.evaluate(more)
    assert more == before


def test_a_building_is_worth_more_than_the_three_cards_it_may_cost() -> None:
    # issue 40: with cards weighted too high the search hoarded cards instead of building
    state = set_hand(new_state(2, 0), 0, water=3, forest=3)
    built = put(set_hand(state, 0, water=3), 0, "well", empty_cells(state)[0])
    assert attika.evaluate(built)[0] > attika.evaluate(state)[0]


def test_a_turn_in_progress_counts_what_it_has_earned() -> None:
    # issue 40: a turn is several moves; scored as if it ended there, a draw (the building
    # still to be placed counted nowhere) fell below taking 3 cards, and the one-move easy
    # level lost to random moves (6 of 6 games)
    state = new_state(2, 0)
    (seat,) = attika.to_act(state)
    draw = next(m for m in attika.legal_moves(state, seat) if m["type"] == "draw")
    drawn = attika.apply(state, seat, draw)
    assert drawn["turn"]["pending"] is not None
    unplaced = copy.deepcopy(drawn)
    unplaced["turn"]["pending"] = None
    assert attika.evaluate(drawn)[seat] > attika.evaluate(unplaced)[seat]
    # drawing beats taking the 3 cards at once (a drawn building > the 2 cards it costs)
    end = next(m for m in attika.legal_moves(state, seat) if m["type"] == "end_actions")
    assert attika.evaluate(drawn)[seat] > attika.evaluate(attika.apply(state, seat, end))[seat]
    # once the turn has begun, ending it turns the owed cards into held ones: no change
    keep = next(m for m in attika.legal_moves(drawn, seat) if m["type"] == "reserve_pending")
    kept = attika.apply(drawn, seat, keep)
    assert kept["turn"]["used"] == 1 and kept["turn"]["phase"] == "actions"
    stop = next(m for m in attika.legal_moves(kept, seat) if m["type"] == "end_actions")
    ended = attika.apply(kept, seat, stop)
    assert sum(ended["players"][seat]["hand"]) <= 12
    assert attika.evaluate(ended)[seat] == attika.evaluate(kept)[seat]


def test_building_from_the_reserve_scores_above_keeping_the_building_and_cards() -> None:
    # a build costs a building in reserve and up to 3 cards here; it must still gain
    per_building = evaluate_module.BUILT / COUNT
    kept = evaluate_module.RESERVE / 6 + 3 * evaluate_module.CARDS / 12
    assert per_building > kept


def _stalemate(state: dict) -> dict:
    over = copy.deepcopy(state)
    over["turn"]["phase"] = "over"
    over["winner"] = None
    over["victory"] = "stalemate"
    return over


def test_a_stalemate_is_worth_less_than_a_win_to_its_leader() -> None:
    # result() scores a stalemate by buildings built (2 here, above a win's 1): the bots
    # scored finished games by it and would have played for a dead end they led
    state = new_state(2, 0)
    cells = empty_cells(state)
    ahead = _stalemate(put(put(state, 0, "well", cells[0]), 0, "grain_field", cells[1]))
    outcome = attika.result(ahead)
    assert outcome is not None and outcome["scores"] == [2, 0]
    assert attika.final_values(ahead) == [evaluate_module.STALEMATE, 0.0]
    assert attika.evaluate(ahead) == attika.final_values(ahead)
    assert 0.0 < evaluate_module.STALEMATE < 1.0
    level = _stalemate(state)
    assert attika.final_values(level) == [evaluate_module.STALEMATE] * 2


def test_the_bots_score_a_finished_game_by_final_values() -> None:
    from app.bots.hooks import GameAdapter

    state = new_state(2, 0)
    ahead = _stalemate(put(state, 0, "well", empty_cells(state)[0]))
    assert GameAdapter(attika).terminal_scores(ahead) == [evaluate_module.STALEMATE, 0.0]
    won = copy.deepcopy(ahead)
    won["winner"] = 1
    assert GameAdapter(attika).terminal_scores(won) == [0.0, 1.0]
