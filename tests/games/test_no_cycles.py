"""Random games of every game leave (almost) nothing to the cyclic garbage collector.

The server collects rarely (``app/gc_tuning.py``) because the move path makes no reference
cycles: anything cyclic waits for a full collection, which walks every live room and
freezes the whole process. An Akrotiri board and its memoised mover made a cycle, and
each board the cache dropped (~600 objects) waited for it: 0.5-0.7 s pauses of every room
at R = 10 (2026-12-08). Here each game's rules, views and compact moves run for whole
random games with the collector off; then the games' caches (module-level ``OrderedDict``
and ``lru_cache``) are emptied, as a full cache drops its oldest entries, and what the
collector finds unreachable is counted.
"""

from __future__ import annotations

import functools
import gc
import random
import sys
from collections import OrderedDict

import pytest

from app.games.registry import get_game
from app.realtime.hub import SPECTATOR
from app.rooms.live import compose_view, outcome_of

# Unreachable objects a move: Akrotiri's sub-multiset walk is a recursive closure (a few
# objects a call, ~0.3 a move); the board cycle was 113 a move.
LIMIT = 2.0


def empty_caches(prefix: str) -> int:
    """Empty every module-level memo of the modules under ``prefix``; how many."""
    emptied = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith(prefix):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, OrderedDict):
                value.clear()
                emptied += 1
            elif isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()
                emptied += 1
    return emptied


@pytest.mark.parametrize("game_id", ["akropolis", "agorapolis", "akrotiri", "attika"])
def test_a_random_game_makes_no_reference_cycles(game_id: str) -> None:
    game = get_game(game_id)
    compact = getattr(game, "legal_moves_compact", None)
    flags = gc.get_debug()
    gc.collect()
    gc.disable()
    gc.set_debug(flags | gc.DEBUG_SAVEALL)
    moves = 0
    try:
        for seed in range(3):
            rng = random.Random(seed)
            state = game.setup(2, {}, seed)
            while game.result(state) is None:
                seat = min(game.to_act(state))
                if compact is not None:
                    compact(state, seat)
                state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
                outcome = outcome_of(game, state)
                for audience in ("0", "1", SPECTATOR):
                    compose_view(game, state, audience, outcome)
                moves += 1
        del state
        empty_caches(f"app.games.{game_id}")
        gc.collect()
        left = len(gc.garbage)
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
        gc.enable()
    assert left / moves < LIMIT, f"{left} unreachable objects in {moves} moves"
