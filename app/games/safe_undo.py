"""The common safe-undo rule for turn-based games with hidden information.

A move may be taken back (the optional ``undoable`` hook of the game interface) only if it
drew nothing and showed nothing the mover's opponents could use against the undo:

- one seat was to act (no simultaneous step) and the move did not end the game;
- the state's PRNG did not move (no shuffle, no die, no random draw);
- every hidden fragment that the mover may *not* see (face-down piles and decks, other
  seats' hands) is the same before and after.

Fragments only the mover sees may change: playing from one's own hand (paying with cards,
laying the tile one holds) is taken back into that hand. It showed the others something
about the mover's own hand, which gives the undoing player nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from app.games.interface import State

Secrets = Callable[[State], list[tuple[frozenset[int], Any]]]


def unseen_by(secrets: Secrets, state: State, seat: int) -> list[tuple[list[int], bytes]]:
    """The hidden fragments ``seat`` may not see, in a comparable form."""
    return sorted(
        (sorted(allowed), orjson.dumps(fragment, option=orjson.OPT_SORT_KEYS))
        for allowed, fragment in secrets(state)
        if seat not in allowed
    )


def safe_to_undo(
    before: State,
    after: State,
    *,
    to_act: Callable[[State], set[int]],
    secrets: Secrets,
    finished: Callable[[State], bool],
) -> bool:
    movers = to_act(before)
    if len(movers) != 1 or finished(after):
        return False
    if before.get("rng") != after.get("rng"):
        return False
    (mover,) = movers
    return unseen_by(secrets, before, mover) == unseen_by(secrets, after, mover)
