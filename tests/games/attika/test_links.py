"""Colonies, shrine links and groups (:mod:`.links`), checked against brute force."""

from __future__ import annotations

import heapq
import random

import pytest

from app.games import attika
from app.games.attika.geometry import topology
from app.games.attika.links import shrine_link
from app.games.attika.position import SEAT_SHIFT


def _brute(topo, occ: list[int], seat: int) -> int | None:
    """Dijkstra from each shrine's touching hexes to any hex touching another shrine."""
    best = None
    for s in range(len(topo.shrine_cells)):
        dist: dict[int, int] = {}
        heap: list[tuple[int, int]] = []
        for i, c in enumerate(occ):
            passable = c < 0 or c >> SEAT_SHIFT == seat
            if topo.shrine_bits[i] >> s & 1 and passable:
                heapq.heappush(heap, (1 if c < 0 else 0, i))
        while heap:
            d, i = heapq.heappop(heap)
            if i in dist:
                continue
            dist[i] = d
            if topo.shrine_bits[i] & ~(1 << s):
                best = d if best is None else min(best, d)
            for j in topo.nbr[i]:
                c = occ[j]
                if j not in dist and (c < 0 or c >> SEAT_SHIFT == seat):
                    heapq.heappush(heap, (d + (1 if c < 0 else 0), j))
    return best


def _positions(seats: int, seed: int, every: int = 25) -> list[dict]:
    chooser = random.Random(seed)
    state = attika.setup(seats, {}, seed)
    out = []
    while attika.result(state) is None:
        (seat,) = attika.to_act(state)
        state = attika.apply(state, seat, chooser.choice(attika.legal_moves(state, seat)))
        if state["moves"] % every == 0:
            out.append(state)
    return out


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_shrine_link_is_the_shortest(seats: int) -> None:
    for state in _positions(seats, 40 + seats):
        topo = topology(state["pieces"], state["shrines"])
        for seat in range(seats):
            link = shrine_link(topo, state["occ"], seat)
            expected = _brute(topo, state["occ"], seat)
            assert (None if link is None else link[0]) == expected
            if link is None:
                continue
            distance, hexes = link
            assert len(hexes) == distance
            assert all(state["occ"][i] < 0 for i in hexes)
            # building on those hexes joins two shrines
            occ = list(state["occ"])
            for i in hexes:
                occ[i] = seat << SEAT_SHIFT
            joined = shrine_link(topo, occ, seat)
            assert joined is not None and joined[0] == 0
