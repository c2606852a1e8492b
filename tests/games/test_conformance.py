"""The conformance suite's own leak check: it must catch a secret in a seat's legal moves
(the server sends them with the seat's view), not only in the views."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.interface import Move, State
from app.games.registry import get_game, secrets
from tests.games.conformance import check_views


class LeakyMoves:
    """Akrotiri whose legal moves name the top card of a face-down deck."""

    def __init__(self) -> None:
        self.game = get_game("akrotiri")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        hidden = next(fragment for allowed, fragment in secrets(self.game, state) if not allowed)
        return [*self.game.legal_moves(state, seat), {"type": "peek", "card": hidden}]


def test_a_secret_in_the_legal_moves_of_the_seat_to_act_is_caught() -> None:
    game = get_game("akrotiri")
    state = game.setup(2, {}, 7)
    check_views(game, state)  # the real game sends nothing hidden
    with pytest.raises(AssertionError, match="legal moves of"):
        check_views(LeakyMoves(), state)  # type: ignore[arg-type]
