"""Safe undo (the optional ``undoable`` hook): the common rule of :mod:`app.games.safe_undo`.

In practice: building from the hand or the reserve, placing a drawn map piece and ending the
actions may be taken back; drawing a building or a card, a reshuffle, an amphora earned as a
card from the deck and the move that ends the game may not.
"""

from __future__ import annotations

from typing import Any

from app.games.attika.rules import to_act
from app.games.attika.view import secrets
from app.games.interface import Move, State
from app.games.safe_undo import safe_to_undo


def piles(state: State) -> list[Any]:
    """Every face-down pile, whatever its size (the ``secrets`` hook leaves out short ones)."""
    return [state["deck"], state["piece_deck"], [p["stacks"] for p in state["players"]]]


def undoable(before: State, move: Move, after: State) -> bool:
    if piles(before) != piles(after):
        return False
    return safe_to_undo(
        before,
        after,
        to_act=to_act,
        secrets=secrets,
        finished=lambda s: s["turn"]["phase"] == "over",
    )
