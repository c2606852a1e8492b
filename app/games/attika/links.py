"""Colonies, shrines and groups: the victory checks (§8), amphora earning (§7.1, D9) and
the shortest shrine link (the "radar" hint and the evaluation).
"""

from __future__ import annotations

from collections import deque

from app.games.attika.components import COUNT, GROUPS
from app.games.attika.geometry import Topology
from app.games.attika.position import BUILDING_BITS, SEAT_SHIFT, count_components

_FAR = 1 << 20


def colony_shrines(topo: Topology, occ: list[int], seat: int, start: int) -> int:
    """Bit mask of the shrines touched by the colony of ``seat`` containing land ``start``."""
    nbr = topo.nbr
    bits = topo.shrine_bits
    seen = {start}
    frontier = [start]
    touched = 0
    while frontier:
        i = frontier.pop()
        touched |= bits[i]
        for n in nbr[i]:
            if n not in seen:
                c = occ[n]
                if c >= 0 and c >> SEAT_SHIFT == seat:
                    seen.add(n)
                    frontier.append(n)
    return touched


def links_shrines(topo: Topology, occ: list[int], seat: int, start: int) -> bool:
    """The colony through ``start`` touches two different shrines (§8.2)."""
    return colony_shrines(topo, occ, seat, start).bit_count() >= 2


def built_count(occ: list[int], seat: int) -> int:
    return sum(1 for c in occ if c >= 0 and c >> SEAT_SHIFT == seat)


def all_built(occ: list[int], seat: int) -> bool:
    return built_count(occ, seat) == COUNT


def group_outcome(topo: Topology, occ: list[int], seat: int, group: int) -> bool | None:
    """None while some building of the group is off the map; then whether the group's own
    buildings form one connected set (D9: other buildings never join them)."""
    members = set(GROUPS[group].members)
    cells = [
        i
        for i, c in enumerate(occ)
        if c >= 0 and c >> SEAT_SHIFT == seat and c & BUILDING_BITS in members
    ]
    if len(cells) < len(members):
        return None
    return count_components(cells, topo) == 1


def shrine_link(
    topo: Topology, occ: list[int], seat: int, path: bool = True
) -> tuple[int, list[int]] | None:
    """The cheapest way for ``seat`` to join two different shrines: (number of empty land
    hexes still to build on, those land indices), or None if no path exists.

    A path runs over land only, through the seat's buildings (cost 0) and empty hexes
    (cost 1), never through other players' buildings. One multi-source 0-1 BFS labels each
    hex with its nearest shrine; the best link crosses an edge between two labels, or
    starts at a hex touching a shrine other than its own label (exact, see the docs).
    """
    n = len(occ)
    cost = [1 if c < 0 else 0 if c >> SEAT_SHIFT == seat else _FAR for c in occ]
    dist = [_FAR] * n
    label = [-1] * n
    parent = [-1] * n
    queue: deque[int] = deque()
    bits = topo.shrine_bits
    for i in range(n):
        if bits[i] and cost[i] < _FAR:
            dist[i] = cost[i]
            label[i] = (bits[i] & -bits[i]).bit_length() - 1
            if cost[i]:
                queue.append(i)
            else:
                queue.appendleft(i)
    nbr = topo.nbr
    while queue:
        i = queue.popleft()
        d = dist[i]
        for j in nbr[i]:
            w = cost[j]
            if w < _FAR and d + w < dist[j]:
                dist[j] = d + w
                label[j] = label[i]
                parent[j] = i
                if w:
                    queue.append(j)
                else:
                    queue.appendleft(j)
    best = _FAR
    ends: tuple[int, int] = (-1, -1)
    for i in range(n):
        if dist[i] >= _FAR:
            continue
        if bits[i] & ~(1 << label[i]) and dist[i] < best:
            best, ends = dist[i], (i, -1)
        for j in nbr[i]:
            if j > i and dist[j] < _FAR and label[j] != label[i] and dist[i] + dist[j] < best:
                best, ends = dist[i] + dist[j], (i, j)
    if best >= _FAR:
        return None
    hexes: list[int] = []
    for end in ends if path else ():
        while end >= 0:
            if cost[end]:
                hexes.append(end)
            end = parent[end]
    return best, sorted(hexes)
