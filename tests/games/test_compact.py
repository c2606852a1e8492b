"""The table form of a legal-moves list (``app.games.compact.table_form``) is exact: it
expands to the same moves, in order, byte for byte; and the games that use it stay under
64 KB a message where their lists were 100-200 KB (``bench/message_sizes.py`` measures
10,000 positions per game)."""

from __future__ import annotations

import random

import orjson
import pytest

from app.games.compact import compact_move, expand_compact, table_form
from app.games.hooks import hook_of
from app.games.registry import get_game


def roundtrip(moves: list) -> dict:
    form = table_form(moves)
    assert orjson.dumps(expand_compact(orjson.loads(orjson.dumps(form)))) == orjson.dumps(moves)
    return form


def test_edge_cases_keep_types_order_and_shapes() -> None:
    roundtrip([])
    roundtrip([{"type": "pass"}])
    # 1 == True == 1.0 in Python: each keeps its own type on the wire.
    roundtrip([{"a": 1}, {"a": True}, {"a": 1.0}, {"a": None}, {"a": "1"}])
    roundtrip([{"a": {}}, {"a": {"b": 1}}, {"a": []}, {"a": [1]}, {"a": [1, 2]}, {"a": [[]]}])
    roundtrip([{"b": 1, "a": 2}, {"a": 2, "b": 1}])  # key order is kept
    form = roundtrip([{"t": "x", "at": [q, r]} for q in range(3) for r in range(2)])
    assert form["groups"] == [{"move": {"t": "x", "at": [0, 0]}, "paths": [["at", 0], ["at", 1]]}]
    assert compact_move(form, 3) == {"t": "x", "at": [1, 1]}


@pytest.mark.parametrize("game_id", ["agorapolis", "attika"])
def test_random_games_expand_exactly_and_fit_in_64_kb(game_id: str) -> None:
    game = get_game(game_id)
    compact = hook_of(game, "legal_moves_compact")
    positions = largest_list = largest_form = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.setup(game.INFO.max_seats, {}, seed)
        while game.result(state) is None and positions < 600 * (seed + 1):
            seat = rng.choice(sorted(game.to_act(state)))
            moves = list(game.legal_moves(state, seat))
            form = compact(state, seat)
            listed = orjson.dumps(moves)
            assert orjson.dumps(expand_compact(form)) == listed
            largest_list = max(largest_list, len(listed))
            largest_form = max(largest_form, len(orjson.dumps(form)))
            positions += 1
            state = game.apply(state, seat, rng.choice(moves))
    assert positions > 1000
    assert largest_form < 64 * 1024 and largest_form < largest_list
