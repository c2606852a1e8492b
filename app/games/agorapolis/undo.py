"""Safe undo (the optional ``undoable`` hook of the game interface).

A move may be taken back only if it drew nothing and revealed nothing:

- not a secret commit of a simultaneous step (bets, exploit plays, bids, strife
  allocations and resistance): the last commit reveals everyone's, and the others are
  made while other seats act;
- no die rolled and no card shuffled (the state's PRNG did not move);
- every hidden fragment of the state (hands, deck, pending draws, commits: the
  ``secrets`` hook) is the same before and after, seen by the same seats: nothing was
  drawn, played from a hand or shown to another seat;
- not the move that ends the game.
"""

from __future__ import annotations

import orjson

from app.games.agorapolis.view import secrets
from app.games.interface import Move, State

SIMULTANEOUS = frozenset(
    {"HARVEST_PLAY", "HARVEST_STRIFE", "HARVEST_STRIFE_RESIST", "INVEST_BET", "EXPLOIT_BID"}
)


def hidden(state: State) -> list[tuple[list[int], bytes]]:
    """The hidden fragments with who sees each, in a comparable form."""
    return sorted(
        (sorted(allowed), orjson.dumps(fragment, option=orjson.OPT_SORT_KEYS))
        for allowed, fragment in secrets(state)
    )


def undoable(before: State, move: Move, after: State) -> bool:
    if before["phase"] in SIMULTANEOUS or after["phase"] == "GAME_OVER":
        return False
    if after["rng"] != before["rng"]:
        return False
    return hidden(before) == hidden(after)
