"""Hex geometry (spec §2): axial coordinates, piece rotation, the land and its topology.

The state records the map as the list of placed pieces ``[[piece, q, r, rot], ...]`` and
the shrines ``[[q, r], ...]``. Land hexes get a *land index*: piece ``k`` of the list covers
indices ``7k .. 7k+6`` in the data's local order. :func:`topology` decodes that into flat
tuples (cells, symbols, neighbour indices, shrine contacts) and keeps the last few decoded
maps keyed by the identity of the pieces list: states are never mutated, so this is pure
memoisation, and the map only changes when a piece is placed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from app.games.attika.components import NEIGHBOURS, PIECES

Cell = tuple[int, int]


def neighbours(q: int, r: int) -> list[Cell]:
    return [(q + dq, r + dr) for dq, dr in NEIGHBOURS]


def distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def rotate(q: int, r: int, k: int) -> Cell:
    """Rotate a local offset by ``k`` 60° steps: one step maps (q, r) to (-r, q + r)."""
    for _ in range(k % 6):
        q, r = -r, q + r
    return q, r


def piece_cells(piece: int, q: int, r: int, rot: int) -> list[tuple[int, int, int]]:
    """The 7 hexes ``(q, r, type code or -1)`` a piece covers with anchor (q, r), rotation rot."""
    out = []
    for lq, lr, sym in PIECES[piece].hexes:
        dq, dr = rotate(lq, lr, rot)
        out.append((q + dq, r + dr, sym))
    return out


@dataclass
class Topology:
    """The decoded map of one pieces list (plus the shrines)."""

    cells: tuple[Cell, ...]
    #: type code of each land hex, -1 for blank
    sym: tuple[int, ...]
    index: dict[Cell, int]
    #: land indices adjacent to each land hex
    nbr: tuple[tuple[int, ...], ...]
    #: bit mask of the shrines (by shrine index) adjacent to each land hex
    shrine_bits: tuple[int, ...]
    shrine_cells: tuple[Cell, ...]
    _anchors: list[Cell] | None = field(default=None, repr=False)
    _anchor_set: frozenset[Cell] = field(default=frozenset(), repr=False)

    def anchors(self) -> list[Cell]:
        """Legal anchors for a new piece (D12): the flower around the anchor overlaps no land
        and no shrine, and one of its hexes touches land or a shrine. Since a flower covers
        the same hexes in every rotation, these are exactly the hexes at distance 2 from the
        map (land and shrines); sorted (q, then r)."""
        if self._anchors is None:
            taken = set(self.cells) | set(self.shrine_cells)
            ring1 = {(q + dq, r + dr) for q, r in taken for dq, dr in NEIGHBOURS} - taken
            ring2 = {(q + dq, r + dr) for q, r in ring1 for dq, dr in NEIGHBOURS}
            ring2 -= taken
            ring2 -= ring1
            self._anchors = sorted(ring2)
            self._anchor_set = frozenset(ring2)
        return self._anchors

    def fits(self, q: int, r: int) -> bool:
        """A piece may be anchored at (q, r) (in any rotation)."""
        self.anchors()
        return (q, r) in self._anchor_set


def decode(pieces: Sequence[Sequence[int]], shrines: Iterable[Sequence[int]]) -> Topology:
    cells: list[Cell] = []
    sym: list[int] = []
    for piece, q, r, rot in pieces:
        for cq, cr, s in piece_cells(piece, q, r, rot):
            cells.append((cq, cr))
            sym.append(s)
    index = {cell: i for i, cell in enumerate(cells)}
    shrine_cells = tuple((int(s[0]), int(s[1])) for s in shrines)
    shrine_at = {cell: i for i, cell in enumerate(shrine_cells)}
    find = index.get
    nbr = []
    bits = []
    for q, r in cells:
        around = []
        touch = 0
        for dq, dr in NEIGHBOURS:
            cell = (q + dq, r + dr)
            j = find(cell)
            if j is not None:
                around.append(j)
            elif cell in shrine_at:
                touch |= 1 << shrine_at[cell]
        nbr.append(tuple(around))
        bits.append(touch)
    return Topology(
        cells=tuple(cells),
        sym=tuple(sym),
        index=index,
        nbr=tuple(nbr),
        shrine_bits=tuple(bits),
        shrine_cells=shrine_cells,
    )


_CACHE: OrderedDict[int, tuple[object, object, Topology]] = OrderedDict()
_CACHE_SIZE = 64


def topology(pieces: list[list[int]], shrines: list[list[int]]) -> Topology:
    """The decoded map, memoised on the identity of the two lists (kept alive by the cache,
    so an id is never reused while its entry exists)."""
    key = id(pieces)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is pieces and hit[1] is shrines:
        _CACHE.move_to_end(key)
        return hit[2]
    topo = decode(pieces, shrines)
    _CACHE[key] = (pieces, shrines, topo)
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return topo
