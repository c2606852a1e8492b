"""The archipelago as placed so far: pieces, islands, ports, icons and the route graph.

A :class:`Board` is immutable once built; :meth:`Board.add` returns a new board with one
more tile (copying the small dicts it extends), so the board of a state is built from its
parent's in one step (:mod:`.cache` memoises boards by placement list).

Derived data is computed lazily and cached on the board: islands (spec §2.4, a union-find
over pieces), the route *channels* (connected parts of the route graph once some ports are
closed to passing boats, §2.5) and plan proofs (see :mod:`.plans`). A board knows the
board it was built from while that one lives (a weak reference), so that derived data
can be extended by the one tile added rather than computed afresh.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from app.games.akrotiri.geometry import (
    OPPOSITE,
    START_CELLS,
    THERA_PIECE,
    UNIT,
    Cell,
    PlacedTile,
    Quarter,
    cell_of,
    placed_tile,
)
from app.games.interface import IllegalMove

if TYPE_CHECKING:
    from app.games.akrotiri.routes import Channels

Placement = tuple[str, int, int, int]


@dataclass(slots=True)
class Islands:
    """Islands of a board; an island is named by the smallest index of its pieces."""

    of_piece: list[int]
    of_port: list[int]
    pieces: dict[int, tuple[int, ...]]
    port_bits: dict[int, int]
    quarters: dict[int, tuple[Quarter, ...]]
    terrains: dict[int, tuple[str, ...]]
    tiles: dict[int, int]
    complete: dict[int, bool]
    thera: int


class Island(NamedTuple):
    """What an island gathers, kept up to date as tiles are added and islands merge."""

    pieces: tuple[int, ...]
    ports: int  # bit mask of port indices
    quarters: tuple[Quarter, ...]
    terrains: tuple[str, ...]
    tiles: frozenset[str]
    open: int  # contacts facing an empty cell (0: the island is complete)


#: for a cell side: the two quarter offsets (from 2·cell) across it, and the side they face
_ACROSS: tuple[tuple[tuple[tuple[int, int], tuple[int, int]], str], ...] = (
    (((0, 2), (1, 2)), "S"),  # the cell to the north, its southern quarters
    (((0, -1), (1, -1)), "N"),
    (((2, 0), (2, 1)), "W"),
    (((-1, 0), (-1, 1)), "E"),
)


class Board:
    __slots__ = (
        "cells",
        "placements",
        "piece_keys",
        "piece_index",
        "piece_tile",
        "piece_quarters",
        "quarter_piece",
        "contact_piece",
        "contacts",
        "root_of",
        "island",
        "port_keys",
        "port_index",
        "port_piece",
        "port_quarter",
        "icons",
        "node_cluster",
        "clusters",
        "direct",
        "_islands",
        "_channels",
        "_parent",
        "memo",
        "__weakref__",
    )

    def __init__(self) -> None:
        self.cells: dict[Cell, str] = {}
        self.placements: tuple[Placement, ...] = ()
        self.piece_keys: list[str] = []
        self.piece_index: dict[str, int] = {}
        self.piece_tile: list[str] = []
        self.piece_quarters: list[tuple[Quarter, ...]] = []
        self.quarter_piece: dict[Quarter, int] = {}
        #: (qx, qy, side) -> piece with a contact there
        self.contact_piece: dict[tuple[int, int, str], int] = {}
        self.contacts: list[tuple[int, Quarter, str]] = []
        #: piece -> its island (the island's smallest piece index)
        self.root_of: list[int] = []
        self.island: dict[int, Island] = {}
        self.port_keys: list[str] = []
        self.port_index: dict[str, int] = {}
        self.port_piece: list[int] = []
        self.port_quarter: list[Quarter] = []
        #: (qx, qy, terrain, piece)
        self.icons: list[tuple[int, int, str, int]] = []
        #: route nodes other than ports (junctions, gate edges) -> their cluster; a cluster
        #: is a connected group of such nodes, with the ports it touches (bit mask)
        self.node_cluster: dict[str, int] = {}
        self.clusters: dict[int, tuple[int, tuple[str, ...]]] = {}
        #: routes joining two ports directly
        self.direct: tuple[tuple[int, int], ...] = ()
        self._islands: Islands | None = None
        self._channels: dict[frozenset[int], Channels] = {}
        #: per-board memo for other modules (plan proofs, distances), keyed by them
        self.memo: dict[Any, Any] = {}
        #: the board this one was built from by :meth:`add`, while it lives: memos may
        #: extend its data by the one tile added (weak: a chain of boards kept alive to the
        #: start would outlive the cache)
        self._parent: weakref.ref[Board] | None = None

    # ---------- building ----------

    def _copy(self) -> Board:
        new = Board()
        new.cells = dict(self.cells)
        new.placements = self.placements
        new.piece_keys = list(self.piece_keys)
        new.piece_index = dict(self.piece_index)
        new.piece_tile = list(self.piece_tile)
        new.piece_quarters = list(self.piece_quarters)
        new.quarter_piece = dict(self.quarter_piece)
        new.contact_piece = dict(self.contact_piece)
        new.contacts = list(self.contacts)
        new.root_of = list(self.root_of)
        new.island = dict(self.island)
        new.port_keys = list(self.port_keys)
        new.port_index = dict(self.port_index)
        new.port_piece = list(self.port_piece)
        new.port_quarter = list(self.port_quarter)
        new.icons = list(self.icons)
        new.node_cluster = dict(self.node_cluster)
        new.clusters = dict(self.clusters)
        new.direct = self.direct
        return new

    def _place(self, tile: PlacedTile) -> None:
        cells = self.cells
        for cell in tile.cells:
            cells[cell] = tile.tile
        # Contacts of earlier pieces that faced these (empty) cells are no longer open.
        for cx, cy in tile.cells:
            for offsets, side in _ACROSS:
                for dx, dy in offsets:
                    facing = self.contact_piece.get((2 * cx + dx, 2 * cy + dy, side))
                    if facing is not None:
                        root = self.root_of[facing]
                        self.island[root] = self.island[root]._replace(
                            open=self.island[root].open - 1
                        )
        first = len(self.piece_keys)
        for piece in tile.pieces:
            index = len(self.piece_keys)
            self.piece_keys.append(piece.key)
            self.piece_index[piece.key] = index
            self.piece_tile.append(tile.tile)
            self.piece_quarters.append(piece.quarters)
            self.root_of.append(index)
            for quarter in piece.quarters:
                self.quarter_piece[quarter] = index
            opened = 0
            for (qx, qy), side in piece.contacts:
                self.contact_piece[(qx, qy, side)] = index
                self.contacts.append((index, (qx, qy), side))
                dx, dy = UNIT[side]
                if cell_of((qx + dx, qy + dy)) not in cells:
                    opened += 1
            self.island[index] = Island(
                (index,), 0, piece.quarters, (), frozenset((tile.tile,)), opened
            )
        for port in tile.ports:
            index = len(self.port_keys)
            self.port_index[port.key] = index
            self.port_keys.append(port.key)
            owner = self.piece_index[port.piece]
            self.port_piece.append(owner)
            self.port_quarter.append(port.quarter)
            self.island[owner] = self.island[owner]._replace(
                ports=self.island[owner].ports | 1 << index
            )
        if tile.icon is not None:
            terrain, piece_key, (qx, qy) = tile.icon
            owner = self.piece_index[piece_key]
            self.icons.append((qx, qy, terrain, owner))
            self.island[owner] = self.island[owner]._replace(terrains=(terrain,))
        for index in range(first, len(self.piece_keys)):
            for (qx, qy), side in tile.pieces[index - first].contacts:
                dx, dy = UNIT[side]
                other = self.contact_piece.get((qx + dx, qy + dy, OPPOSITE[side]))
                if other is not None:
                    self._merge(self.root_of[index], self.root_of[other])
        for a, b in tile.routes:
            self._link(a, b)

    def _merge(self, a: int, b: int) -> None:
        if a == b:
            return
        if a > b:
            a, b = b, a
        keep, gone = self.island[a], self.island.pop(b)
        for piece in gone.pieces:
            self.root_of[piece] = a
        self.island[a] = Island(
            keep.pieces + gone.pieces,
            keep.ports | gone.ports,
            keep.quarters + gone.quarters,
            keep.terrains + gone.terrains,
            keep.tiles | gone.tiles,
            keep.open + gone.open,
        )

    def _cluster(self, node: str) -> int:
        found = self.node_cluster.get(node)
        if found is None:
            found = len(self.node_cluster)  # unique: the node count only grows
            self.node_cluster[node] = found
            self.clusters[found] = (0, (node,))
        return found

    def _link(self, a: str, b: str) -> None:
        """Add a route segment to the clusters (ports are known by now)."""
        pa, pb = self.port_index.get(a), self.port_index.get(b)
        if pa is not None and pb is not None:
            self.direct = (*self.direct, (pa, pb))
        elif pa is not None or pb is not None:
            port, node = (pa, b) if pa is not None else (pb, a)
            assert port is not None
            cluster = self._cluster(node)
            mask, nodes = self.clusters[cluster]
            self.clusters[cluster] = (mask | 1 << port, nodes)
        else:
            ca, cb = self._cluster(a), self._cluster(b)
            if ca != cb:
                (ma, na), (mb, nb) = self.clusters[ca], self.clusters.pop(cb)
                for node in nb:
                    self.node_cluster[node] = ca
                self.clusters[ca] = (ma | mb, na + nb)

    def add(self, tile_id: str, cx: int, cy: int, rot: int) -> Board:
        """A new board with ``tile_id`` on cell ``(cx, cy)`` turned ``rot`` times."""
        new = self._copy()
        new._place(placed_tile(tile_id, cx, cy, rot))
        new.placements = (*self.placements, (tile_id, cx, cy, rot))
        new._parent = weakref.ref(self)
        return new

    def parent(self) -> Board | None:
        """The board this one was built from (one tile fewer), if it is still alive."""
        return None if self._parent is None else self._parent()

    # ---------- queries ----------

    def free_cells(self) -> list[Cell]:
        """Empty cells sharing a side with a placed tile or the start board (spec §4.1)."""
        found = self.memo.get("free_cells")
        if found is None:
            found = self.memo["free_cells"] = self._free_cells()
        return found

    def _free_cells(self) -> list[Cell]:
        cells = self.cells
        seen: set[Cell] = set()
        out: list[Cell] = []
        for cx, cy in cells:
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                cell = (cx + dx, cy + dy)
                if cell not in cells and cell not in seen:
                    seen.add(cell)
                    out.append(cell)
        out.sort()
        return out

    def start_cells(self) -> list[Cell]:
        """Empty cells sharing a side with the start board (setup placements, D27)."""
        cells = self.cells
        out = set()
        for cx, cy in START_CELLS:
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                cell = (cx + dx, cy + dy)
                if cell not in cells:
                    out.add(cell)
        return sorted(out)

    def island_at(self, quarter: Quarter) -> int | None:
        piece = self.quarter_piece.get(quarter)
        return None if piece is None else self.root_of[piece]

    def port(self, key: Any) -> int:
        """Index of a port key, or IllegalMove if the map has no such port."""
        index = self.port_index.get(key) if isinstance(key, str) else None
        if index is None:
            raise IllegalMove(f"no port {key!r} on the map")
        return index

    def islands(self) -> Islands:
        if self._islands is None:
            isl = self.island
            root_of = self.root_of
            self._islands = Islands(
                of_piece=root_of,
                of_port=[root_of[p] for p in self.port_piece],
                pieces={i: d.pieces for i, d in isl.items()},
                port_bits={i: d.ports for i, d in isl.items()},
                quarters={i: d.quarters for i, d in isl.items()},
                terrains={i: d.terrains for i, d in isl.items()},
                tiles={i: len(d.tiles) for i, d in isl.items()},
                complete={i: d.open == 0 for i, d in isl.items()},
                thera=root_of[self.piece_index[THERA_PIECE]],
            )
        return self._islands

    def channels(self, closed: frozenset[int] = frozenset()) -> Channels:
        """Route parts when the ``closed`` ports cannot be passed through (memoised)."""
        from app.games.akrotiri.routes import compute_channels

        found = self._channels.get(closed)
        if found is None:
            found = compute_channels(self, closed)
            self._channels[closed] = found
        return found


def bits_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
