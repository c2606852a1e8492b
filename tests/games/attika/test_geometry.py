"""Hex geometry, piece rotation and legal anchors for a new map piece (§2.3, D12)."""

from __future__ import annotations

from app.games.attika.components import PIECES
from app.games.attika.geometry import decode, distance, neighbours, piece_cells, rotate


def test_rotation_is_the_spec_step() -> None:
    assert rotate(1, 0, 1) == (0, 1)
    assert rotate(0, 1, 1) == (-1, 1)
    assert rotate(1, -1, 6) == (1, -1)
    ring = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    assert [rotate(1, 0, k) for k in range(6)] == ring


def test_a_piece_is_a_flower_in_every_rotation() -> None:
    for index in range(len(PIECES)):
        for rot in range(6):
            cells = {(q, r) for q, r, _ in piece_cells(index, 5, -2, rot)}
            assert cells == {(5, -2), *neighbours(5, -2)}
    # the symbols turn with the piece: local hex (1, 0) lands on (0, 1) after one step
    piece = next(p for p in PIECES if p.hexes[1][2] >= 0)
    placed = {(q, r): s for q, r, s in piece_cells(piece.index, 0, 0, 1)}
    assert placed[(0, 1)] == piece.hexes[1][2]


def test_anchors_touch_the_map_and_overlap_nothing() -> None:
    topo = decode([[0, 0, 0, 0]], [[3, 0]])
    taken = set(topo.cells) | {(3, 0)}
    anchors = topo.anchors()
    assert anchors
    for q, r in anchors:
        flower = {(q, r), *neighbours(q, r)}
        assert not flower & taken
        assert any(n in taken for cell in flower for n in neighbours(*cell))
    # every hex at distance exactly 2 from the map is an anchor, nothing else
    ring = {
        (q, r)
        for q in range(-8, 9)
        for r in range(-8, 9)
        if min(distance((q, r), t) for t in taken) == 2
    }
    assert set(anchors) == ring


def test_a_piece_may_lean_on_a_shrine_only() -> None:
    """D12: "also behind a shrine": an anchor touching only the shrine is legal."""
    topo = decode([[0, 0, 0, 0]], [[3, 0]])
    assert topo.fits(5, 0)  # its flower touches the shrine at (3, 0), not the land
    assert not any(distance((5, 0), cell) <= 2 for cell in topo.cells)
    assert not topo.fits(2, 0)  # overlaps the land
    assert not topo.fits(3, 1)  # covers the shrine
    assert not topo.fits(9, 9)  # touches nothing
