"""The compact form of a legal-moves list (the ``legal_moves_compact`` hook of
:mod:`app.games.interface`) turned back into moves, for clients written in Python
(tests, benches); the browser has its own copy (``static/js/socket.js`` ``expandMoves``).
"""

from __future__ import annotations

from typing import Any

from app.games.interface import Move


def compact_move(compact: dict[str, Any], row: int, value: int) -> Move:
    """The move of row ``row`` with the ``value``-th value of the varying key."""
    ((key, values),) = compact["each"].items()
    return {**dict(zip(compact["keys"], compact["rows"][row], strict=True)), key: values[value]}


def expand_compact(compact: dict[str, Any]) -> list[Move]:
    """Every move the compact form stands for, in ``legal_moves`` order (all rows for
    the first value, then the second…)."""
    ((_key, values),) = compact["each"].items()
    return [
        compact_move(compact, row, value)
        for value in range(len(values))
        for row in range(len(compact["rows"]))
    ]
