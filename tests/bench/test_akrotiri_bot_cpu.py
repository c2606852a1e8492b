"""bench/akrotiri_bot_cpu.py: its positions and its digests of the ordering's children."""

from __future__ import annotations

from typing import Any

from app.games import akrotiri
from app.games.rng import Rng
from tests.bench import load_script


def test_positions_are_seeded_and_every_child_is_recorded() -> None:
    bench = load_script("akrotiri_bot_cpu")
    found = bench.positions(1, 7, 60)
    assert found and [bench.digest(s) for s, _, _ in found] == [
        bench.digest(s) for s, _, _ in bench.positions(1, 7, 60)
    ]
    state, seat, sample_seed = found[-1]
    bench.clear_caches(state)
    sampled = akrotiri.sample(state, seat, Rng.from_seed(sample_seed))
    moves = akrotiri.legal_moves(sampled, seat)
    record: list[Any] = []
    bench.order(sampled, seat, moves, record)
    assert len(record) == len(moves) and all(len(values) == 2 for _, values in record)
