"""The 12 objectives (spec §9, D12, D14, D15, D20, D30) through the public
``objective_points``, on hand-built maps."""

from __future__ import annotations

import random
from collections import deque

import pytest

from app.games.akrotiri.cache import map_board
from app.games.akrotiri.components import OBJECTIVE_IDS, TILE_IDS
from app.games.akrotiri.movement import mover
from app.games.akrotiri.objectives import distances, objective_points
from app.games.interface import IllegalMove
from tests.games.akrotiri.helpers import at

SE, SW, NW, NE = [1, -2], [-2, -2], [-2, 1], [1, 1]  # the start board's islets

# se merged with T04's piece b (its other port T04:b1 opens a route south to T05:a1):
# Thera -sea-> pSE -land-> T04:b1 -sea-> T05:a1, so T05:a is one land move away.
ONE_PORTAGE = [at("T04", 1, -1), at("T05", 1, -2)]
T05_A = [3, -3]
# Found by search and checked against an exhaustive search below: T27:b is 2 portages away.
TWO_PORTAGES = [
    at("T34", 1, 0, 3),
    at("T35", -1, 1, 0),
    at("T07", -2, -1, 1),
    at("T30", -1, -2, 2),
    at("T27", -1, 2, 0),
]
# T25, T27, T10 merged into one island showing a volcano, a tree and a mountain.
THREE_TERRAINS = [at("T25", 5, 5), at("T27", 6, 5), at("T10", 5, 4)]


def points(placements: list, card: str, temples: list, edition: str = "fr") -> int:
    return objective_points(placements, card, temples, edition)


def test_g01_g02_land_move_distance() -> None:
    assert points(ONE_PORTAGE, "G01", [T05_A]) == 3
    assert points(ONE_PORTAGE, "G02", [T05_A]) == 0
    assert points(ONE_PORTAGE, "G01", [SE]) == 0  # pSE is one sea move from T1
    board = map_board(TWO_PORTAGES)
    far = [q for q, p in board.quarter_piece.items() if board.piece_keys[p] == "T27:b"]
    assert points(TWO_PORTAGES, "G02", [list(far[0])]) == 5
    assert points(TWO_PORTAGES, "G02", [list(far[0])], "en") == 6  # EN: 2 or more
    assert points(ONE_PORTAGE, "G02", [T05_A], "en") == 0
    # An island no boat can reach has no distance and scores nothing (islet sw here).
    assert points(ONE_PORTAGE, "G01", [SW]) == points(ONE_PORTAGE, "G02", [SW], "en") == 0


def test_distance_is_the_minimum_over_every_path() -> None:
    # D12: another route that reduces the distance wins. T01 south of Thera joins T1 to
    # its port a1, and on east (gate V:1:-2) to T02:b1, one sea move from Thera.
    assert points([at("T01", 0, -2), at("T02", 1, -2)], "G01", [[3, -4]]) == 0


def test_g03_to_g08_terrains_of_the_temples_island() -> None:
    assert points([], "G03", [SE]) == 3
    assert points([], "G03", [SE], "en") == 4
    merged = [at("T05", 1, -1)]  # T05's piece b (tree icon) joins the islet se
    assert points(merged, "G03", [SE]) == 0
    assert points(merged, "G06", [SE]) == 2
    assert points(merged, "G04", [SE]) == points(merged, "G05", [SE]) == 0
    assert points(THREE_TERRAINS, "G04", [[11, 10]]) == 2
    assert points(THREE_TERRAINS, "G07", [[10, 9]]) == 2
    assert points(THREE_TERRAINS, "G08", [[11, 10]]) == 6
    assert points(THREE_TERRAINS, "G08", [[11, 10]], "en") == 3
    assert points(merged, "G08", [SE]) == 0


def test_g09_sections_around_the_centre_of_thera() -> None:
    assert points([], "G09", [SE]) == 2
    assert points([], "G09", [SE, SW, NW]) == 6
    assert points([], "G09", [SE, SW, NW, NE]) == 8  # at most 8
    assert points([at("T05", 1, -1)], "G09", [SE, [2, -2]]) == 2  # one section twice


def test_g10_largest_complete_island() -> None:
    # se is closed by sea on both sides: complete, the start board counts as one tile.
    closed = [at("T01", 0, -2), at("T02", 1, -1)]
    assert points(closed, "G10", [SE]) == 1
    # se merged with T04:b, both contacts closed: a complete island of 2 tiles.
    bigger = [at("T04", 1, -1), at("T01", 0, -2), at("T06", 1, -2)]
    assert points(bigger, "G10", [SE]) == 2
    assert points(bigger, "G10", [SE, NW]) == 2  # nw is incomplete: not counted
    assert points([], "G10", [SE]) == 0  # D15: no complete island holds a temple


def test_g11_isolated_temples() -> None:
    # T01:a and T02:b are one sea move apart through T01:a1 – V:1:-2 – T02:b1 (no Thera).
    linked = [at("T01", 0, -2), at("T02", 1, -2)]
    assert points(linked, "G11", [[0, -3], [3, -4]]) == 0
    # pSE and T01:a1 are joined only through T1, a port of Thera (D14): both isolated.
    assert points(linked, "G11", [[0, -3], SE]) == 4
    assert points(linked, "G11", [[0, -3], SE], "en") == 6
    assert points(linked, "G11", [[0, -3]]) == 2  # D30: a single temple is isolated
    merged = [at("T05", 1, -1)]
    assert points(merged, "G11", [SE, [2, -2]]) == 0  # two temples on one island


def test_g12_incomplete_islands() -> None:
    assert points([], "G12", [SE, NW]) == 4
    assert points([at("T01", 0, -2), at("T02", 1, -1)], "G12", [SE, NW]) == 2


def test_bad_arguments() -> None:
    with pytest.raises(IllegalMove):
        objective_points([], "G99", [SE])
    with pytest.raises(IllegalMove):
        objective_points([], "G01", [[0, 5]])  # sea, no temple can stand there


def exhaustive_distances(board) -> dict[int, int]:  # type: ignore[no-untyped-def]
    """0-1 BFS over ports trying every single move with the movement rules, boats ignored."""
    move = mover(board, None)
    count = len(board.port_keys)
    best = {board.port_index["THERA:T1"]: 0, board.port_index["THERA:T2"]: 0}
    queue = deque(best)
    while queue:
        port = queue.popleft()
        for end in range(count):
            same = move.island_of[end] == move.island_of[port]
            try:
                move.leg_surcharge(port, "land" if same else "sea", end)
            except IllegalMove:
                continue
            dist = best[port] + (1 if same else 0)
            if dist < best.get(end, 1 << 30):
                best[end] = dist
                (queue.append if same else queue.appendleft)(end)
    out: dict[int, int] = {}
    for port, dist in best.items():
        island = move.island_of[port]
        out[island] = min(dist, out.get(island, dist))
    return out


@pytest.mark.parametrize("seed", range(8))
def test_distances_match_an_exhaustive_search(seed: int) -> None:
    rng = random.Random(seed)
    tiles = list(TILE_IDS)
    rng.shuffle(tiles)
    placements: list = []
    for tile in tiles[: 6 + 3 * seed]:
        cell = rng.choice(map_board(placements).free_cells())
        placements.append(at(tile, cell[0], cell[1], rng.randrange(4)))
    board = map_board(placements)
    assert distances(board) == exhaustive_distances(board)


def test_every_objective_scores_on_an_empty_map() -> None:
    for card in OBJECTIVE_IDS:
        assert objective_points([], card, []) == 0
        assert objective_points([], card, [SE]) >= 0
