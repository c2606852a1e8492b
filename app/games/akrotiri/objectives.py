"""Objective cards (spec §9, D12, D14, D15, D20, D30), evaluated on a board.

Only the owner's temples count. ``dist(I)`` is the fewest land moves any legal sequence
of moves needs from a Thera port to a port of island ``I``, boats ignored (sea moves are
free; a sea move must end on another island). Two islands are *directly connected* when
one sea move joins a port of each without passing a port of Thera.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from app.games.akrotiri.board import Board
from app.games.akrotiri.cache import map_board
from app.games.akrotiri.components import OBJECTIVES, objective_rule
from app.games.akrotiri.geometry import THERA_PORTS, Quarter
from app.games.interface import IllegalMove


def distances(board: Board) -> dict[int, int]:
    """Island -> land-move distance from Thera (islands that cannot be reached are absent)."""
    found = board.memo.get("distances")
    if found is not None:
        return found  # type: ignore[no-any-return]
    islands = board.islands()
    channels = board.channels()
    comp_islands: dict[int, set[int]] = {}
    for port, comp in enumerate(channels.comp_of):
        comp_islands.setdefault(comp, set()).add(islands.of_port[port])
    best: dict[int, int] = {}
    queue: deque[tuple[int, int]] = deque()
    for key in THERA_PORTS:
        best[board.port_index[key]] = 0
        queue.append((0, board.port_index[key]))
    # 0-1 BFS; a route part or an island is expanded once, at its smallest distance
    done_comps: set[int] = set()
    done_islands: set[int] = set()
    while queue:
        dist, port = queue.popleft()
        if best[port] < dist:
            continue
        comp = channels.comp_of[port]
        if comp not in done_comps and len(comp_islands[comp]) > 1:
            done_comps.add(comp)  # sea moves: any port of this route part, free
            for other in _members(channels.bits[comp]):
                if best.get(other, 1 << 30) > dist:
                    best[other] = dist
                    queue.appendleft((dist, other))
        island = islands.of_port[port]
        if island not in done_islands:
            done_islands.add(island)  # land moves cost 1
            for other in _members(islands.port_bits[island]):
                if best.get(other, 1 << 30) > dist + 1:
                    best[other] = dist + 1
                    queue.append((dist + 1, other))
    out: dict[int, int] = {}
    for port, dist in best.items():
        island = islands.of_port[port]
        out[island] = min(dist, out.get(island, dist))
    board.memo["distances"] = out
    return out


def _members(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def direct_links(board: Board) -> dict[int, set[int]]:
    """Island -> the other islands one sea move away without passing a port of Thera."""
    found = board.memo.get("links")
    if found is not None:
        return found  # type: ignore[no-any-return]
    islands = board.islands()
    thera = frozenset(board.port_index[key] for key in THERA_PORTS)
    channels = board.channels(thera)
    by_comp: dict[int, set[int]] = {}
    for port, comp in enumerate(channels.comp_of):
        if comp >= 0:
            by_comp.setdefault(comp, set()).add(islands.of_port[port])
    links: dict[int, set[int]] = {island: set() for island in islands.pieces}
    for members in by_comp.values():
        for island in members:
            links[island] |= members - {island}
    board.memo["links"] = links
    return links


def temple_islands(board: Board, temples: Sequence[Sequence[int]]) -> list[int]:
    out = []
    for quarter in temples:
        island = board.island_at((int(quarter[0]), int(quarter[1])))
        if island is None:
            raise IllegalMove(f"no land at quarter {list(quarter)} for a temple")
        out.append(island)
    return out


def points_on(board: Board, card_id: str, temples: Sequence[Quarter], edition: str = "fr") -> int:
    """Points of one objective for a player whose temples stand on ``temples``."""
    rule, points, params, cap = objective_rule(card_id, edition)
    if not temples:
        return 0  # every rule counts temples (and a new board's distances cost ~0.5 ms)
    islands = board.islands()
    own = temple_islands(board, temples)
    if rule == "land_distance_exact":
        dist = distances(board)
        if "distance_at_least" in params:
            low = int(params["distance_at_least"])
            hits = sum(1 for i in own if i in dist and dist[i] >= low)
        else:
            hits = sum(1 for i in own if dist.get(i) == int(params["distance"]))
        return points * hits
    if rule == "island_without_icon":
        return points * sum(1 for i in own if not islands.terrains[i])
    if rule == "island_has_terrain":
        return points * sum(1 for i in own if params["terrain"] in islands.terrains[i])
    if rule == "island_distinct_terrains":
        need = int(params["min_distinct"])
        return points * sum(1 for i in own if len(set(islands.terrains[i])) >= need)
    if rule == "board_sections":
        sections = {(q[0] >= 0, q[1] >= 0) for q in temples}
        total = points * len(sections)
        return min(total, cap) if cap is not None else total
    if rule == "largest_complete_island":
        sizes = [islands.tiles[i] for i in own if islands.complete[i]]
        return points * max(sizes, default=0)
    if rule == "isolated_temples":
        links = direct_links(board)
        hits = 0
        for index, island in enumerate(own):
            others = own[:index] + own[index + 1 :]
            if island not in others and not links[island] & set(others):
                hits += 1
        return points * hits
    if rule == "incomplete_island":
        return points * sum(1 for i in own if not islands.complete[i])
    raise ValueError(f"unknown objective rule {rule!r}")


def objective_points(
    placements: Sequence[Any],
    objective_id: str,
    own_temples: Sequence[Sequence[int]],
    edition: str = "fr",
) -> int:
    """Points objective ``objective_id`` gives a player with temples on ``own_temples``.

    ``placements``: ``[{"tile": "T01", "cell": [cx, cy], "rot": 0..3}, ...]``;
    ``own_temples``: the quarters ``[qx, qy]`` of that player's temples; ``edition``:
    ``"fr"`` (the seed's values, default) or ``"en"`` (the English cards, D20).
    """
    if objective_id not in OBJECTIVES:
        raise IllegalMove(f"no objective card {objective_id!r}")
    temples = [(int(q[0]), int(q[1])) for q in own_temples]
    return points_on(map_board(placements), objective_id, temples, edition)
