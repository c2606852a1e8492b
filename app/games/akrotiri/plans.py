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
from app.games.akrotiri.components import PLANS, TERRAINS, TILES
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


def seat_index(seat: Any) -> int:
    """Seat 0 / ``"south"`` or seat 1 / ``"north"``."""
    if seat in (0, "south"):
        return 0
    if seat in (1, "north"):
        return 1
    raise MalformedMove(f"seat must be 0 (south) or 1 (north), not {seat!r}")


def icon_classes(board: Board, quarter: Quarter) -> dict[str, list[int]]:
    """Per terrain, how many icons lie in each of the 9 classes around ``quarter`` (south)."""
    tx, ty = quarter
    found = {terrain: [0] * 9 for terrain in TERRAINS}
    for ix, iy, terrain, _piece in board.icons:
        found[terrain][_class_of(ix, iy, tx, ty)] += 1
    return found


def _class_of(ix: int, iy: int, tx: int, ty: int) -> int:
    """The class (south) of an icon at quarter ``(ix, iy)`` around quarter ``(tx, ty)``."""
    return (1 if iy > ty else 2 if iy < ty else 0) * 3 + (1 if ix < tx else 2 if ix > tx else 0)


# Packed sums: every quarter keeps, in one int, for each terrain and each set of directions
# (bit mask 0..15), how many icons of that terrain lie in one of the directions, a field of
# _BITS bits each. Every check of Hall's condition for a card is then one subtraction with
# guard bits (a field keeps its guard bit iff sum >= demand), and a tile added to a board
# adds one precomputed int to each quarter's sums: the sums of a board are its parent's
# plus the new icon. Profiled in bench/akrotiri_bot_cpu.py: summing class counts per card
# and quarter on every new board was ~90 % of the hard bot's one-move ordering.
_BITS = 8
_FIELDS = 16 * len(TERRAINS)
_GUARD = sum(1 << (_BITS * (field + 1) - 1) for field in range(_FIELDS))
# a field counts icons of one terrain, one per tile: it never reaches its guard bit
assert len(TILES) < 1 << (_BITS - 1)


def _shift(terrain: str, mask: int) -> int:
    return _BITS * (16 * TERRAINS.index(terrain) + mask)


#: per seat, per terrain, per icon class (south): what one icon adds to a quarter's sums
_ADDS: tuple[dict[str, tuple[int, ...]], ...] = tuple(
    {
        terrain: tuple(
            sum(
                1 << _shift(terrain, mask)
                for mask in range(16)
                if (c if seat == 0 else _NORTH_CLASS[c]) in _NEAR[mask]
            )
            for c in range(9)
        )
        for terrain in TERRAINS
    }
    for seat in (0, 1)
)
#: card id -> its Hall demands packed like the sums
_NEEDS: dict[str, int] = {
    card_id: sum(
        need[mask] << _shift(terrain, mask) for terrain, need in demands for mask in range(16)
    )
    for card_id, demands in _DEMANDS.items()
}
assert all(n < 1 << (_BITS - 1) for d in _DEMANDS.values() for _t, need in d for n in need)


def _sum_at(
    icons: list[tuple[int, int, str, int]], adds: dict[str, tuple[int, ...]], tx: int, ty: int
) -> int:
    total = 0
    for ix, iy, terrain, _piece in icons:
        total += adds[terrain][_class_of(ix, iy, tx, ty)]
    return total


def _sums(board: Board, seat: int) -> dict[Quarter, int]:
    """Packed sums at every land quarter of the board, read from ``seat`` (memoised): its
    parent board's (if still alive) plus the icons added since, else summed afresh."""
    key = ("sums", seat)
    found: dict[Quarter, int] | None = board.memo.get(key)
    if found is not None:
        return found
    adds = _ADDS[seat]
    parent = board.parent()
    if parent is None:
        found = {q: _sum_at(board.icons, adds, q[0], q[1]) for q in board.quarter_piece}
    else:
        base = _sums(parent, seat)
        added = board.icons[len(parent.icons) :]
        found = {}
        for q in board.quarter_piece:
            tx, ty = q
            total = base.get(q)
            if total is None:  # a quarter of the new tile
                found[q] = _sum_at(board.icons, adds, tx, ty)
                continue
            for ix, iy, terrain, _piece in added:  # _class_of inlined: ~120 quarters a board
                v = 1 if iy > ty else 2 if iy < ty else 0
                total += adds[terrain][v * 3 + (1 if ix < tx else 2 if ix > tx else 0)]
            found[q] = total
    board.memo[key] = found
    return found


def _meets(sums: int, card_id: str) -> bool:
    """Hall's condition from packed sums: every field at least the card's demand."""
    return (sums | _GUARD) - _NEEDS[card_id] & _GUARD == _GUARD


def proven_on(board: Board, card_id: str, seat: int, quarter: Quarter) -> bool:
    """Whether plan ``card_id`` is proven at ``quarter`` for ``seat`` (0 south, 1 north)."""
    sums = _sums(board, seat).get(quarter)
    if sums is None:  # no land there (the public function tests any quarter)
        sums = _sum_at(board.icons, _ADDS[seat], quarter[0], quarter[1])
    return _meets(sums, card_id)


def proven_quarters(board: Board, card_id: str, seat: int) -> list[Quarter]:
    """Every land quarter (Thera's excluded) where the card is proven for the seat."""
    key = ("proven", card_id, seat)
    found = board.memo.get(key)
    if found is None:
        islands = board.islands()
        thera, of_piece, piece_at = islands.thera, islands.of_piece, board.quarter_piece
        need = _NEEDS[card_id]
        found = sorted(
            q
            for q, sums in _sums(board, seat).items()
            if (sums | _GUARD) - need & _GUARD == _GUARD and of_piece[piece_at[q]] != thera
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
