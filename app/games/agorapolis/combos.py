"""Dice combinations (spec §8.1): the best-scoring combination of one seat in one sector.

Ids and base gains::

    pair 1, two_pairs 2, three_of_a_kind 3, full_house 4, straight 5,
    four_of_a_kind 6, five_of_a_kind 7   (none 0)

Each candidate is a concrete set of dice. Its value starts at the base; if its faces
include the fetish number it gets +1 (×2 instead with Fabulous Recipes); a curse then
halves it (rounded down). The best value wins, ties reported by the higher base.

>>> best_combination([])
('none', 0)
>>> best_combination([1, 2, 4, 6])
('none', 0)
>>> best_combination([3, 3])
('pair', 1)
>>> best_combination([3, 3, 5, 5, 1])
('two_pairs', 2)
>>> best_combination([2, 2, 2, 6, 6])
('full_house', 4)
>>> best_combination([1, 2, 3, 4, 5]), best_combination([6, 5, 4, 3, 2])
(('straight', 5), ('straight', 5))
>>> best_combination([4, 4, 4, 4, 4, 4, 4])
('five_of_a_kind', 7)

Fetish, Fabulous Recipes and curse:

>>> best_combination([3, 3, 5, 5], fetish=5)
('two_pairs', 3)
>>> best_combination([5, 5], fetish=5, fabulous_recipes=True)
('pair', 2)
>>> best_combination([6, 6, 6, 1, 1], fetish=1, fabulous_recipes=True)
('full_house', 8)
>>> best_combination([2, 2], cursed=True)
('pair', 0)
>>> best_combination([2, 2, 2, 2, 5], fetish=5, cursed=True)
('four_of_a_kind', 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

COMBINATIONS: tuple[str, ...] = (
    "none",
    "pair",
    "two_pairs",
    "three_of_a_kind",
    "full_house",
    "straight",
    "four_of_a_kind",
    "five_of_a_kind",
)
BASE: dict[str, int] = {name: index for index, name in enumerate(COMBINATIONS)}
FACES = range(1, 7)


def candidates(dice: Iterable[int]) -> Iterator[tuple[str, frozenset[int]]]:
    """Every candidate combination (§8.1, count-based) with the faces it includes."""
    counts = dict.fromkeys(FACES, 0)
    for value in dice:
        if value not in counts:
            raise ValueError(f"a die shows 1..6, not {value!r}")
        counts[value] += 1
    for v in FACES:
        if counts[v] >= 5:
            yield "five_of_a_kind", frozenset({v})
        if counts[v] >= 4:
            yield "four_of_a_kind", frozenset({v})
        if counts[v] >= 3:
            yield "three_of_a_kind", frozenset({v})
        if counts[v] >= 2:
            yield "pair", frozenset({v})
        for w in FACES:
            if w == v:
                continue
            if counts[v] >= 3 and counts[w] >= 2:
                yield "full_house", frozenset({v, w})
            if w > v and counts[v] >= 2 and counts[w] >= 2:
                yield "two_pairs", frozenset({v, w})
    for low in (1, 2):
        faces = frozenset(range(low, low + 5))
        if all(counts[face] >= 1 for face in faces):
            yield "straight", faces


def candidate_value(
    name: str, faces: frozenset[int], fetish: int | None, fabulous_recipes: bool, cursed: bool
) -> int:
    """Value of one candidate after the fetish bonus (or Fabulous Recipes) and a curse."""
    value = BASE[name]
    if fetish is not None and fetish in faces:
        value = value * 2 if fabulous_recipes else value + 1
    if cursed:
        value //= 2
    return value


def best_combination(
    dice: Iterable[int],
    fetish: int | None = None,
    *,
    fabulous_recipes: bool = False,
    cursed: bool = False,
) -> tuple[str, int]:
    """The best combination id among ``dice`` (values 1..6) and its gain (§8.1).

    ``fetish`` is the city's fetish number, ``fabulous_recipes`` doubles a fetish
    combination instead of +1, ``cursed`` halves the value last (rounded down).
    """
    try:
        key = tuple(sorted(dice))
    except TypeError:
        raise ValueError(f"dice show 1..6, not {dice!r}") from None
    return _best(key, fetish, fabulous_recipes, cursed)


@lru_cache(maxsize=4096)
def _best(
    dice: tuple[int, ...], fetish: int | None, fabulous_recipes: bool, cursed: bool
) -> tuple[str, int]:
    # Remembered: the bots' estimate asks for the same few hands thousands of times a
    # move (a seat holds at most 17 dice of 6 faces; bad faces raise and are not kept).
    best: tuple[int, int] = (0, 0)
    best_name = "none"
    for name, faces in candidates(dice):
        key = (candidate_value(name, faces, fetish, fabulous_recipes, cursed), BASE[name])
        if key > best:
            best, best_name = key, name
    return best_name, best[0]
