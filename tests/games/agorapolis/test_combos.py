"""§8.1 combination table and its edge cases (§18.22–25, 42, 44)."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.games.agorapolis import combos
from app.games.agorapolis.combos import BASE, best_combination


def test_doctests() -> None:
    failures, tried = doctest.testmod(combos)
    assert tried > 5 and failures == 0


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ([], ("none", 0)),
        ([6], ("none", 0)),
        ([1, 2, 3, 4, 6], ("none", 0)),
        ([4, 4], ("pair", 1)),
        ([4, 4, 1, 1], ("two_pairs", 2)),
        ([4, 4, 1, 1, 6, 6], ("two_pairs", 2)),  # three pairs score as two pairs (§18.24)
        ([5, 5, 5], ("three_of_a_kind", 3)),
        ([5, 5, 5, 2, 2], ("full_house", 4)),
        ([5, 5, 5, 2, 2, 2], ("full_house", 4)),
        ([1, 2, 3, 4, 5], ("straight", 5)),
        ([2, 3, 4, 5, 6], ("straight", 5)),  # both straights count (§18.23)
        ([3, 4, 5, 6, 1], ("none", 0)),  # no wrap-around
        ([1, 1, 2, 3, 4, 5], ("straight", 5)),
        ([6, 6, 6, 6], ("four_of_a_kind", 6)),
        ([6, 6, 6, 6, 2, 2], ("four_of_a_kind", 6)),
        ([3, 3, 3, 3, 3], ("five_of_a_kind", 7)),
        ([3] * 8, ("five_of_a_kind", 7)),  # six or more equal dice (§18.24)
    ],
)
def test_table(dice: list[int], expected: tuple[str, int]) -> None:
    assert best_combination(dice) == expected


def test_full_house_needs_two_values() -> None:
    assert best_combination([2, 2, 2, 2, 2]) == ("five_of_a_kind", 7)
    assert best_combination([2, 2, 2, 2]) == ("four_of_a_kind", 6)


def test_fetish_counts_only_inside_the_combination() -> None:
    assert best_combination([2, 2, 6], fetish=6) == ("pair", 1)  # §18.25
    assert best_combination([6, 6, 2], fetish=6) == ("pair", 2)
    # a fetish pair (2) beats a non-fetish pair (1), same base
    assert best_combination([6, 6, 3, 3], fetish=6) == ("two_pairs", 3)


def test_fetish_can_prefer_a_lower_base() -> None:
    # three 1s with fetish 4 = 3; two pairs 4+2 with fetish = 3; tie → higher base reported
    assert best_combination([1, 1, 1, 4, 4], fetish=4) == ("full_house", 5)
    assert best_combination([1, 1, 1, 4, 2, 2], fetish=4) == ("full_house", 4)


def test_straight_includes_fetish() -> None:
    assert best_combination([1, 2, 3, 4, 5], fetish=3) == ("straight", 6)
    assert best_combination([2, 3, 4, 5, 6], fetish=1) == ("straight", 5)
    assert best_combination([1, 2, 3, 4, 5, 6], fetish=6) == ("straight", 6)


def test_fabulous_recipes_doubles_instead_of_plus_one() -> None:
    assert best_combination([4, 4], fetish=4, fabulous_recipes=True) == ("pair", 2)  # §18.44
    assert best_combination([4, 4, 4], fetish=4, fabulous_recipes=True) == ("three_of_a_kind", 6)
    assert best_combination([1, 1, 1], fetish=4, fabulous_recipes=True) == ("three_of_a_kind", 3)
    # doubling a fetish pair-of-pairs beats a plain straight
    assert best_combination([5, 5, 5, 5, 2], fetish=5, fabulous_recipes=True) == (
        "four_of_a_kind",
        12,
    )


def test_curse_halves_last_rounding_down() -> None:
    assert best_combination([4, 4], fetish=4, cursed=True) == ("pair", 1)
    assert best_combination([3, 3], cursed=True) == ("pair", 0)  # reported, gain 0
    assert best_combination([5, 5, 5], fetish=5, fabulous_recipes=True, cursed=True) == (
        "three_of_a_kind",
        3,
    )
    assert best_combination([1, 2, 3, 4, 5], cursed=True) == ("straight", 2)


def test_bad_die_value_refused() -> None:
    with pytest.raises(ValueError):
        best_combination([0, 1])


def _reference(dice: list[int], fetish: int | None, fab: bool, cursed: bool) -> int:
    """Brute force over every subset of dice (independent of the count algorithm)."""
    from itertools import combinations

    best = 0
    for size in range(2, min(len(dice), 5) + 1):
        for subset in combinations(dice, size):
            counts = sorted(Counter(subset).values(), reverse=True)
            faces = set(subset)
            if counts == [2]:
                name = "pair"
            elif counts == [2, 2]:
                name = "two_pairs"
            elif counts == [3]:
                name = "three_of_a_kind"
            elif counts == [3, 2]:
                name = "full_house"
            elif counts == [4]:
                name = "four_of_a_kind"
            elif counts == [5]:
                name = "five_of_a_kind"
            elif faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) and size == 5:
                name = "straight"
            else:
                continue
            value = BASE[name]
            if fetish in faces:
                value = value * 2 if fab else value + 1
            if cursed:
                value //= 2
            best = max(best, value)
    return best


@given(
    st.lists(st.integers(1, 6), max_size=8),
    st.one_of(st.none(), st.integers(1, 6)),
    st.booleans(),
    st.booleans(),
)
def test_gain_matches_brute_force(
    dice: list[int], fetish: int | None, fab: bool, cursed: bool
) -> None:
    name, gain = best_combination(dice, fetish, fabulous_recipes=fab, cursed=cursed)
    assert gain == _reference(dice, fetish, fab, cursed)
    assert (name == "none") == (len(set(dice)) == len(dice) and not _has_straight(dice))


def _has_straight(dice: list[int]) -> bool:
    faces = set(dice)
    return {1, 2, 3, 4, 5} <= faces or {2, 3, 4, 5, 6} <= faces
