"""Pairing (app.tournaments.pairing): every entrant seated once a round or given a bye,
no repeat meetings where avoidable, fair byes, round robins where everyone meets."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.tournaments.pairing import (
    BYE_POINTS,
    Meetings,
    Round,
    choose_byes,
    circle_round,
    group_tables,
    opponents_points,
    place_points,
    ranks,
    robin_schedule,
    swiss_round,
)


def seated_once(entrants: list[int], played: Round[int], seats: int) -> None:
    seen = [e for table in played.tables for e in table] + played.byes
    assert sorted(seen) == sorted(entrants)
    assert all(len(table) == seats for table in played.tables)


def play_swiss(count: int, seats: int, rounds: int) -> tuple[list[Round[int]], dict[int, float]]:
    """A swiss of ``count`` entrants where the lower id always wins its table."""
    entrants = list(range(count))
    points: dict[int, float] = {}
    byes: Counter[int] = Counter()
    history: list[tuple[int, ...]] = []
    played: list[Round[int]] = []
    for _ in range(rounds):
        this = swiss_round(entrants, seats, points, history, byes)
        seated_once(entrants, this, seats)
        for table in this.tables:
            ranking = [[seat] for seat in sorted(range(seats), key=lambda s: table[s])]
            for seat, value in enumerate(place_points(ranking, seats)):
                points[table[seat]] = points.get(table[seat], 0.0) + value
            history.append(table)
        for entrant in this.byes:
            byes[entrant] += 1
            points[entrant] = points.get(entrant, 0.0) + BYE_POINTS
        played.append(this)
    return played, points


def test_place_points_scale() -> None:
    assert place_points([[1], [0]], 2) == [0.0, 1.0]
    assert place_points([[0, 1]], 2) == [0.5, 0.5]  # a draw
    assert place_points([[2], [0], [3], [1]], 4) == pytest.approx([2 / 3, 0, 1, 1 / 3])
    # Two tied for first share the points of places 1 and 2; seat 3 missing is last.
    assert place_points([[0, 1], [2]], 4) == pytest.approx([5 / 6, 5 / 6, 1 / 3, 0])
    for seats in range(2, 7):
        assert sum(place_points([[s] for s in range(seats)], seats)) == pytest.approx(
            seats * BYE_POINTS
        )


def test_swiss_eight_entrants_three_rounds_never_repeat() -> None:
    played, points = play_swiss(8, 2, 3)
    pairs = [frozenset(t) for r in played for t in r.tables]
    assert len(pairs) == len(set(pairs)) == 12
    # First round: top against the next in seed order; then winners meet winners.
    assert played[0].tables == [(0, 1), (2, 3), (4, 5), (6, 7)]
    assert set(map(frozenset, played[1].tables)) >= {frozenset((0, 2))}
    assert points[0] == 3.0
    assert not any(r.byes for r in played)


def test_swiss_odd_field_gives_each_bye_once() -> None:
    played, _ = play_swiss(7, 2, 7)
    byes = [e for r in played for e in r.byes]
    assert len(byes) == 7 and len(set(byes)) == 7  # everyone once, nobody twice
    # The first bye goes to the last in seed order (lowest placed, no byes yet).
    assert played[0].byes == [6]


def test_swiss_repeats_only_when_unavoidable() -> None:
    # 4 entrants, 2 seats: 3 rounds exhaust every pairing; a 4th must repeat.
    played, _ = play_swiss(4, 2, 4)
    pairs = [frozenset(t) for r in played[:3] for t in r.tables]
    assert len(set(pairs)) == 6
    seated_once(list(range(4)), played[3], 2)


def test_swiss_four_seats_with_leftovers() -> None:
    played, _ = play_swiss(10, 4, 3)
    for this in played:
        assert len(this.tables) == 2 and len(this.byes) == 2
    byes = [e for r in played for e in r.byes]
    assert len(set(byes)) == 6  # six different entrants sat out once each


@given(
    count=st.integers(min_value=2, max_value=14),
    seats=st.integers(min_value=2, max_value=5),
    rounds=st.integers(min_value=1, max_value=4),
)
def test_swiss_properties(count: int, seats: int, rounds: int) -> None:
    if count < seats:
        return
    played, _ = play_swiss(count, seats, rounds)
    byes = Counter(e for r in played for e in r.byes)
    # Byes are spread: nobody has two more than anyone else.
    assert max(byes.values(), default=0) - min(byes.get(e, 0) for e in range(count)) <= 1


@given(count=st.integers(min_value=2, max_value=12))
def test_circle_method_meets_everyone_once(count: int) -> None:
    schedule = robin_schedule(list(range(count)), 2)
    assert len(schedule) == count - 1 + count % 2
    pairs = Counter(frozenset(t) for r in schedule for t in r.tables)
    assert set(pairs) == {frozenset(p) for p in combinations(range(count), 2)}
    assert set(pairs.values()) == {1}
    for this in schedule:
        seated_once(list(range(count)), this, 2)
        assert len(this.byes) == count % 2


def test_circle_round_alternates_first_seat() -> None:
    assert circle_round([0, 1, 2, 3], 0).tables == [(0, 3), (1, 2)]
    assert circle_round([0, 1, 2, 3], 1).tables[0] == (2, 0)


@pytest.mark.parametrize(("count", "seats"), [(4, 4), (6, 3), (8, 4), (9, 3), (7, 3), (12, 4)])
def test_round_robin_more_seats_everyone_meets(count: int, seats: int) -> None:
    entrants = list(range(count))
    schedule = robin_schedule(entrants, seats)
    meetings: Meetings[int] = Meetings(t for r in schedule for t in r.tables)
    assert meetings.all_met(entrants)
    for this in schedule:
        seated_once(entrants, this, seats)
    # Never more rounds than one entrant needs to meet the others at n-1 a table, plus
    # a little slack for the fields no perfect schedule exists for.
    assert len(schedule) <= count - 1
    if count == seats:
        assert len(schedule) == 1


def test_group_tables_avoids_repeats_by_backtracking() -> None:
    # 0-1 and 2-3 met: the top-down order must not give 0 to 1 again.
    meetings: Meetings[int] = Meetings([(0, 1), (2, 3)])
    tables = group_tables([0, 1, 2, 3], 2, meetings.table_cost)
    assert meetings.table_cost([e for t in tables for e in t][:2]) == 0
    assert all(meetings.table_cost(t) == 0 for t in tables)
    with pytest.raises(ValueError):
        group_tables([0, 1, 2], 2, meetings.table_cost)


def test_byes_fewest_first_then_lowest() -> None:
    assert choose_byes([0, 1, 2, 3], 1, {}) == [3]
    assert choose_byes([0, 1, 2, 3], 1, {3: 1}) == [2]
    assert choose_byes([0, 1, 2, 3], 0, {}) == []


def test_ranks_and_tiebreak() -> None:
    assert ranks([(1.0,), (2.0,), (2.0,), (0.0,)]) == [3, 1, 1, 4]
    assert ranks([(2.0, 1.0), (2.0, 3.0)]) == [2, 1]
    history = [(0, 1), (0, 2)]
    assert opponents_points(0, history, {1: 1.0, 2: 0.5}) == 1.5


def test_the_first_seat_goes_round() -> None:
    """Who sat first less often sits first: two entrants meeting four times alternate, and
    in an 8-entrant swiss of 4 rounds nobody sits first more than 3 times."""
    history: list[tuple[str, ...]] = []
    for _ in range(4):
        (table,) = swiss_round(["a", "b"], 2, {"a": 0.0, "b": 0.0}, history, {}).tables
        history.append(table)
    assert [table[0] for table in history] == ["a", "b", "a", "b"]

    entrants = [f"e{n}" for n in range(8)]
    points = dict.fromkeys(entrants, 0.0)
    played: list[tuple[str, ...]] = []
    for _ in range(4):
        for table in swiss_round(entrants, 2, points, played, {}).tables:
            played.append(table)
            points[table[0]] += 1.0  # the first seat wins, the hardest case for balance
    firsts = {e: sum(table[0] == e for table in played) for e in entrants}
    assert max(firsts.values()) <= 3, firsts
