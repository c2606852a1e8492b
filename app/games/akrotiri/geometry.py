"""Coordinates of the map model (spec §2.1–2.3): rotations, global quarters, gate edges.

A placed tile is turned into global data once per ``(tile, cell, rot)`` and memoised:
pieces with their global quarters and contacts, ports, the terrain icon and the routes,
whose gate ends are replaced by the physical edge they sit on (``"H:x:y"`` / ``"V:x:y"``),
so two tiles sharing an edge share the gate node. Keys are global strings: pieces
``"T05:a"``, ports ``"T05:a1"``, junctions ``"T05:C"``; the start board uses ``"THERA"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.games.akrotiri.components import START_BOARD, START_ID, TILES

Quarter = tuple[int, int]
Cell = tuple[int, int]

SIDE_NAMES: tuple[str, ...] = ("N", "E", "S", "W")
OPPOSITE: dict[str, str] = {"N": "S", "S": "N", "E": "W", "W": "E"}
UNIT: dict[str, tuple[int, int]] = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
QUARTER_INDEX: dict[str, tuple[int, int]] = {"NW": (0, 1), "NE": (1, 1), "SW": (0, 0), "SE": (1, 0)}
_TURN_QUARTER = {"NW": "NE", "NE": "SE", "SE": "SW", "SW": "NW"}
_TURN_SIDE = {"N": "E", "E": "S", "S": "W", "W": "N"}
START_CELLS: tuple[Cell, ...] = tuple((c[0], c[1]) for c in START_BOARD["cells"])


def edge_key(cx: int, cy: int, side: str) -> str:
    """The physical edge a cell side lies on (shared by the two cells it separates)."""
    if side == "S":
        return f"H:{cx}:{cy}"
    if side == "N":
        return f"H:{cx}:{cy + 1}"
    if side == "W":
        return f"V:{cx}:{cy}"
    return f"V:{cx + 1}:{cy}"


def cell_of(quarter: Quarter) -> Cell:
    return quarter[0] // 2, quarter[1] // 2


def turn_quarter(name: str, rot: int) -> str:
    for _ in range(rot % 4):
        name = _TURN_QUARTER[name]
    return name


def turn_side(name: str, rot: int) -> str:
    for _ in range(rot % 4):
        name = _TURN_SIDE[name]
    return name


def turn_point(x: float, y: float, rot: int) -> tuple[float, float]:
    """One clockwise quarter turn maps ``(x, y)`` to ``(y, 1 - x)`` (tile-local units)."""
    for _ in range(rot % 4):
        x, y = y, 1 - x
    return round(x, 6), round(y, 6)


def turn_contact(contact: str, rot: int) -> str:
    """``"NW:N"`` turned ``rot`` times (one turn gives ``"NE:E"``)."""
    quarter, side = contact.split(":")
    return f"{turn_quarter(quarter, rot)}:{turn_side(side, rot)}"


@dataclass(frozen=True, slots=True)
class PlacedPiece:
    key: str
    quarters: tuple[Quarter, ...]
    contacts: tuple[tuple[Quarter, str], ...]
    is_thera: bool = False


@dataclass(frozen=True, slots=True)
class PlacedPort:
    key: str
    piece: str
    quarter: Quarter
    pos: tuple[float, float]


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile (or the start board) in global coordinates."""

    tile: str
    cells: tuple[Cell, ...]
    pieces: tuple[PlacedPiece, ...]
    ports: tuple[PlacedPort, ...]
    #: ``(terrain, piece key, global quarter)`` or None (start board)
    icon: tuple[str, str, Quarter] | None
    #: route segments between node keys (ports, junctions, gate edges)
    routes: tuple[tuple[str, str], ...]
    #: node keys that are gate edges
    gates: tuple[str, ...]


def _global_quarter(cx: int, cy: int, local: str, rot: int) -> Quarter:
    lx, ly = QUARTER_INDEX[turn_quarter(local, rot)]
    return 2 * cx + lx, 2 * cy + ly


@lru_cache(maxsize=4096)
def placed_tile(tile_id: str, cx: int, cy: int, rot: int) -> PlacedTile:
    """Tile ``tile_id`` on cell ``(cx, cy)`` turned ``rot`` clockwise quarter turns."""
    tile = TILES[tile_id]
    pieces = tuple(
        PlacedPiece(
            key=f"{tile_id}:{piece['id']}",
            quarters=tuple(_global_quarter(cx, cy, q, rot) for q in piece["quarters"]),
            contacts=tuple(
                (_global_quarter(cx, cy, c.split(":")[0], rot), turn_side(c.split(":")[1], rot))
                for c in piece["contacts"]
            ),
        )
        for piece in tile["pieces"]
    )
    ports = tuple(
        PlacedPort(
            key=f"{tile_id}:{port['id']}",
            piece=f"{tile_id}:{port['piece']}",
            quarter=_global_quarter(cx, cy, port["quarter"], rot),
            pos=_shift(turn_point(port["pos"][0], port["pos"][1], rot), cx, cy),
        )
        for port in tile["ports"]
    )
    icon = tile["terrain_icon"]
    gates = {side: edge_key(cx, cy, turn_side(side, rot)) for side in SIDE_NAMES}
    routes = tuple(
        (gates.get(a) or f"{tile_id}:{a}", gates.get(b) or f"{tile_id}:{b}")
        for a, b in tile["routes"]
    )
    return PlacedTile(
        tile=tile_id,
        cells=((cx, cy),),
        pieces=pieces,
        ports=ports,
        icon=(
            icon["terrain"],
            f"{tile_id}:{icon['piece']}",
            _global_quarter(cx, cy, icon["quarter"], rot),
        ),
        routes=routes,
        gates=tuple(gates.values()),
    )


def _shift(point: tuple[float, float], cx: float, cy: float) -> tuple[float, float]:
    return round(point[0] + cx, 6), round(point[1] + cy, 6)


def _start_board() -> PlacedTile:
    board: dict[str, Any] = START_BOARD

    def quarter(ij: list[Any]) -> Quarter:
        return ij[0] - 2, ij[1] - 2

    pieces = tuple(
        PlacedPiece(
            key=f"{START_ID}:{piece['id']}",
            quarters=tuple(quarter(q) for q in piece["quarters"]),
            contacts=tuple((quarter(c), c[2]) for c in piece["contacts"]),
            is_thera=bool(piece.get("is_thera")),
        )
        for piece in board["pieces"]
    )
    ports = tuple(
        PlacedPort(
            key=f"{START_ID}:{port['id']}",
            piece=f"{START_ID}:{port['piece']}",
            quarter=quarter(port["quarter"]),
            pos=_shift((port["pos"][0], port["pos"][1]), -1, -1),
        )
        for port in board["ports"]
    )
    gates = {g["id"]: edge_key(g["cell"][0], g["cell"][1], g["side"]) for g in board["gates"]}
    routes = tuple(
        (gates.get(a) or f"{START_ID}:{a}", gates.get(b) or f"{START_ID}:{b}")
        for a, b in board["routes"]
    )
    return PlacedTile(
        tile=START_ID,
        cells=START_CELLS,
        pieces=pieces,
        ports=ports,
        icon=None,
        routes=routes,
        gates=tuple(gates.values()),
    )


START: PlacedTile = _start_board()
THERA_PIECE = f"{START_ID}:thera"
THERA_PORTS: tuple[str, str] = (f"{START_ID}:T1", f"{START_ID}:T2")
#: starting port of seat 0 (south) and seat 1 (north), D26
START_PORTS: tuple[str, str] = THERA_PORTS
