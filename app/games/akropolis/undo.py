"""Safe undo (the optional ``undoable`` hook of the game interface).

A placement may be taken back unless it revealed something: when the site ran down to
one tile and was refilled from a face-down stack (on the player's turn, or on the
Illustrious Architect's turn that follows it in solo), the new tiles were seen and the
move stays. The move that ends the game stays too. The Architect's own turn is decided
by the public site alone, so going back before it reveals nothing.
"""

from __future__ import annotations

from app.games.interface import Move, State


def undoable(before: State, move: Move, after: State) -> bool:
    return bool(not after["finished"] and after["stacks"] == before["stacks"])
