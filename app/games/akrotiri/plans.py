"""The proof of a plan card (spec §5, D8, D9): its pattern read from the owner's seat.

A pattern is a multiset of ``(direction, terrain)`` requirements. An icon lies *up* from
the temple quarter ``t`` for seat south when its quarter row is strictly greater
(``i.y > t.y``), whatever its column; seat north reads every direction turned by 180°.
An icon in the temple's own quarter is in no direction; an icon in the same row is
neither up nor down. The card is proven when the requirements can be given pairwise
distinct icons (a bipartite matching, checked with Hall's condition per terrain: an icon
only serves requirements of its own terrain, and lies in at most one vertical and one
horizontal direction).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.akrotiri.board import Board
from app.games.akrotiri.cache import map_board
from app.games.akrotiri.components import PLANS, TERRAINS
from app.games.akrotiri.geometry import Quarter
from app.games.interface import IllegalMove, MalformedMove

DIRECTIONS: tuple[str, ...] = ("up", "down", "left", "right")
_DIR_BIT = {"up": 1, "down": 2, "left": 4, "right": 8}
# An icon's class is v * 3 + h with v in (none, up, down) and h in (none, left, right),
# read from the south seat; the north seat swaps up/down and left/right.
_NORTH_CLASS = tuple((0, 2, 1)[c // 3] * 3 + (0, 2, 1)[c % 3] for c in range(9))
#: for each set of directions (bit mask), the icon classes lying in one of them
_NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        c
        for c in range(9)
        if (c // 3 == 1 and mask & 1)
        or (c // 3 == 2 and mask & 2)
        or (c % 3 == 1 and mask & 4)
        or (c % 3 == 2 and mask & 8)
    )
    for mask in range(16)
)


def _demand(pattern: Sequence[dict[str, str]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Per terrain: the demand of each direction set (index = bit mask, Hall's condition)."""
    out = []
    for terrain in TERRAINS:
        counts = [0, 0, 0, 0]
        for item in pattern:
            if item["terrain"] == terrain:
                counts[DIRECTIONS.index(item["dir"])] += 1
        if any(counts):
            need = tuple(sum(counts[d] for d in range(4) if mask >> d & 1) for mask in range(16))
            out.append((terrain, need))
    return tuple(out)


#: card id -> per-terrain Hall demands
_DEMANDS: dict[str, tuple[tuple[str, tuple[int, ...]], ...]] = {
    card_id: _demand(card["pattern"]) for card_id, card in PLANS.items()
}
#: card id -> every (terrain, icon classes of a direction set, demand) that demands
#: anything, single directions first (the shortest sums; the order changes nothing else:
#: every check must hold)
_CHECKS: dict[str, tuple[tuple[str, tuple[int, ...], int], ...]] = {
    card_id: tuple(
        (terrain, _NEAR[mask], need[mask])
        for mask in sorted(range(1, 16), key=lambda m: (m.bit_count(), m))
        for terrain, need in demands
        if need[mask]
    )
    for card_id, demands in _DEMANDS.items()
}


def seat_index(seat: Any) -> int:
    """Seat 0 / ``"south"`` or seat 1 / ``"north"``."""
    if seat in (0, "south"):
        return 0
    if seat in (1, "north"):
        return 1
    raise MalformedMove(f"seat must be 0 (south) or 1 (north), not {seat!r}")


def icon_classes(board: Board, quarter: Quarter) -> dict[str, list[int]]:
    """Per terrain, how many icons lie in each of the 9 classes around ``quarter`` (south)."""
    key = ("classes", quarter)
    found = board.memo.get(key)
    if found is None:
        tx, ty = quarter
        found = {terrain: [0] * 9 for terrain in TERRAINS}
        for ix, iy, terrain, _piece in board.icons:
            v = 1 if iy > ty else 2 if iy < ty else 0
            h = 1 if ix < tx else 2 if ix > tx else 0
            found[terrain][v * 3 + h] += 1
        board.memo[key] = found
    return found


def proven_on(board: Board, card_id: str, seat: int, quarter: Quarter) -> bool:
    """Whether plan ``card_id`` is proven at ``quarter`` for ``seat`` (0 south, 1 north)."""
    key = ("proof", card_id, seat, quarter)
    found = board.memo.get(key)
    if found is None:
        found = board.memo[key] = _proven(board, card_id, seat, quarter)
    return found


def _proven(board: Board, card_id: str, seat: int, quarter: Quarter) -> bool:
    classes = _oriented_classes(board, seat, quarter)
    for terrain, near, need in _CHECKS[card_id]:
        counts = classes[terrain]
        if sum([counts[c] for c in near]) < need:
            return False
    return True


def _oriented_classes(board: Board, seat: int, quarter: Quarter) -> dict[str, list[int]]:
    """:func:`icon_classes` read from ``seat`` (north: every direction turned)."""
    if seat == 0:
        return icon_classes(board, quarter)
    key = ("north classes", quarter)
    found = board.memo.get(key)
    if found is None:
        found = {
            terrain: [counts[_NORTH_CLASS[c]] for c in range(9)]
            for terrain, counts in icon_classes(board, quarter).items()
        }
        board.memo[key] = found
    return found


def proven_quarters(board: Board, card_id: str, seat: int) -> list[Quarter]:
    """Every land quarter (Thera's excluded) where the card is proven for the seat."""
    key = ("proven", card_id, seat)
    found = board.memo.get(key)
    if found is None:
        thera = board.islands().thera
        of_piece = board.islands().of_piece
        found = sorted(
            q
            for q, piece in board.quarter_piece.items()
            if of_piece[piece] != thera and proven_on(board, card_id, seat, q)
        )
        board.memo[key] = found
    return found


def plan_proven(
    placements: Sequence[Any], card_id: str, seat: Any, temple_quarter: Sequence[int]
) -> bool:
    """Whether ``card_id``'s pattern is satisfied at ``temple_quarter`` read from ``seat``.

    ``placements``: ``[{"tile": "T01", "cell": [cx, cy], "rot": 0..3}, ...]`` around the
    start board; ``seat``: 0 / ``"south"`` or 1 / ``"north"``; ``temple_quarter``:
    ``[qx, qy]``. Only the pattern is tested (not whether a temple may stand there).
    """
    if card_id not in PLANS:
        raise IllegalMove(f"no plan card {card_id!r}")
    qx, qy = (int(temple_quarter[0]), int(temple_quarter[1]))
    return proven_on(map_board(placements), card_id, seat_index(seat), (qx, qy))
