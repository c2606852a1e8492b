"""Plan-card proofs (spec §5, D8, D9, D28) through the public ``plan_proven``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games import akrotiri
from app.games.akrotiri.cache import board_of
from app.games.akrotiri.components import PLANS
from app.games.akrotiri.plans import (
    _DEMANDS,
    _NEAR,
    _NORTH_CLASS,
    _sums,
    icon_classes,
    plan_proven,
    proven_on,
    proven_quarters,
)
from app.games.interface import IllegalMove, MalformedMove
from tests.games.akrotiri.helpers import icon_at


def e01_map() -> list[dict]:
    used: set[str] = set()
    # E01: a volcano up, a lake down (read from the owner's seat).
    return [icon_at("volcano", 0, 3, used), icon_at("lake", 1, -4, used)]


def test_direction_is_read_from_the_owners_seat() -> None:
    placements = e01_map()
    assert plan_proven(placements, "E01", "south", [5, 0])
    assert plan_proven(placements, "E01", 0, [5, 0])
    assert not plan_proven(placements, "E01", "north", [5, 0])  # up is −y for north
    mirrored = [
        {**p, "cell": [-p["cell"][0] - 1, -p["cell"][1] - 1], "rot": (p["rot"] + 2) % 4}
        for p in placements
    ]  # the same map turned by 180° around Thera's centre
    assert plan_proven(mirrored, "E01", "north", [-6, -1])
    assert not plan_proven(mirrored, "E01", "south", [-6, -1])


def test_general_direction_ignores_the_sideways_offset() -> None:
    # Seed example: a volcano anywhere beyond the dashed line above the temple counts.
    placements = e01_map()
    for x in (-40, -1, 0, 1, 60):
        assert plan_proven(placements, "E01", "south", [x, 2])


def test_same_row_or_same_quarter_icons_do_not_count() -> None:
    placements = e01_map()
    assert not plan_proven(placements, "E01", "south", [9, 3])  # volcano in the same row
    assert not plan_proven(placements, "E01", "south", [0, 3])  # in the temple's quarter
    assert not plan_proven(placements, "E01", "south", [7, -4])  # lake in the same row


def test_one_diagonal_icon_cannot_serve_two_requirements() -> None:
    # D9. M12: up lake, up volcano, right tree, down tree, left mountain.
    used: set[str] = set()
    placements = [
        icon_at("lake", 1, 5, used),
        icon_at("volcano", 3, 5, used),
        icon_at("mountain", -5, 9, used),
        icon_at("tree", 5, -5, used),  # right and down of (0, 0)
    ]
    assert not plan_proven(placements, "M12", "south", [0, 0])
    placements.append(icon_at("tree", 1, -5, used))  # a second tree, also right and down
    assert plan_proven(placements, "M12", "south", [0, 0])


def test_several_icons_needed_in_one_direction() -> None:
    # M01 needs two trees down, a mountain left and a lake right.
    used: set[str] = set()
    placements = [
        icon_at("tree", 0, -3, used),
        icon_at("mountain", -3, 0, used),
        icon_at("lake", 3, 0, used),
    ]
    assert not plan_proven(placements, "M01", "south", [0, 1])
    placements.append(icon_at("tree", 4, -5, used))
    assert plan_proven(placements, "M01", "south", [0, 1])
    assert plan_proven(placements, "M01", "south", [0, 0])  # left/right ignore the row
    assert not plan_proven(placements, "M01", "south", [-3, 1])  # mountain in its column


def test_proven_quarters_lists_land_off_thera() -> None:
    placements = e01_map()
    board = board_of(placements)
    quarters = proven_quarters(board, "E01", 0)
    assert quarters  # some land lies between the volcano's row and the lake's row
    assert all(-4 < q[1] < 3 for q in quarters)
    assert all(board.island_at(q) != board.islands().thera for q in quarters)


def test_bad_arguments() -> None:
    with pytest.raises(IllegalMove):
        plan_proven([], "X99", "south", [0, 0])
    with pytest.raises(MalformedMove):
        plan_proven([], "E01", "east", [0, 0])


def test_plan_card_data() -> None:
    # D28: cost = points = number of icons; easy 2–3, medium 4–5, hard 6–7; 12 of each.
    sizes = {"easy": (2, 3), "medium": (4, 5), "hard": (6, 7)}
    for card in PLANS.values():
        assert card["cost"] == card["points"] == len(card["pattern"])
        assert card["cost"] in sizes[card["difficulty"]]
    assert [sum(c["difficulty"] == d for c in PLANS.values()) for d in sizes] == [12, 12, 12]
    assert PLANS["E07"]["cost"] == 3 and max(c["points"] for c in PLANS.values()) == 7


def _proven_by_hall(board: Any, card_id: str, seat: int, quarter: Any) -> bool:
    """The proof as first written (every direction set summed per card): the reference
    for the shared per-quarter counts of ``plans._proven``."""
    classes = icon_classes(board, quarter)
    for terrain, need in _DEMANDS[card_id]:
        counts = classes[terrain]
        if seat == 1:
            counts = [counts[_NORTH_CLASS[c]] for c in range(9)]
        for mask in range(1, 16):
            if need[mask] and sum(counts[c] for c in _NEAR[mask]) < need[mask]:
                return False
    return True


@pytest.mark.parametrize("seed", [3, 11])
def test_shared_counts_prove_exactly_what_halls_condition_does(seed: int) -> None:
    """On the boards of two random games, every card, seat and quarter: the same answer."""
    chooser = random.Random(seed)
    state = akrotiri.setup(2, {}, seed)
    checked = proven = 0
    for step in range(400):
        if akrotiri.result(state) is not None:
            break
        if step % 25 == 0:
            board = board_of(state["placements"])
            for quarter in board.quarter_piece:
                for card_id in PLANS:
                    for seat in (0, 1):
                        expected = _proven_by_hall(board, card_id, seat, quarter)
                        assert proven_on(board, card_id, seat, quarter) == expected
                        checked += 1
                        proven += expected
        (seat,) = akrotiri.to_act(state)
        state = akrotiri.apply(state, seat, chooser.choice(akrotiri.legal_moves(state, seat)))
    assert checked > 1_000 and 0 < proven < checked  # both answers were exercised


@pytest.mark.parametrize("seed", [5, 17])
def test_sums_extended_from_the_parent_board_equal_sums_made_afresh(seed: int) -> None:
    """A board's packed sums are its parent's plus the new icon (Board.parent); the same
    board built with no parent sums every icon: same sums, same proven quarters, and the
    same proven quarters as the plain reading of Hall's condition."""
    chooser = random.Random(seed)
    state = akrotiri.setup(2, {}, seed)
    seen: set[int] = set()
    for _ in range(400):
        if akrotiri.result(state) is not None:
            break
        (seat,) = akrotiri.to_act(state)
        state = akrotiri.apply(state, seat, chooser.choice(akrotiri.legal_moves(state, seat)))
        board = board_of(state["placements"])
        if board.parent() is None or len(board.placements) in seen:
            continue
        seen.add(len(board.placements))
        fresh = board.parent().add(*board.placements[-1])  # type: ignore[union-attr]
        fresh._parent = None
        thera = board.islands().thera
        for side in (0, 1):
            assert _sums(board, side) == _sums(fresh, side)
            for card_id in PLANS:
                expected = sorted(
                    q
                    for q, piece in board.quarter_piece.items()
                    if board.islands().of_piece[piece] != thera
                    and _proven_by_hall(board, card_id, side, q)
                )
                assert proven_quarters(board, card_id, side) == expected
                assert proven_quarters(fresh, card_id, side) == expected
    assert len(seen) >= 10
