"""The search-bot hooks: ``sample`` (determinization) and ``evaluate``."""

from __future__ import annotations

import copy
import random
from typing import Any

import orjson
import pytest

from app.games import akrotiri
from app.games.akrotiri.components import OBJECTIVE_IDS, PLANS, TILE_IDS
from app.games.rng import Rng
from tests.games.akrotiri.helpers import play
from tests.games.akrotiri.test_actions import excavator


def positions(seed: int, options: dict[str, Any], every: int = 23) -> list[dict[str, Any]]:
    """Every ``every``-th state of a seeded random game that favours excavations."""
    chooser = random.Random(seed)
    state = akrotiri.setup(2, options, seed)
    out = []
    step = 0
    while akrotiri.result(state) is None:
        (seat,) = akrotiri.to_act(state)
        moves = akrotiri.legal_moves(state, seat)
        digs = [m for m in moves if m["type"] in ("excavate", "sell", "buy_plans")]
        move = chooser.choice(digs) if digs and chooser.random() < 0.7 else chooser.choice(moves)
        state = akrotiri.apply(state, seat, move)
        step += 1
        if step % every == 0:
            out.append(state)
    out.append(state)
    return out


OPTIONS: list[dict[str, Any]] = [{}, {"strategist": True}, {"objectives": "en"}]


def all_cards(state: dict[str, Any]) -> tuple[list[str], list[str], list[str]]:
    tiles = list(state["pile"]) + list(state["discard"])
    tiles += [p["tile"] for p in state["players"] if p["tile"]]
    tiles += [p["tile"] for p in state["placements"]]
    plans = [c for deck in state["decks"].values() for c in deck]
    plans += [c for p in state["players"] for c in p["plans"] + p["scored"]]
    goals = list(state["objective_deck"]) + list(state["offer"])
    goals += [c for p in state["players"] for c in p["objectives"] + p["choice"]]
    return sorted(tiles), sorted(plans), sorted(goals)


@pytest.mark.parametrize("seed", range(3))
def test_a_sample_looks_the_same_to_the_seat_and_keeps_every_card(seed: int) -> None:
    for state in positions(seed, OPTIONS[seed]):
        frozen = orjson.dumps(state)
        for seat in (0, 1):
            sampled = akrotiri.sample(state, seat, Rng.from_seed(seed))
            assert orjson.dumps(state) == frozen  # the input is not changed
            assert akrotiri.view(sampled, seat) == akrotiri.view(state, seat)
            assert all_cards(sampled) == (sorted(TILE_IDS), sorted(PLANS), sorted(OBJECTIVE_IDS))
            assert sampled["rng"] != state["rng"]
            own = state["players"][seat]
            assert sampled["players"][seat] == own


@pytest.mark.parametrize("seed", range(3))
def test_a_sample_depends_only_on_what_the_seat_sees(seed: int) -> None:
    for state in positions(seed + 10, OPTIONS[seed]):
        for seat in (0, 1):
            # Another state the seat cannot tell apart from this one: a sample of it.
            twin = akrotiri.sample(state, seat, Rng.from_seed(999))
            assert akrotiri.view(twin, seat) == akrotiri.view(state, seat)
            one = akrotiri.sample(state, seat, Rng.from_seed(5))
            two = akrotiri.sample(twin, seat, Rng.from_seed(5))
            assert one == two


def test_samples_redraw_the_hidden_cards() -> None:
    state = next(s for s in positions(3, {}) if len(s["pile"]) > 5 and s["players"][1]["plans"])
    samples = [akrotiri.sample(state, 0, Rng.from_seed(s)) for s in range(6)]
    assert len({tuple(s["pile"]) for s in samples}) > 1
    assert len({tuple(s["players"][1]["plans"]) for s in samples}) > 1
    for sampled in samples:  # difficulties of the opponent's plans are public
        assert sorted(PLANS[c]["difficulty"] for c in sampled["players"][1]["plans"]) == sorted(
            PLANS[c]["difficulty"] for c in state["players"][1]["plans"]
        )


def test_own_objectives_under_the_deck_stay_where_the_seat_knows_them() -> None:
    state = positions(4, {})[1]
    for seat in (0, 1):
        returned = state["players"][seat]["returned"]
        assert returned  # each player put one objective under the deck at setup
        for s in range(5):
            sampled = akrotiri.sample(state, seat, Rng.from_seed(s))
            for card in returned:
                index = state["objective_deck"].index(card)
                assert sampled["objective_deck"][index] == card


@pytest.mark.parametrize("seed", range(4))
def test_samples_are_playable_to_the_end(seed: int) -> None:
    chooser = random.Random(seed)
    for state in positions(seed + 20, OPTIONS[seed % 3], every=61)[:-1]:
        (seat,) = akrotiri.to_act(state)
        current = akrotiri.sample(state, seat, Rng.from_seed(seed))
        for _ in range(5000):
            if akrotiri.result(current) is not None:
                break
            (actor,) = akrotiri.to_act(current)
            current = akrotiri.apply(
                current, actor, copy.deepcopy(chooser.choice(akrotiri.legal_moves(current, actor)))
            )
        assert akrotiri.result(current) is not None


def test_evaluate_counts_banked_and_provable_points() -> None:
    state = excavator()
    before = akrotiri.evaluate(state)
    assert len(before) == 2 and all(isinstance(v, float) for v in before)
    after = akrotiri.evaluate(
        play(state, 0, {"type": "excavate", "card": "E01", "quarter": [1, -2]})
    )
    assert after[0] > before[0] and after[1] == before[1]
    assert (
        before[0]
        > akrotiri.evaluate(
            {**state, "players": [{**state["players"][0], "plans": ["M05"]}, state["players"][1]]}
        )[0]
    )


@pytest.mark.parametrize("seed", range(2))
def test_evaluate_is_the_result_at_the_end(seed: int) -> None:
    last = positions(seed, OPTIONS[seed])[-1]
    result = akrotiri.result(last)
    assert result is not None
    assert akrotiri.evaluate(last) == [float(s) for s in result["scores"]]
    for state in positions(seed, OPTIONS[seed]):
        values = akrotiri.evaluate(state)
        assert all(v >= 0 for v in values)
