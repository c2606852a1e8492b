"""The Akropolis estimate's parts on hand-made cities."""

from __future__ import annotations

from app.games.akropolis.ai_eval import (
    _packed_lakes,
    city_estimate,
    city_features,
    remaining_turns,
)
from app.games.akropolis.geometry import City, pack, unpack
from app.games.akropolis.scoring import lakes
from app.games.akropolis.setup import setup


def test_remaining_turns_share_the_game_out() -> None:
    assert remaining_turns(setup(1, {}, 1)) == [18, 18]
    assert remaining_turns(setup(4, {}, 1)) == [15, 15, 15, 15]
    state = setup(3, {}, 2)
    assert sum(remaining_turns(state)) == 48


def test_packed_lakes_match_the_rules_lakes() -> None:
    ring = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
    occupied = frozenset(pack(q, r) for q, r in ring)
    assert {unpack(p) for p in _packed_lakes(occupied)} == lakes(set(ring)) == {(0, 0)}


def test_features_read_the_starting_city() -> None:
    features = city_features(City([[0, 0, 0, 0]]), [])
    assert features.stars == [1, 0, 0, 0, 0]  # the starting house plaza
    assert features.quarries == 3 and features.ground == 4
    assert features.value == [0.0] * 5


def test_estimate_grows_with_turns_left_and_stones() -> None:
    city = City([[0, 0, 0, 0]])
    assert city_estimate(city, 0, 10, []) > city_estimate(city, 0, 0, [])
    assert city_estimate(city, 3, 5, []) > city_estimate(city, 1, 5, [])
