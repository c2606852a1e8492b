"""bench/move_cpu.py plays every game whatever the form of its compact legal moves."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.bench import load_script


@pytest.mark.parametrize("game_id", ["akropolis", "agorapolis", "akrotiri", "attika", "race"])
def test_a_random_game_is_played_and_costed(game_id: str) -> None:
    # Agorapolis and Attika send the table form, Akropolis the product: the bench crashed
    # on the table form (KeyError 'each') until 2026-12-08.
    move_cpu = load_script("move_cpu")
    costs: Counter[str] = Counter()
    moves = move_cpu.play(game_id, 2, 1, costs)
    assert moves > 0
    assert set(costs) == set(move_cpu.PARTS)
