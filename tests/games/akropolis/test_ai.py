"""Akropolis bot hooks: ``sample``, ``evaluate``, ``score``, ``rollout_move``."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from app.games import akropolis
from app.games.akropolis import ai, ai_eval
from app.games.rng import Rng


def _after(plies: int, seats: int = 1, seed: int = 3, **options: object) -> dict:
    state = akropolis.setup(seats, dict(options), seed)
    rng = Rng.from_seed(seed)
    for _ in range(plies):
        (seat,) = akropolis.to_act(state)
        state = akropolis.apply(state, seat, rng.choice(akropolis.legal_moves(state, seat)))
    return state


def test_sample_redraws_only_the_stacks_and_the_rng() -> None:
    state = _after(5, architect_level="metagenes")
    frozen = copy.deepcopy(state)
    drawn = akropolis.sample(state, 0, Rng.from_seed(1))
    assert state == frozen  # the input is never mutated
    assert [len(s) for s in drawn["stacks"]] == [len(s) for s in state["stacks"]]
    assert Counter(t for s in drawn["stacks"] for t in s) == Counter(
        t for s in state["stacks"] for t in s
    )
    assert drawn["stacks"] != state["stacks"] and drawn["rng"] != state["rng"]
    rest = {k: v for k, v in drawn.items() if k not in ("stacks", "rng")}
    assert rest == {k: v for k, v in state.items() if k not in ("stacks", "rng")}
    assert akropolis.view(drawn, 0) == akropolis.view(state, 0)


def test_sample_ignores_the_real_order_of_the_stacks() -> None:
    state = _after(2, seats=3)
    other = copy.deepcopy(state)
    other["stacks"] = [stack[::-1] for stack in other["stacks"][::-1]]
    for seed in range(3):
        assert akropolis.sample(state, 1, Rng.from_seed(seed)) == akropolis.sample(
            other, 1, Rng.from_seed(seed)
        )


def test_a_sampled_game_plays_to_the_end() -> None:
    state = akropolis.sample(_after(7, seats=2), 0, Rng.from_seed(9))
    rng = Rng.from_seed(2)
    while akropolis.result(state) is None:
        (seat,) = akropolis.to_act(state)
        state = akropolis.apply(state, seat, akropolis.rollout_move(state, seat, rng))
    assert akropolis.result(state) is not None


def test_evaluate_is_exact_at_the_end_and_per_seat_before() -> None:
    state = _after(0, architect_level="callicrates")
    values = akropolis.evaluate(state)
    assert len(values) == 2  # the human and the Architect (seat 1)
    assert values[1] > values[0]  # Callicrates starts far ahead of an empty city
    end = _after(18, architect_level="callicrates")
    final = akropolis.result(end)
    assert final is not None
    assert akropolis.evaluate(end) == [float(x) for x in final["scores"]]
    assert len(akropolis.evaluate(_after(3, seats=4))) == 4


def test_final_scores_are_the_rules_scores_with_every_variant() -> None:
    variants: dict[str, Any] = {
        f"variant_{v}": True for v in ("houses", "markets", "barracks", "temples", "gardens")
    }
    for seats, seed, options in [(1, 4, {"architect_level": "metagenes"}), (3, 5, variants)]:
        end = _after(18 if seats == 1 else 48, seats=seats, seed=seed, **options)
        final = akropolis.result(end)
        assert final is not None
        assert ai.final_scores(end) == [float(x) for x in final["scores"]]


def _with_stones(state: dict, seat: int, stones: int) -> dict:
    cities = copy.deepcopy(state["cities"])
    cities[seat]["stones"] = stones
    return {**state, "cities": cities}


def test_evaluate_prefers_more_stones_and_a_bigger_architect_collection() -> None:
    state = _after(4)
    richer = _with_stones(state, 0, state["cities"][0]["stones"] + 3)
    assert akropolis.evaluate(richer)[0] > akropolis.evaluate(state)[0]
    bot = state["architect"]
    plaza_tile = next(
        t
        for t in state["site"] + [x for s in state["stacks"] for x in s]
        if ai_eval.TILE_COUNTS[t][1] != (0, 0, 0, 0, 0)
    )
    bigger = {**state, "architect": {**bot, "tiles": [*bot["tiles"], plaza_tile]}}
    assert akropolis.evaluate(bigger)[1] > akropolis.evaluate(state)[1]


def test_evaluate_values_a_district_under_stars() -> None:
    """Placing a market district next to nothing, with market stars, beats a quarry."""
    state = _after(6, seats=2, seed=5)
    seat = state["turn"]
    moves = akropolis.legal_moves(state, seat)
    values = [akropolis.evaluate(akropolis.apply(state, seat, m))[seat] for m in moves]
    assert max(values) > min(values)  # the estimate tells moves apart


def test_score_is_the_live_score_of_the_views() -> None:
    state = _after(9, seats=3)
    view = akropolis.view(state, None)
    assert akropolis.score(state) == [float(c["score"]["total"]) for c in view["cities"]]
    solo = _after(4, architect_level="hippodamos")
    assert akropolis.score(solo)[1] == akropolis.view(solo, 0)["architect"]["score"]["total"]


def test_rollout_moves_are_legal() -> None:
    state = _after(3, seats=4)
    rng = Rng.from_seed(4)
    for _ in range(10):
        (seat,) = akropolis.to_act(state)
        move = akropolis.rollout_move(state, seat, rng)
        claims = {k: move[k] for k in ("tile", "q", "r", "rot")}
        legal = [
            {k: m[k] for k in ("tile", "q", "r", "rot")} for m in akropolis.legal_moves(state, seat)
        ]
        assert claims in legal
        state = akropolis.apply(state, seat, move)
