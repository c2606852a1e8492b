"""Where a seat can build and at what cost, on a state (the engine side of §5.2).

A :class:`Position` decodes once what the cost of any (building, hex) needs:

* per empty land hex, the symbols visible there (its own and those of its unoccupied land
  neighbours), packed into one int, 3 bits per type (at most 7 symbols are visible);
* per hex next to the seat's buildings, the bit mask of those buildings (by building
  index): the predecessor / own-road test and the new-colony test read it;
* the seat's colony count.

The visible-symbol table depends on the map only, not on the seat, and is memoised on
the identity of the occupancy list (states are never mutated).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from app.games.attika.components import BUILDINGS, TYPES
from app.games.attika.costs import Cost, Counts, cost_of
from app.games.attika.geometry import Topology, topology
from app.games.interface import State

SEAT_SHIFT = 5
BUILDING_BITS = (1 << SEAT_SHIFT) - 1
_BITS = 3
_TYPE_BIT: tuple[int, ...] = tuple(1 << (_BITS * t) for t in range(len(TYPES)))


_UNPACKED: dict[int, Counts] = {}


def unpack(code: int) -> Counts:
    """Symbol counts per type code from a packed visible-symbol code (memoised)."""
    counts = _UNPACKED.get(code)
    if counts is None:
        counts = _UNPACKED[code] = tuple((code >> (_BITS * t)) & 7 for t in range(len(TYPES)))
    return counts


@dataclass
class Board:
    """Seat-independent decoding of a state's map: the empty land hexes and what each shows."""

    topo: Topology
    empty: list[int]
    #: packed visible symbols per land index (meaningful for empty hexes only)
    visible: list[int]


_BOARDS: OrderedDict[int, tuple[object, object, Board]] = OrderedDict()


def board(state: State) -> Board:
    occ = state["occ"]
    topo = topology(state["pieces"], state["shrines"])
    hit = _BOARDS.get(id(occ))
    if hit is not None and hit[0] is occ and hit[1] is topo:
        return hit[2]
    bits = [_TYPE_BIT[s] if s >= 0 and o < 0 else 0 for s, o in zip(topo.sym, occ, strict=True)]
    get = bits.__getitem__
    visible = [bits[i] + sum(map(get, nbr)) for i, nbr in enumerate(topo.nbr)]
    result = Board(topo, [i for i, o in enumerate(occ) if o < 0], visible)
    _BOARDS[id(occ)] = (occ, topo, result)
    if len(_BOARDS) > 64:
        _BOARDS.popitem(last=False)
    return result


def own_buildings(occ: list[int], seat: int) -> list[tuple[int, int]]:
    """(land index, building index) of every building of ``seat`` on the map."""
    return [(i, c & BUILDING_BITS) for i, c in enumerate(occ) if c >= 0 and c >> SEAT_SHIFT == seat]


def count_components(nodes: list[int], topo: Topology) -> int:
    """Connected components among the given land indices."""
    todo = set(nodes)
    count = 0
    nbr = topo.nbr
    while todo:
        count += 1
        frontier = [todo.pop()]
        while frontier:
            for n in nbr[frontier.pop()]:
                if n in todo:
                    todo.discard(n)
                    frontier.append(n)
    return count


class Position:
    """The cost context of ``seat`` in ``state`` (memoised per occupancy list and seat)."""

    __slots__ = ("board", "seat", "own", "adjacent", "colonies", "_groups")

    def __init__(self, state: State, seat: int) -> None:
        self.board = board(state)
        self.seat = seat
        self.own = own_buildings(state["occ"], seat)
        nbr = self.board.topo.nbr
        occ = state["occ"]
        adjacent: dict[int, int] = {}
        for i, b in self.own:
            bit = 1 << b
            for n in nbr[i]:
                if occ[n] < 0:
                    adjacent[n] = adjacent.get(n, 0) | bit
        self.adjacent = adjacent
        self.colonies = count_components([i for i, _ in self.own], self.board.topo)
        self._groups: dict[tuple[int, int], list[int]] | None = None

    def cost(self, building: int, land: int) -> Cost:
        """The §5.2 cost of ``building`` on the empty land hex ``land``."""
        return cost_of(
            BUILDINGS[building],
            unpack(self.board.visible[land]),
            self.adjacent.get(land, 0),
            self.colonies,
        )

    def groups(self) -> dict[tuple[int, int], list[int]]:
        """Empty land hexes grouped by (packed visible symbols, 1 if no own building is
        next to them else 0): every hex of a group costs any building the same, unless the
        building is free there."""
        if self._groups is None:
            groups: dict[tuple[int, int], list[int]] = {}
            visible = self.board.visible
            adjacent = self.adjacent
            for land in self.board.empty:
                key = (visible[land], 0 if land in adjacent else 1)
                if key in groups:
                    groups[key].append(land)
                else:
                    groups[key] = [land]
            self._groups = groups
        return self._groups

    def free_hexes(self, free_mask: int) -> set[int]:
        """Empty hexes next to one of the seat's buildings in ``free_mask``."""
        if not free_mask:
            return set()
        return {land for land, mask in self.adjacent.items() if mask & free_mask}


_POSITIONS: OrderedDict[tuple[int, int], tuple[object, Position]] = OrderedDict()


def position(state: State, seat: int) -> Position:
    """The seat's :class:`Position`, shared by ``legal_moves`` and ``apply`` on one state."""
    occ = state["occ"]
    key = (id(occ), seat)
    hit = _POSITIONS.get(key)
    if (
        hit is not None
        and hit[0] is occ
        and hit[1].board.topo is topology(state["pieces"], state["shrines"])
    ):
        return hit[1]
    pos = Position(state, seat)
    _POSITIONS[key] = (occ, pos)
    if len(_POSITIONS) > 16:
        _POSITIONS.popitem(last=False)
    return pos


def board_after_build(old: Board, land: int, occ: list[int]) -> None:
    """Register in the cache the board of the occupancy list ``occ`` (``old``'s plus a
    building on ``land``), derived from ``old``: the covered symbol leaves its neighbours'
    counts."""
    visible = list(old.visible)
    code = old.topo.sym[land]
    if code >= 0:
        bit = _TYPE_BIT[code]
        for n in old.topo.nbr[land]:
            visible[n] -= bit
    new = Board(old.topo, [i for i in old.empty if i != land], visible)
    _BOARDS[id(occ)] = (occ, old.topo, new)
    if len(_BOARDS) > 64:
        _BOARDS.popitem(last=False)
