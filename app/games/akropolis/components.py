"""Akropolis components: the 61 city tiles, the starting tile, stars and setup numbers.

Loaded once at import from ``tiles.json`` (a copy of the shared component data kept inside
the package, so nothing outside ``app/`` is read at run time).

Every hex of every tile gets a small integer *hex code* ``tile_id * 4 + index`` (the
starting tile is id 0 with indices 0..3); the hot paths of the rules work on these codes
and look their properties up in flat tuples.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TYPES: tuple[str, ...] = ("house", "market", "barracks", "temple", "garden")
VARIANTS: tuple[str, ...] = ("houses", "markets", "barracks", "temples", "gardens")
#: variant name -> the district type it doubles
VARIANT_TYPE: dict[str, str] = {
    "houses": "house",
    "markets": "market",
    "barracks": "barracks",
    "temples": "temple",
    "gardens": "garden",
}
LEVELS: tuple[str, ...] = ("hippodamos", "metagenes", "callicrates")

_DATA: dict[str, Any] = json.loads((Path(__file__).with_name("tiles.json")).read_text("utf-8"))

PLAZA_STARS: dict[str, int] = {t: int(_DATA["plaza_stars"][t]) for t in TYPES}

#: tile id -> its three hexes (h0, h1, h2 clockwise), as JSON hex objects
TILES: dict[int, tuple[dict[str, Any], ...]] = {
    int(tile["id"]): tuple(dict(h) for h in tile["hexes"]) for tile in _DATA["tiles"]
}
#: tile id -> its player mark ("2+", "3+" or "4")
MARKS: dict[int, str] = {int(tile["id"]): str(tile["players"]) for tile in _DATA["tiles"]}

START_ID = 0
#: the starting tile's hexes as (q, r, hex), centre plaza first
START_HEXES: tuple[tuple[int, int, dict[str, Any]], ...] = tuple(
    (int(h["q"]), int(h["r"]), dict(h["hex"])) for h in _DATA["starting_tile"]["hexes"]
)

#: clockwise directions N, NE, SE, S, SW, NW as (dq, dr)
CW: tuple[tuple[int, int], ...] = tuple(
    (int(dq), int(dr)) for dq, dr in _DATA["coordinate_system"]["clockwise_directions"]["offsets"]
)


def tiles_for(players: int, long_game: bool) -> list[int]:
    """Tile ids used with ``players`` places at the table (the Architect counts, D18)."""
    marks = {"2+"} if players == 2 else {"2+", "3+"} if players == 3 else {"2+", "3+", "4"}
    if long_game:
        marks = {"2+", "3+", "4"}
    return sorted(tid for tid, mark in MARKS.items() if mark in marks)


def tile_hexes(tile_id: int) -> tuple[dict[str, Any], ...]:
    """The hexes of a tile (the starting tile's four hexes for id 0)."""
    if tile_id == START_ID:
        return tuple(h for _, _, h in START_HEXES)
    return TILES[tile_id]


def tile_card(tile_id: int) -> dict[str, Any]:
    """How a tile is shown in views: ``{"id": 17, "hexes": [h0, h1, h2]}``.

    A face-down tile's card is exactly the fragment the ``secrets`` hook hides.
    """
    return {"id": tile_id, "hexes": [dict(h) for h in tile_hexes(tile_id)]}


# ---- hex codes (hot path tables) ------------------------------------------------------

MAX_CODE = (max(TILES) + 1) * 4


def _hex_at(code: int) -> dict[str, Any] | None:
    tid, idx = divmod(code, 4)
    hexes = tile_hexes(tid) if tid == START_ID or tid in TILES else ()
    return hexes[idx] if idx < len(hexes) else None


#: hex code -> hex object (None for unused codes)
HEX_OF: tuple[dict[str, Any] | None, ...] = tuple(_hex_at(c) for c in range(MAX_CODE))
#: hex code -> 1 if the hex is a quarry else 0
QUARRY: tuple[int, ...] = tuple(1 if h is not None and h["kind"] == "quarry" else 0 for h in HEX_OF)


def has_plaza(tile_id: int) -> bool:
    return any(h["kind"] == "plaza" for h in tile_hexes(tile_id))
