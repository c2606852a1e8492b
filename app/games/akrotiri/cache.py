"""Boards memoised by placement list (see :class:`app.games.akrotiri.board.Board`).

:func:`board_of` finds a state's board by the identity of its placement list first, then
by value: states are never mutated, so this is pure memoisation, and ``legal_moves``,
``apply`` and the views of one state share one board (built from its parent's board in
one step). :func:`map_board` serves the public functions, whose callers may change their
lists between calls: it memoises by value only.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from app.games.akrotiri.board import Board, Placement
from app.games.akrotiri.components import TILES
from app.games.akrotiri.geometry import START
from app.games.interface import IllegalMove, MalformedMove


def _start() -> Board:
    board = Board()
    board._place(START)
    return board


_EMPTY = _start()
_BY_VALUE: OrderedDict[tuple[Placement, ...], Board] = OrderedDict()
_BY_ID: OrderedDict[int, tuple[Sequence[Any], Board]] = OrderedDict()
_VALUE_SLOTS = 256
_ID_SLOTS = 64


def key_of(placements: Sequence[Any]) -> tuple[Placement, ...]:
    """Placements ``{"tile", "cell": [cx, cy], "rot"}`` as a hashable tuple."""
    return tuple((p["tile"], p["cell"][0], p["cell"][1], p["rot"]) for p in placements)


def board_for_key(key: tuple[Placement, ...]) -> Board:
    """The board of a placement tuple, built from the longest memoised prefix."""
    if not key:
        return _EMPTY
    found = _BY_VALUE.get(key)
    if found is not None:
        _BY_VALUE.move_to_end(key)
        return found
    cut = len(key) - 1
    while cut > 0 and key[:cut] not in _BY_VALUE:
        cut -= 1
    if cut:
        # kept recent: a position's children (one per placement move, ~200) are built
        # from it, and their memos extend its own while it lives (Board.parent)
        _BY_VALUE.move_to_end(key[:cut])
    board = _BY_VALUE[key[:cut]] if cut else _EMPTY
    for tile, cx, cy, rot in key[cut:]:
        board = board.add(tile, cx, cy, rot)
        _BY_VALUE[board.placements] = board
    while len(_BY_VALUE) > _VALUE_SLOTS:
        _BY_VALUE.popitem(last=False)
    return board


def map_board(placements: Sequence[Any]) -> Board:
    """The board of a caller's placement list, checked and memoised by value only (the
    public functions take maps that their callers may change between calls)."""
    try:
        key = tuple(
            (str(p["tile"]), int(p["cell"][0]), int(p["cell"][1]), int(p["rot"]) % 4)
            for p in placements
        )
    except (KeyError, IndexError, TypeError, ValueError):
        raise MalformedMove(
            'a map is a list of {"tile": "T01", "cell": [cx, cy], "rot": 0..3}'
        ) from None
    for tile, *_ in key:
        if tile not in TILES:
            raise IllegalMove(f"no land tile {tile!r}")
    return board_for_key(key)


def board_of(placements: Sequence[Any]) -> Board:
    """The board of a state's placement list (memoised by identity, then by value; a
    state's list is never changed once built)."""
    hit = _BY_ID.get(id(placements))
    if hit is not None and hit[0] is placements:
        return hit[1]
    board = board_for_key(key_of(placements))
    _BY_ID[id(placements)] = (placements, board)
    while len(_BY_ID) > _ID_SLOTS:
        _BY_ID.popitem(last=False)
    return board
