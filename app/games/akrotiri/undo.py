"""Safe undo (the optional ``undoable`` hook): the common rule of :mod:`app.games.safe_undo`.

In practice: boat movements, loading, unloading, selling, the free cube and laying the held
tile may be taken back; drawing a tile (``end_turn``), buying plan cards, the oracle,
objective draws and the move that ends the game may not.
"""

from __future__ import annotations

from app.games.akrotiri.rules import to_act
from app.games.akrotiri.view import secrets
from app.games.interface import Move, State
from app.games.safe_undo import safe_to_undo


def undoable(before: State, move: Move, after: State) -> bool:
    return safe_to_undo(
        before, after, to_act=to_act, secrets=secrets, finished=lambda s: bool(s["finished"])
    )
