"""Bot knowledge for Akropolis: an estimate of every seat's final score (the ``evaluate``
hook, see :mod:`app.games.akropolis.ai`).

The estimate of a city is a linear model over a few features: per district type T, its
scoring value V_T, the value P_T of districts that may still score (a temple with few
empty neighbours, house groups that may join the largest), its stars S_T, and the
products V_T*S_T (what T scores now), P_T*S_T, R*V_T, R*S_T, R*P_T with R the turns
the seat has left; plus stones, visible quarries and level-1 hexes (room to build up),
each also times R. The coefficients were fitted to final scores of bot games
(:class:`Weights`, ``docs/bots.md``): the products make a plaza worth much while
districts of its type are still to come, and stones worth about 2.6 points (they buy
tiles, and in solo every stone paid feeds the Architect).

The Illustrious Architect (solo) is estimated the same way from its collection, with its
future picks drawn from the tiles still to come (it favours plaza tiles).

Everything here is read from the state the bot passes in, which is always a state drawn
by ``sample``: it never sees the real order of the stacks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from app.games.akropolis import architect
from app.games.akropolis.ai_weights import SOLO_WEIGHTS, WEIGHTS, Weights
from app.games.akropolis.components import HEX_OF, START_ID, TILES, TYPES, tile_hexes
from app.games.akropolis.geometry import DIRS, City, decode, pack, unpack
from app.games.interface import State

#: per hex code: 0 unused, 1 quarry, 2 district, 3 plaza
KIND: tuple[int, ...] = tuple(
    0 if h is None else {"quarry": 1, "district": 2, "plaza": 3}[h["kind"]] for h in HEX_OF
)
#: per hex code: index of its type in TYPES, -1 for quarries
TYPE: tuple[int, ...] = tuple(
    TYPES.index(h["type"]) if h is not None and "type" in h else -1 for h in HEX_OF
)
STARS: tuple[int, ...] = tuple(
    int(h.get("stars", 0)) if h is not None and h["kind"] == "plaza" else 0 for h in HEX_OF
)
HOUSE, MARKET, BARRACKS, TEMPLE, GARDEN = range(5)


def _tile_counts(tile_id: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    districts = [0] * 5
    stars = [0] * 5
    quarries = 0
    for h in tile_hexes(tile_id):
        if h["kind"] == "quarry":
            quarries += 1
        elif h["kind"] == "district":
            districts[TYPES.index(h["type"])] += 1
        else:
            stars[TYPES.index(h["type"])] += int(h["stars"])
    return tuple(districts), tuple(stars), quarries


#: tile id -> (districts per type, stars per type, quarries), the starting tile included
TILE_COUNTS: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]] = {
    tid: _tile_counts(tid) for tid in (START_ID, *TILES)
}

#: chance that a temple with n empty neighbours ends surrounded (n = 1..5)
_OPEN = (1.0, 0.75, 0.55, 0.35, 0.2, 0.1, 0.0)


_LAKES: dict[frozenset[int], frozenset[int]] = {}
_LAKES_SIZE = 256


def city_lakes(city: City) -> frozenset[int]:
    """The packed positions of a city's lakes (D4), remembered by occupied set: a raised
    tile leaves the occupied set as it was, so about half the moves of a turn share it."""
    key = frozenset(city.height)
    found = _LAKES.get(key)
    if found is None:
        found = _packed_lakes(key)
        if len(_LAKES) >= _LAKES_SIZE:
            _LAKES.clear()
        _LAKES[key] = found
    return found


def _packed_lakes(occupied: frozenset[int]) -> frozenset[int]:
    """Empty positions not connected to the outside, by a flood fill of the bounding box
    enlarged by one (a legal city is connected, so one box holds it)."""
    cells = [unpack(p) for p in occupied]
    q0 = min(q for q, _ in cells) - 1
    q1 = max(q for q, _ in cells) + 1
    r0 = min(r for _, r in cells) - 1
    r1 = max(r for _, r in cells) + 1
    stride = r1 - r0 + 2
    free = {i * stride + j for i in range(q1 - q0 + 1) for j in range(r1 - r0 + 1)}
    free.difference_update([(q - q0) * stride + (r - r0) for q, r in cells])
    steps = (stride, -stride, 1, -1, stride - 1, 1 - stride)
    free.discard(0)
    stack = [0]
    while stack:
        cell = stack.pop()
        for step in steps:
            n = cell + step
            if n in free:
                free.discard(n)
                stack.append(n)
    out = set()
    for cell in free:
        i, j = divmod(cell, stride)
        out.add(pack(q0 + i, r0 + j))
    return frozenset(out)


def remaining_turns(state: State) -> list[int]:
    """Turns still to be played by each place (the Architect included in solo)."""
    places: int = state["places"]
    if state["finished"]:
        return [0] * places
    left = len(state["site"]) - 1 + sum(len(stack) for stack in state["stacks"])
    turn: int = state["turn"]
    return [(left - ((seat - turn) % places) + places - 1) // places for seat in range(places)]


def city_features(city: City, variants: Sequence[str]) -> CityFeatures:
    """What the estimate reads off a city: per type its scoring value V, the value P of
    districts that may still score, and its stars S; plus counts of visible quarries and
    of visible level-1 hexes (room to build up)."""
    height = city.height
    top = city.top
    stars = [0, 0, 0, 0, 0]
    value = [0.0, 0.0, 0.0, 0.0, 0.0]
    potential = [0.0, 0.0, 0.0, 0.0, 0.0]
    by_type: list[list[int]] = [[], [], [], [], []]
    quarries = ground = 0
    for p, code in top.items():
        kind = KIND[code]
        if kind == 3:
            stars[TYPE[code]] += STARS[code]
        elif kind == 2:
            by_type[TYPE[code]].append(p)
        else:
            quarries += 1
        if height[p] == 1:
            ground += 1
    lake = city_lakes(city)
    active = set(variants)
    # houses: the largest group scores, other groups may still join it
    best = (0, 0)
    others = 0
    for group in _groups(by_type[HOUSE]):
        size, val = len(group), sum(height[p] for p in group)
        if (size, val) > best:
            others += best[1]
            best = (size, val)
        else:
            others += val
    value[HOUSE] = best[1] * (2 if "houses" in active and best[1] >= 10 else 1)
    potential[HOUSE] = others
    # markets: isolated ones score
    markets = set(by_type[MARKET])
    for p in markets:
        if not any(p + d in markets for d in DIRS):
            twice = "markets" in active and any(
                (c := top.get(p + d)) is not None and KIND[c] == 3 and TYPE[c] == MARKET
                for d in DIRS
            )
            value[MARKET] += height[p] * (2 if twice else 1)
    # barracks: on the outer edge
    for p in by_type[BARRACKS]:
        edge = sum(1 for d in DIRS if p + d not in height and p + d not in lake)
        if edge:
            value[BARRACKS] += height[p] * (2 if "barracks" in active and edge >= 3 else 1)
    # temples: surrounded; an open temple may still be surrounded (not next to a lake)
    for p in by_type[TEMPLE]:
        empty = [p + d for d in DIRS if p + d not in height]
        factor = 2 if "temples" in active and height[p] >= 2 else 1
        if not empty:
            value[TEMPLE] += height[p] * factor
        elif not any(n in lake for n in empty):
            potential[TEMPLE] += height[p] * factor * _OPEN[len(empty)]
    # gardens: always
    for p in by_type[GARDEN]:
        wet = "gardens" in active and any(p + d in lake for d in DIRS)
        value[GARDEN] += height[p] * (2 if wet else 1)
    return CityFeatures(value, potential, stars, quarries, ground)


@dataclass(frozen=True)
class CityFeatures:
    value: list[float]
    potential: list[float]
    stars: list[int]
    quarries: int
    ground: int


def city_estimate(
    city: City, stones: int, turns: int, variants: Sequence[str], w: Weights = WEIGHTS
) -> float:
    """The estimated final score of one player's city with ``turns`` turns to go."""
    f = city_features(city, variants)
    r = turns
    total = (
        r * w.turns
        + r * r * w.turns2
        + stones * (w.stones + r * w.turns_stones)
        + f.quarries * (w.quarries + r * w.turns_quarries)
        + f.ground * (w.ground + r * w.turns_ground)
    )
    for t in range(5):
        v, s, p = f.value[t], f.stars[t], f.potential[t] if r else 0.0
        total += w.vs[t] * v * s + w.ps[t] * p * s + r * (w.rv[t] * v + w.rs[t] * s + w.rp[t] * p)
    return total


def _groups(cells: Iterable[int]) -> list[list[int]]:
    todo = set(cells)
    groups: list[list[int]] = []
    while todo:
        start = todo.pop()
        group = [start]
        stack = [start]
        while stack:
            p = stack.pop()
            for d in DIRS:
                n = p + d
                if n in todo:
                    todo.remove(n)
                    group.append(n)
                    stack.append(n)
        groups.append(group)
    return groups


#: Architect estimates keyed by what they read (the site's and the collection's tiles,
#: the stacks by the identity of each (a refill slices the list, sharing the rest),
#: stones, turns, weights); the entry keeps the stacks alive. The moves of one site tile
#: share all of it: the ordering of ~1,500 moves computes ~4 estimates, not one each.
_ARCHITECT: dict[tuple[Any, ...], tuple[list[Any], float]] = {}


def architect_estimate(state: State, turns: int, w: Weights = WEIGHTS) -> float:
    """The Illustrious Architect's estimated final score (solo): its collection so far
    plus ``turns`` picks with the average content of the tiles still to come."""
    bot = state["architect"]
    stacks = state["stacks"]
    known = w is WEIGHTS or w is SOLO_WEIGHTS  # module-level: their ids stay theirs
    key = (
        tuple(state["site"]), tuple(map(id, stacks)), tuple(bot["tiles"]), bot["stones"],
        turns, id(w), state["level"], tuple(state["variants"]),
    )  # fmt: skip
    hit = _ARCHITECT.get(key)
    if hit is not None and known and all(a is b for a, b in zip(hit[0], stacks, strict=True)):
        return hit[1]
    value = _architect_estimate(state, turns, w)
    if known:
        if len(_ARCHITECT) >= 256:
            _ARCHITECT.clear()
        _ARCHITECT[key] = (stacks, value)
    return value


def _architect_estimate(state: State, turns: int, w: Weights) -> float:
    bot = state["architect"]
    level: str = state["level"]
    value = 2 if level == "callicrates" else 1
    own_d, own_s, quarries, _ = _list_counts(bot["tiles"], START_ID)
    districts, stars = list(own_d), list(own_s)
    if turns:
        site = state["site"]
        more_d, more_s, more_q, n = _list_counts(state["stacks"])
        on_site = _sum_counts(site)
        more_d = [a + b for a, b in zip(more_d, on_site[0], strict=True)]
        more_s = [a + b for a, b in zip(more_s, on_site[1], strict=True)]
        more_q += on_site[2]
        n = max(n + len(site), 1)
        for t in range(5):
            districts[t] += turns * more_d[t] / n
            stars[t] += turns * more_s[t] / n * w.architect_plaza_bias
        quarries += turns * more_q / n
    active = set(state["variants"])
    total = float(bot["stones"]) * (w.architect_stones + turns * w.architect_turns_stones)
    for t, type_ in enumerate(TYPES):
        doubled = 0.0
        if type_ == "house":
            doubled = districts[t] if "houses" in active and districts[t] * value >= 10 else 0.0
        elif type_ == "market":
            doubled = min(districts[t], 3 * stars[t] / 2) if "markets" in active else 0.0
        elif type_ == "temple":
            doubled = districts[t] if "temples" in active and level == "callicrates" else 0.0
        elif architect.VARIANT_OF[type_] in active:
            doubled = districts[t]
        total += (districts[t] + doubled) * value * stars[t]
    if level == "metagenes":
        total += 2 * quarries
    return total


#: the content of a stacks list or an Architect's collection, by identity of the list
#: (``apply`` shares both with the states that follow until they change); not to mutate
_COUNTS: dict[int, tuple[list[Any], tuple[list[float], list[float], float, int]]] = {}


def _list_counts(
    items: list[Any], extra: int | None = None
) -> tuple[list[float], list[float], float, int]:
    """Counts of a list of tiles (plus ``extra``) or of a list of stacks, remembered."""
    hit = _COUNTS.get(id(items))
    if hit is not None and hit[0] is items:
        return hit[1]
    tiles = [t for item in items for t in item] if extra is None else [extra, *items]
    found = (*_sum_counts(tiles), len(tiles))
    if len(_COUNTS) >= 128:
        _COUNTS.clear()
    _COUNTS[id(items)] = (items, found)
    return found


def _sum_counts(tiles: Iterable[int]) -> tuple[list[float], list[float], float]:
    districts = [0.0] * 5
    stars = [0.0] * 5
    quarries = 0.0
    for tile_id in tiles:
        d, s, q = TILE_COUNTS[tile_id]
        for t in range(5):
            districts[t] += d[t]
            stars[t] += s[t]
        quarries += q
    return districts, stars, quarries


#: recent city estimates keyed by (id of the placement list, stones, turns); the entry
#: keeps the list alive, so its id cannot be reused while it is remembered. ``apply``
#: copies only the mover's city, so the other cities of a position are computed once.
_MEMO: dict[tuple[int, int, int, int, int], tuple[list[Any], float]] = {}
_MEMO_SIZE = 512


def memo_city_estimate(
    placed: list[Any], stones: int, turns: int, variants: Sequence[str], w: Weights = WEIGHTS
) -> float:
    key = (id(placed), len(placed), stones, turns, id(w))
    hit = _MEMO.get(key)
    known = w is WEIGHTS or w is SOLO_WEIGHTS  # module-level: their ids stay theirs
    if hit is not None and hit[0] is placed and known:
        return hit[1]
    value = city_estimate(decode(placed), stones, turns, variants, w)
    if known:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        _MEMO[key] = (placed, value)
    return value


def estimates(state: State, w: Weights | None = None) -> list[float]:
    """Every seat's estimated final score (the Architect's at index 1 in solo); by
    default with the weights fitted for the mode (solo or multiplayer)."""
    if w is None:
        w = WEIGHTS if state["architect"] is None else SOLO_WEIGHTS
    turns = remaining_turns(state)
    out = [
        memo_city_estimate(record["placed"], record["stones"], turns[seat], state["variants"], w)
        for seat, record in enumerate(state["cities"])
    ]
    if state["architect"] is not None:
        out.append(architect_estimate(state, turns[1], w))
    return out
