"""Final scoring of a city (spec §6 and §7), usable on its own.

Public entry point (stable)::

    score_city(city, variants=(), stones=0) -> {"house", "market", "barracks", "temple",
                                                 "garden", "stones", "total"}

``city`` is the list of *visible* hexes, each ``{"q", "r", "level", "hex"}`` with ``hex``
one of ``{"kind": "quarry"}``, ``{"kind": "district", "type": T}`` or
``{"kind": "plaza", "type": T, "stars": n}`` (T in house, market, barracks, temple,
garden; a plaza without ``stars`` gets the printed number for its type). ``variants``
holds variant names (houses, markets, barracks, temples, gardens). Any map works, whether
reachable by play or not (several separate islands included); a position listed twice
is an error. :func:`score_details` returns the same totals with a per-type breakdown.

Definitions (§6.1): *exterior* empty positions are connected to infinity through empty
positions; every other empty position is a *lake* (any size, D4). A district's value is
its level.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from app.games.akropolis.components import PLAZA_STARS, TYPES, VARIANTS

Pos = tuple[int, int]
NEIGHBOURS: tuple[Pos, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

#: (level, kind, type or None, stars) of a visible hex
Cell = tuple[int, str, str | None, int]


def _neighbours(p: Pos) -> list[Pos]:
    q, r = p
    return [(q + dq, r + dr) for dq, dr in NEIGHBOURS]


def normalise(city: Iterable[Mapping[str, Any]]) -> dict[Pos, Cell]:
    """Map each position to (level, kind, type, stars); checks the input's shape."""
    cells: dict[Pos, Cell] = {}
    for item in city:
        q, r, level = int(item["q"]), int(item["r"]), int(item["level"])
        hex_ = item["hex"]
        kind = hex_["kind"]
        if kind == "quarry":
            cell: Cell = (level, kind, None, 0)
        elif kind in ("district", "plaza"):
            type_ = hex_["type"]
            if type_ not in TYPES:
                raise ValueError(f"unknown district type {type_!r}")
            stars = int(hex_.get("stars", PLAZA_STARS[type_])) if kind == "plaza" else 0
            cell = (level, kind, type_, stars)
        else:
            raise ValueError(f"unknown hex kind {kind!r}")
        if (q, r) in cells:
            raise ValueError(f"position ({q}, {r}) is listed twice")
        cells[(q, r)] = cell
    return cells


def _components(cells: Iterable[Pos]) -> list[set[Pos]]:
    todo = set(cells)
    groups: list[set[Pos]] = []
    while todo:
        start = todo.pop()
        group = {start}
        stack = [start]
        while stack:
            for n in _neighbours(stack.pop()):
                if n in todo:
                    todo.remove(n)
                    group.add(n)
                    stack.append(n)
        groups.append(group)
    return groups


def lakes(occupied: set[Pos]) -> set[Pos]:
    """Empty positions not connected to the outside (§6.1, D4).

    Each connected part of the city is flood-filled inside its own bounding box enlarged
    by one (on the hex grid a hole is always enclosed by a single connected part), so a
    map made of far-apart islands costs no more than the islands themselves. Box cells
    are numbered ``(q - q0) * stride + (r - r0)`` with one spare column per row, so the
    six neighbour steps are constant offsets and never wrap into the box.
    """
    found: set[Pos] = set()
    for part in _components(occupied):
        q0 = min(q for q, _ in part) - 1
        q1 = max(q for q, _ in part) + 1
        r0 = min(r for _, r in part) - 1
        r1 = max(r for _, r in part) + 1
        stride = r1 - r0 + 2
        free = {i * stride + j for i in range(q1 - q0 + 1) for j in range(r1 - r0 + 1)}
        free.difference_update([(q - q0) * stride + (r - r0) for q, r in part])
        steps = (stride, -stride, 1, -1, stride - 1, 1 - stride)
        free.discard(0)
        stack = [0]  # the corner (q0, r0) is outside the part
        while stack:
            cell = stack.pop()
            for step in steps:
                n = cell + step
                if n in free:
                    free.discard(n)
                    stack.append(n)
        for cell in free:
            i, j = divmod(cell, stride)
            p = (q0 + i, r0 + j)
            if p not in occupied:
                found.add(p)
    return found


def type_detail(
    districts: int, qualifying: int, doubled: int, value: int, stars: int
) -> dict[str, Any]:
    """One district type's line of a score's detail (shared with :mod:`.live_score`)."""
    return {
        "districts": districts,
        "qualifying": qualifying,
        "doubled": doubled,
        "value": value,
        "stars": stars,
        "points": value * stars,
    }


def score_cells(
    cells: Mapping[Pos, Cell],
    variants: Iterable[str] = (),
    stones: int = 0,
    lake: set[Pos] | None = None,
) -> dict[str, Any]:
    """:func:`score_details` on an already normalised map (``lake``: its lakes, if the
    caller already knows them)."""
    active = set(variants)
    unknown = active - set(VARIANTS)
    if unknown:
        raise ValueError(f"unknown variant(s): {', '.join(sorted(unknown))}")
    occupied = set(cells)
    if lake is None:
        lake = lakes(occupied)
    stars = dict.fromkeys(TYPES, 0)
    districts: dict[str, list[Pos]] = {t: [] for t in TYPES}
    for p, (_, kind, type_, n) in cells.items():
        if kind == "plaza" and type_ is not None:
            stars[type_] += n
        elif kind == "district" and type_ is not None:
            districts[type_].append(p)

    def level(p: Pos) -> int:
        return cells[p][0]

    def is_a(p: Pos, kind: str, type_: str) -> bool:
        cell = cells.get(p)
        return cell is not None and cell[1] == kind and cell[2] == type_

    detail: dict[str, dict[str, Any]] = {}
    # houses: the largest group by hex count, ties by value (D2); plazas never connect
    houses = districts["house"]
    best: tuple[int, int] = (0, 0)
    for group in _components(houses):
        best = max(best, (len(group), sum(level(p) for p in group)))
    size, value = best
    doubled = size if "houses" in active and value >= 10 else 0
    detail["house"] = type_detail(
        len(houses), size, doubled, value * 2 if doubled else value, stars["house"]
    )
    # markets: no neighbouring market district (D6); variant: next to a market plaza
    q_n = d_n = total = 0
    for p in districts["market"]:
        ns = _neighbours(p)
        if any(is_a(n, "district", "market") for n in ns):
            continue
        q_n += 1
        twice = "markets" in active and any(is_a(n, "plaza", "market") for n in ns)
        d_n += twice
        total += level(p) * (2 if twice else 1)
    detail["market"] = type_detail(len(districts["market"]), q_n, d_n, total, stars["market"])
    # barracks: an exterior empty neighbour (D3); variant: 3+ of them
    q_n = d_n = total = 0
    for p in districts["barracks"]:
        edge = sum(1 for n in _neighbours(p) if n not in occupied and n not in lake)
        if not edge:
            continue
        q_n += 1
        twice = "barracks" in active and edge >= 3
        d_n += twice
        total += level(p) * (2 if twice else 1)
    detail["barracks"] = type_detail(len(districts["barracks"]), q_n, d_n, total, stars["barracks"])
    # temples: all six neighbours occupied (D5); variant: level 2 or more
    q_n = d_n = total = 0
    for p in districts["temple"]:
        if not all(n in occupied for n in _neighbours(p)):
            continue
        q_n += 1
        twice = "temples" in active and level(p) >= 2
        d_n += twice
        total += level(p) * (2 if twice else 1)
    detail["temple"] = type_detail(len(districts["temple"]), q_n, d_n, total, stars["temple"])
    # gardens: always; variant: next to a lake
    d_n = total = 0
    for p in districts["garden"]:
        twice = "gardens" in active and any(n in lake for n in _neighbours(p))
        d_n += twice
        total += level(p) * (2 if twice else 1)
    gardens = len(districts["garden"])
    detail["garden"] = type_detail(gardens, gardens, d_n, total, stars["garden"])

    points = {t: detail[t]["points"] for t in TYPES}
    return {
        **points,
        "stones": stones,
        "total": sum(points.values()) + stones,
        "details": detail,
        "lakes": len(lake),
    }


def score_details(
    city: Iterable[Mapping[str, Any]], variants: Iterable[str] = (), stones: int = 0
) -> dict[str, Any]:
    """Like :func:`score_city`, plus ``details`` (per type: districts, qualifying,
    doubled, value, stars, points) and ``lakes`` (number of lake positions)."""
    return score_cells(normalise(city), variants, stones)


def score_city(
    city: Iterable[Mapping[str, Any]], variants: Iterable[str] = (), stones: int = 0
) -> dict[str, int]:
    """Points per district type, stones and total of a city as it would score now."""
    full = score_details(city, variants, stones)
    return {key: full[key] for key in (*TYPES, "stones", "total")}
