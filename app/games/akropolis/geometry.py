"""Hex geometry, city decoding and placement legality (spec §3, §5.3 and §9).

A city is stored in the state as the list of its placements in order,
``[[tile_id, q, r, rot], ...]`` starting with ``[0, 0, 0, 0]`` for the starting tile;
the stacking is derived by replaying it. For speed, positions are packed into one
integer ``q * W + r`` (``W`` = 1024, so ``|r| < 512``); a legal city can never grow past
about 2 hexes per placement from the origin, and :data:`MAX_COORD` bounds what a move
may name.

Legality depends only on positions, never on the tile's contents, so the legal
orientations are computed once per turn (:meth:`City.placements`) and offered for every
affordable site tile (§9). Instead of trying every (anchor, rotation), we enumerate the
*triangles* (three mutually adjacent positions, two per grid vertex) and emit the three
rotations of each legal triangle.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from contextlib import suppress

from app.games.akropolis.components import CW, QUARRY, START_HEXES, START_ID

W = 1024
HALF = W // 2
MAX_COORD = 256

NOT_ADJACENT = "not adjacent: a ground tile must touch the city along at least one edge"

Placement = tuple[int, int, int, int, int]
"""A legal orientation: (q, r, rot, level, stones gained)."""


def pack(q: int, r: int) -> int:
    return q * W + r


def unpack(pos: int) -> tuple[int, int]:
    q = (pos + HALF) // W
    return q, pos - q * W


#: clockwise directions packed: N, NE, SE, S, SW, NW
CWP: tuple[int, ...] = tuple(pack(dq, dr) for dq, dr in CW)
#: the six neighbour offsets, packed
DIRS: tuple[int, ...] = CWP
_Q = pack(1, 0)
_R = pack(0, 1)

_START_OFFSETS: tuple[int, ...] = tuple(pack(q, r) for q, r, _ in START_HEXES)
_START_CODES: tuple[int, ...] = tuple(START_ID * 4 + i for i in range(len(START_HEXES)))


def tile_positions(q: int, r: int, rot: int) -> tuple[tuple[int, int], ...]:
    """Where h0, h1, h2 of a tile placed at anchor (q, r) with rotation ``rot`` land."""
    d1, d2 = CW[rot], CW[(rot + 1) % 6]
    return ((q, r), (q + d1[0], r + d1[1]), (q + d2[0], r + d2[1]))


def _orientations(others: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """For the triangle {0, others[0], others[1]} (packed offsets from its base), each
    (anchor offset, rotation) that covers exactly it."""
    cells = (0, *others)
    found: list[tuple[int, int]] = []
    for anchor in cells:
        for rot in range(6):
            got = {anchor, anchor + CWP[rot], anchor + CWP[(rot + 1) % 6]}
            if got == set(cells):
                found.append((anchor, rot))
    assert len(found) == 3
    return tuple(found)


Orients = tuple[tuple[int, int], ...]
Suffixes = tuple[tuple[int, tuple[int, int, int]], ...]


def _shape(d1: int, d2: int) -> tuple[int, int, Orients, Suffixes]:
    orients = _orientations((d1, d2))
    return d1, d2, orients, tuple((off, (rot, 1, 0)) for off, rot in orients)


#: the two triangle shapes by base b: A = {b, b+Q, b+R}, B = {b, b+Q-R, b+Q}; each with
#: its 3 (anchor offset, rotation) and the ground-placement tail (rot, level 1, 0 stones)
TRIANGLES: tuple[tuple[int, int, Orients, Suffixes], ...] = (_shape(_Q, _R), _shape(_Q - _R, _Q))


class City:
    """The decoded stacking of one city: height and top hex code per packed position."""

    __slots__ = ("_placements", "height", "lakes", "levels", "top")

    def __init__(self, placed: Sequence[Sequence[int]]) -> None:
        height: dict[int, int] = {}
        top: dict[int, int] = {}
        levels: list[int] = []
        for tid, q, r, rot in placed:
            if tid == START_ID:
                base = pack(q, r)
                cells: Sequence[int] = [base + off for off in _START_OFFSETS]
                codes: Sequence[int] = _START_CODES
            else:
                a = q * W + r
                cells = (a, a + CWP[rot], a + CWP[(rot + 1) % 6])
                t4 = tid * 4
                codes = (t4, t4 + 1, t4 + 2)
            levels.append(height.get(cells[0], 0) + 1)
            for p, code in zip(cells, codes, strict=True):
                height[p] = height.get(p, 0) + 1
                top[p] = code
        self.height = height
        self.top = top
        #: level of each placement, in placement order
        self.levels = levels
        self._placements: list[Placement] | None = None
        #: the city's lakes as (q, r) positions, filled in by whoever computes them first
        self.lakes: set[tuple[int, int]] | None = None

    def visible(self) -> list[tuple[int, int, int, int]]:
        """(q, r, level, hex code) of every visible hex, sorted by position."""
        out = []
        for p, level in sorted(self.height.items()):
            q, r = unpack(p)
            out.append((q, r, level, self.top[p]))
        return out

    def check(self, q: int, r: int, rot: int) -> tuple[int, int] | str:
        """(level, stones gained) of placing a tile at (q, r, rot), or why it is illegal."""
        if max(abs(q), abs(r)) > MAX_COORD:
            return NOT_ADJACENT
        a = q * W + r
        cells = (a, a + CWP[rot], a + CWP[(rot + 1) % 6])
        height = self.height
        hs = [height.get(p, 0) for p in cells]
        if hs == [0, 0, 0]:
            for p in cells:
                for d in DIRS:
                    if p + d in height:
                        return 1, 0
            return NOT_ADJACENT
        if 0 in hs:
            return "hole under the tile: a raised tile cannot sit partly over an empty space"
        if hs[0] != hs[1] or hs[1] != hs[2]:
            return "mixed heights: the three hexes under a raised tile must be at the same level"
        top = self.top
        codes = [top[p] for p in cells]
        if codes[0] >> 2 == codes[1] >> 2 == codes[2] >> 2:
            return "sits on a single tile: a raised tile must cover at least two different tiles"
        return hs[0] + 1, QUARRY[codes[0]] + QUARRY[codes[1]] + QUARRY[codes[2]]

    def placements(self) -> list[Placement]:
        """Every legal orientation (spec §9), in a fixed order (see :meth:`_enumerate`);
        computed once per city (callers must not modify the list)."""
        if self._placements is None:
            self._placements = self._enumerate()
        return self._placements

    def _enumerate(self) -> list[Placement]:
        """The legal orientations, by triangles.

        Triangles are found with set algebra on shifted position sets: a triangle with
        base b and offsets (0, d1, d2) is all-occupied iff b is in O, O - d1 and O - d2,
        and is a ground candidate iff b is in F, F - d1 or F - d2 (F: the frontier, empty
        positions next to the city) and in none of O, O - d1, O - d2. Output order: per
        triangle shape, raised then ground, by base position, then the 3 rotations.
        """
        try:
            return self._triangles()
        except KeyError:  # a position outside the prefilled table: extend it, retry
            for p in list(self.height):
                q, r = unpack(p)
                for dq in range(-3, 4):
                    for dr in range(-3, 4):
                        _QR[pack(q + dq, r + dr)] = (q + dq, r + dr)
            return self._triangles()

    def _triangles(self) -> list[Placement]:
        height = self.height
        top = self.top
        occupied = height.keys()
        frontier = {p + d for p in height for d in DIRS}
        frontier.difference_update(occupied)
        qr = _QR
        out: list[Placement] = []
        for d1, d2, orients, suffixes in TRIANGLES:
            shifted1 = {p - d1 for p in occupied}
            shifted2 = {p - d2 for p in occupied}
            # raised: equal heights, at least two tiles under it
            for b in sorted(shifted1.intersection(shifted2).intersection(occupied)):
                h = height[b]
                if height[b + d1] != h or height[b + d2] != h:
                    continue
                c0, c1, c2 = top[b], top[b + d1], top[b + d2]
                if c0 >> 2 == c1 >> 2 == c2 >> 2:
                    continue
                gain = QUARRY[c0] + QUARRY[c1] + QUARRY[c2]
                out.extend([qr[b + off] + (rot, h + 1, gain) for off, rot in orients])
            # ground: all three empty, one of them on the frontier
            bases = frontier.union([p - d1 for p in frontier], [p - d2 for p in frontier])
            bases.difference_update(occupied, shifted1, shifted2)
            out.extend([qr[b + off] + suffix for b in sorted(bases) for off, suffix in suffixes])
        return out


#: (q, r) of packed positions, prefilled around the origin (legal cities stay within
#: about 65 of it); ``_enumerate`` extends it if ever needed
_QR: dict[int, tuple[int, int]] = {
    pack(q, r): (q, r) for q in range(-72, 73) for r in range(-72, 73)
}
#: Decoded cities kept: a server interleaves many rooms' moves, so a handful (it was 8)
#: missed almost every time at 100 rooms; a City is a few KB.
_CACHE_SIZE = 1024
#: id(placed) -> (placed, its length, its last entry, the city); holding ``placed``
#: keeps its id from being reused while the entry lives. Oldest first.
_cache: OrderedDict[int, tuple[Sequence[Sequence[int]], int, Sequence[int], City]] = OrderedDict()


def decode(placed: Sequence[Sequence[int]]) -> City:
    """``City(placed)``, remembering recently decoded cities.

    ``legal_moves``, ``apply``, views and scores are called on the same states again
    and again; states are never mutated, so the same placement list object (checked by
    identity, length and last entry) always decodes to the same city.
    """
    n = len(placed)
    last = placed[-1]
    entry = _cache.get(id(placed))
    if entry is not None and entry[0] is placed and entry[1] == n and entry[2] is last:
        # KeyError: another thread's server (the test suite runs several) evicted it.
        with suppress(KeyError):
            _cache.move_to_end(id(placed))
        return entry[3]
    city = City(placed)
    _cache[id(placed)] = (placed, n, last, city)
    if len(_cache) > _CACHE_SIZE:
        with suppress(KeyError):
            _cache.popitem(last=False)
    return city
