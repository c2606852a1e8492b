"""A decoded city's live score, the same answer as :func:`scoring.score_cells` (the
reference: any map, validated input), computed on the city's packed positions and hex
codes.

Every move rescores the city it changed (its view shows the score). ``score_cells``
wants a dict of ``(q, r) -> (level, kind, type, stars)`` tuples, and its groups and
neighbour tests build tuples for every step; here a neighbour is an integer addition
(:data:`geometry.DIRS`) and a hex's kind and type are read from tables indexed by its
code. tests/games/akropolis/test_live_score.py checks both agree on every city of random
games, variants on and off.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.games.akropolis.components import HEX_OF, TYPES, VARIANTS
from app.games.akropolis.geometry import DIRS, City, pack
from app.games.akropolis.scoring import normalise, type_detail

_TYPE_INDEX = {type_: i for i, type_ in enumerate(TYPES)}
_HOUSE, _MARKET, _BARRACKS, _TEMPLE, _GARDEN = range(5)


def _tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per hex code, read as :func:`scoring.normalise` reads a hex: its district type
    (index, or -1), its plaza type (or -1) and the plaza's stars."""
    district, plaza, stars = [], [], []
    for hex_ in HEX_OF:
        kind, type_, n = "", None, 0  # no such hex code in a city
        if hex_ is not None:
            ((_, kind, type_, n),) = normalise([{"q": 0, "r": 0, "level": 0, "hex": hex_}]).values()
        index = -1 if type_ is None else _TYPE_INDEX[type_]
        district.append(index if kind == "district" else -1)
        plaza.append(index if kind == "plaza" else -1)
        stars.append(n)
    return tuple(district), tuple(plaza), tuple(stars)


_DISTRICT_OF, _PLAZA_OF, _STARS_OF = _tables()
_KNOWN = frozenset(VARIANTS)


def score(
    city: City, variants: Iterable[str], stones: int, lakes: set[tuple[int, int]]
) -> dict[str, object]:
    """``score_cells`` of the city's visible hexes, given its lakes as (q, r)."""
    active = set(variants)
    if not active <= _KNOWN:
        raise ValueError(f"unknown variant(s): {', '.join(sorted(active - _KNOWN))}")
    height, top = city.height, city.top
    lake = {pack(q, r) for q, r in lakes}
    stars = [0] * 5
    districts: list[list[int]] = [[], [], [], [], []]
    for p, code in top.items():
        type_ = _DISTRICT_OF[code]
        if type_ >= 0:
            districts[type_].append(p)
        elif _PLAZA_OF[code] >= 0:
            stars[_PLAZA_OF[code]] += _STARS_OF[code]

    detail: dict[str, dict[str, object]] = {}
    # houses: the largest group by hex count, ties by value (D2); plazas never connect
    houses = districts[_HOUSE]
    best = (0, 0)
    todo = set(houses)
    while todo:
        start = todo.pop()
        stack = [start]
        size, value = 1, height[start]
        while stack:
            at = stack.pop()
            for d in DIRS:
                n = at + d
                if n in todo:
                    todo.remove(n)
                    stack.append(n)
                    size += 1
                    value += height[n]
        best = max(best, (size, value))
    size, value = best
    doubled = size if "houses" in active and value >= 10 else 0
    detail["house"] = type_detail(
        len(houses), size, doubled, value * 2 if doubled else value, stars[_HOUSE]
    )
    # markets: no neighbouring market district (D6); variant: next to a market plaza
    q_n = d_n = total = 0
    for p in districts[_MARKET]:
        codes = [top.get(p + d) for d in DIRS]
        if any(c is not None and _DISTRICT_OF[c] == _MARKET for c in codes):
            continue
        q_n += 1
        twice = "markets" in active and any(
            c is not None and _PLAZA_OF[c] == _MARKET for c in codes
        )
        d_n += twice
        total += height[p] * (2 if twice else 1)
    detail["market"] = type_detail(len(districts[_MARKET]), q_n, d_n, total, stars[_MARKET])
    # barracks: an exterior empty neighbour (D3); variant: 3+ of them
    q_n = d_n = total = 0
    for p in districts[_BARRACKS]:
        edge = sum(1 for d in DIRS if p + d not in top and p + d not in lake)
        if not edge:
            continue
        q_n += 1
        twice = "barracks" in active and edge >= 3
        d_n += twice
        total += height[p] * (2 if twice else 1)
    detail["barracks"] = type_detail(len(districts[_BARRACKS]), q_n, d_n, total, stars[_BARRACKS])
    # temples: all six neighbours occupied (D5); variant: level 2 or more
    q_n = d_n = total = 0
    for p in districts[_TEMPLE]:
        if not all(p + d in top for d in DIRS):
            continue
        q_n += 1
        twice = "temples" in active and height[p] >= 2
        d_n += twice
        total += height[p] * (2 if twice else 1)
    detail["temple"] = type_detail(len(districts[_TEMPLE]), q_n, d_n, total, stars[_TEMPLE])
    # gardens: always; variant: next to a lake
    d_n = total = 0
    for p in districts[_GARDEN]:
        twice = "gardens" in active and any(p + d in lake for d in DIRS)
        d_n += twice
        total += height[p] * (2 if twice else 1)
    gardens = len(districts[_GARDEN])
    detail["garden"] = type_detail(gardens, gardens, d_n, total, stars[_GARDEN])

    points = {t: detail[t]["points"] for t in TYPES}
    return {
        **points,
        "stones": stones,
        "total": sum(points.values()) + stones,  # type: ignore[arg-type]
        "details": detail,
        "lakes": len(lake),
    }
