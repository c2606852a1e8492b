"""Coordinates, rotations and gates (spec §2.1–2.3, D3, D4, D24, D26)."""

from __future__ import annotations

from app.games.akrotiri.components import TILES
from app.games.akrotiri.geometry import (
    START,
    START_PORTS,
    edge_key,
    placed_tile,
    turn_contact,
    turn_point,
    turn_quarter,
)


def test_one_turn_maps_the_worked_example_contact() -> None:
    # §2.2: one clockwise turn maps "NW:N" to "NE:E"; four turns are the identity.
    assert turn_contact("NW:N", 1) == "NE:E"
    assert turn_contact("NW:N", 4) == "NW:N"
    assert [turn_quarter("NW", r) for r in range(4)] == ["NW", "NE", "SE", "SW"]
    assert turn_point(0.5, 1.0, 1) == (1.0, 0.5)  # the N gate goes to E
    assert turn_point(0.2, 0.8, 2) == (0.8, 0.2)


def test_neighbouring_cells_share_their_gate_edge() -> None:
    assert edge_key(0, 0, "N") == edge_key(0, 1, "S") == "H:0:1"
    assert edge_key(0, 0, "E") == edge_key(1, 0, "W") == "V:1:0"


def test_placed_tile_in_global_quarters() -> None:
    tile = placed_tile("T01", 1, 0, 0)  # piece a on NW, b on SE
    a, b = tile.pieces
    assert a.key == "T01:a" and a.quarters == ((2, 1),)
    assert b.quarters == ((3, 0),)
    assert tile.icon == ("volcano", "T01:a", (2, 1))
    turned = placed_tile("T01", 1, 0, 1)  # NW -> NE, its contacts N, W -> E, N
    assert turned.pieces[0].quarters == ((3, 1),)
    assert set(turned.pieces[0].contacts) == {((3, 1), "E"), ((3, 1), "N")}
    assert turned.icon == ("volcano", "T01:a", (3, 1))
    # Routes end at the edges the rotated gates sit on.
    assert ("H:1:1", "T01:a1") in tile.routes  # N gate of cell (1, 0)
    assert ("V:2:0", "T01:a1") in turned.routes  # the N gate turned to E


def test_start_board_is_thera_with_two_ports_and_four_islets() -> None:
    pieces = {p.key: p for p in START.pieces}
    thera = pieces["THERA:thera"]
    assert thera.is_thera and not thera.contacts
    assert sorted(thera.quarters) == [(-1, -1), (-1, 0), (0, -1), (0, 0)]
    assert {p.key for p in START.ports if p.piece == "THERA:thera"} == {"THERA:T1", "THERA:T2"}
    assert sorted(pieces) == sorted(["THERA:thera", "THERA:sw", "THERA:se", "THERA:nw", "THERA:ne"])
    assert START.icon is None
    assert START_PORTS == ("THERA:T1", "THERA:T2")  # D26: south on T1, north on T2
    assert START.cells == ((-1, -1), (0, -1), (-1, 0), (0, 0))


def test_every_tile_has_one_route_per_side_and_one_icon() -> None:
    for tile in TILES.values():  # D24
        gates = [end for route in tile["routes"] for end in route if end in "NESW"]
        assert sorted(gates) == ["E", "N", "S", "W"], tile["id"]
        assert tile["terrain_icon"]["terrain"] in ("volcano", "lake", "tree", "mountain")
    terrains = [t["terrain_icon"]["terrain"] for t in TILES.values()]
    assert {terrain: terrains.count(terrain) for terrain in set(terrains)} == dict.fromkeys(
        ("volcano", "lake", "tree", "mountain"), 9
    )
