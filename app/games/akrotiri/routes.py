"""Route *channels* (spec §2.5): the connected parts of the route graph in which a boat
sails between ports, when some ports may not be passed (the other boat's port, D18; the
ports of Thera for direct connections, D14).

A sea move passes ports freely, so two ports are in one channel when a route path joins
them through junctions, gates and open ports. The board keeps *clusters* (connected
groups of non-port route nodes, with the ports each touches) and the direct port-to-port
routes; a channel is a union of these with the closed ports left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.akrotiri.board import Board, bits_of


@dataclass(slots=True)
class Channels:
    """Connected parts of the route graph when the ``closed`` ports may not be passed.

    ``comp_of[p]`` is the part of port ``p`` (-1 for a closed port) and ``bits[c]`` the set
    of ports of part ``c`` as a bit mask. ``touching[p]`` lists the parts a closed port is
    directly joined to (the ports a boat leaving it can reach without passing another
    closed port).
    """

    comp_of: list[int]
    bits: list[int]
    touching: dict[int, frozenset[int]]


def compute_channels(board: Board, closed: frozenset[int]) -> Channels:
    count = len(board.port_keys)
    parent = list(range(count))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    shut = 0
    for port in closed:
        shut |= 1 << port
    for mask, _nodes in board.clusters.values():
        mask &= ~shut
        if mask & (mask - 1):
            members = bits_of(mask)
            root = find(members[0])
            for other in members[1:]:
                r = find(other)
                if r != root:
                    parent[r] = root
    for a, b in board.direct:
        if a not in closed and b not in closed:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[rb] = ra
    comp_of = [-1] * count
    bits: list[int] = []
    roots: dict[int, int] = {}
    for port in range(count):
        if port in closed:
            continue
        root = find(port)
        comp = roots.get(root)
        if comp is None:
            comp = roots[root] = len(bits)
            bits.append(0)
        comp_of[port] = comp
        bits[comp] |= 1 << port
    touching: dict[int, frozenset[int]] = {}
    for port in closed:
        near: set[int] = set()
        for mask, _nodes in board.clusters.values():
            if mask >> port & 1:
                near.update(comp_of[p] for p in bits_of(mask & ~shut))
        for a, b in board.direct:
            if a == port and b not in closed:
                near.add(comp_of[b])
            elif b == port and a not in closed:
                near.add(comp_of[a])
        touching[port] = frozenset(near)
    return Channels(comp_of=comp_of, bits=bits, touching=touching)
