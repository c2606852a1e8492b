"""Islands, completeness and route channels of a board (spec §2.4, §2.5, D3, D15)."""

from __future__ import annotations

from app.games.akrotiri.cache import board_for_key, board_of
from tests.games.akrotiri.helpers import at


def island_of(board, piece: str) -> int:  # type: ignore[no-untyped-def]
    return board.islands().of_piece[board.piece_index[piece]]


def test_start_board_islands() -> None:
    board = board_of([])
    islands = board.islands()
    assert len(islands.pieces) == 5
    thera = island_of(board, "THERA:thera")
    assert islands.thera == thera
    assert islands.complete[thera]  # no contacts: Thera never merges
    assert islands.tiles[thera] == 1  # the start board counts as one tile
    assert not islands.complete[island_of(board, "THERA:se")]  # its contacts face empty cells
    assert not islands.terrains[thera]  # the start board has no icons


def test_matching_contacts_merge_islands_across_a_tile_edge() -> None:
    # The islet se (quarter (1, -2)) reaches the east edge; T04's piece b (SW quarter, contacts
    # S and W) placed on cell (1, -1) lies on quarter (2, -2) and reaches the west edge.
    board = board_of([at("T04", 1, -1)])
    assert island_of(board, "THERA:se") == island_of(board, "T04:b")
    islands = board.islands()
    merged = island_of(board, "T04:b")
    assert islands.tiles[merged] == 2
    assert sorted(islands.quarters[merged]) == [(1, -2), (2, -2)]
    assert island_of(board, "T04:a") != merged
    assert islands.terrains[island_of(board, "T04:a")] == ("lake",)


def test_land_facing_sea_does_not_merge() -> None:
    # T01 on cell (1, -1): its piece a (NW, global (2, -1)) faces the start board's sea at
    # (1, -1)... which is Thera's quarter without a contact: a closed coast, no merge.
    board = board_of([at("T01", 1, -1)])
    assert island_of(board, "T01:a") != island_of(board, "THERA:thera")
    assert island_of(board, "T01:b") != island_of(board, "THERA:se")


def test_an_island_is_complete_when_no_contact_faces_an_empty_cell() -> None:
    # D15: T01's piece b (quarter (1, -4)) reaches the E and S edges of cell (0, -2).
    board = board_of([at("T01", 0, -2)])
    assert not board.islands().complete[island_of(board, "T01:b")]
    # Tiles east and south whose facing quarters are sea close both contacts: the island
    # is complete although tiles are left in the pile (not part of the test).
    closed = board_of([at("T01", 0, -2), at("T02", 1, -2), at("T03", 0, -3)])
    island = island_of(closed, "T01:b")
    assert closed.islands().complete[island]
    assert closed.islands().tiles[island] == 1
    assert not closed.islands().complete[island_of(closed, "T02:b")]


def test_free_cells_and_setup_cells() -> None:
    board = board_of([])
    assert len(board.start_cells()) == 8  # D27: the cells sharing a side with the start board
    assert (1, 0) in board.start_cells() and (1, 1) not in board.start_cells()
    placed = board_of([at("T01", 1, 0)])
    assert (2, 0) in placed.free_cells() and (2, 0) not in placed.start_cells()
    assert (1, 0) not in placed.free_cells()
    assert (2, 1) not in placed.free_cells()  # corner contact only


def test_channels_join_ports_through_routes_and_gates() -> None:
    # T01 on cell (0, -2): its port a1 is on the route from its N gate, which is the start
    # board's S2 gate, joined to T1.
    board = board_of([at("T01", 0, -2)])
    t1, a1 = board.port_index["THERA:T1"], board.port_index["T01:a1"]
    pse, b1 = board.port_index["THERA:pSE"], board.port_index["T01:b1"]
    channels = board.channels()
    assert channels.comp_of[t1] == channels.comp_of[a1] == channels.comp_of[pse]
    assert channels.comp_of[b1] != channels.comp_of[t1]  # its gates face empty cells
    shut = board.channels(frozenset({a1}))
    assert shut.comp_of[a1] == -1
    assert shut.comp_of[t1] == shut.comp_of[pse]


def test_boards_are_memoised_by_placements() -> None:
    placements = [at("T01", 0, -2), at("T04", 1, -1)]
    board = board_of(placements)
    assert board_of(placements) is board
    assert board_of([dict(p) for p in placements]) is board  # by value as well
    assert board_for_key(board.placements[:1]) is board_of(placements[:1])
