"""Small builders shared by the Akropolis tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from app.games.akropolis.components import CW, START_HEXES, TILES
from app.games.akropolis.geometry import City


def district(q: int, r: int, type_: str, level: int = 1) -> dict[str, Any]:
    return {"q": q, "r": r, "level": level, "hex": {"kind": "district", "type": type_}}


def plaza(q: int, r: int, type_: str, level: int = 1, stars: int | None = None) -> dict[str, Any]:
    hex_: dict[str, Any] = {"kind": "plaza", "type": type_}
    if stars is not None:
        hex_["stars"] = stars
    else:
        hex_["stars"] = {"house": 1, "market": 2, "barracks": 2, "temple": 2, "garden": 3}[type_]
    return {"q": q, "r": r, "level": level, "hex": hex_}


def quarry(q: int, r: int, level: int = 1) -> dict[str, Any]:
    return {"q": q, "r": r, "level": level, "hex": {"kind": "quarry"}}


def disc(radius: int, centre: tuple[int, int] = (0, 0)) -> list[tuple[int, int]]:
    """Every position within ``radius`` of ``centre``."""
    cq, cr = centre
    return [
        (cq + q, cr + r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) <= radius
    ]


def fill(
    positions: list[tuple[int, int]], special: dict[tuple[int, int], dict[str, Any]]
) -> list[dict[str, Any]]:
    """Quarries everywhere in ``positions`` except where ``special`` says otherwise."""
    out = [special.get((q, r), quarry(q, r)) for q, r in positions]
    out += [h for p, h in special.items() if p not in set(positions)]
    return out


def naive_stack(placed: list[list[int]]) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """Columns (bottom to top) of (tile id, hex index) per position, by plain replay."""
    columns: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for tid, q, r, rot in placed:
        if tid == 0:
            cells = [(q + dq, r + dr) for dq, dr, _ in START_HEXES]
        else:
            (a, b), (c, d) = CW[rot], CW[(rot + 1) % 6]
            cells = [(q, r), (q + a, r + b), (q + c, r + d)]
        for i, cell in enumerate(cells):
            columns.setdefault(cell, []).append((tid, i))
    return columns


def naive_legal(placed: list[list[int]]) -> list[tuple[int, int, int, int, int]]:
    """Brute force §5.3 over every anchor near the city and every rotation."""
    columns = naive_stack(placed)
    qs = [q for q, _ in columns]
    rs = [r for _, r in columns]
    out = []
    for q in range(min(qs) - 3, max(qs) + 4):
        for r in range(min(rs) - 3, max(rs) + 4):
            for rot in range(6):
                (a, b), (c, d) = CW[rot], CW[(rot + 1) % 6]
                cells = [(q, r), (q + a, r + b), (q + c, r + d)]
                hs = [len(columns.get(p, [])) for p in cells]
                if hs == [0, 0, 0]:
                    touching = any((x + dq, y + dr) in columns for x, y in cells for dq, dr in CW)
                    if touching:
                        out.append((q, r, rot, 1, 0))
                elif min(hs) >= 1 and len(set(hs)) == 1:
                    tops = [columns[p][-1] for p in cells]
                    if len({t for t, _ in tops}) >= 2:
                        gain = sum(
                            1
                            for t, i in tops
                            if (START_HEXES[i][2] if t == 0 else TILES[t][i])["kind"] == "quarry"
                        )
                        out.append((q, r, rot, hs[0] + 1, gain))
    return sorted(out)


def played_cities(seeds: range, raise_share: float = 0.0) -> Iterator[tuple[random.Random, City]]:
    """After every move of random games (2 to 4 seats by seed), the game's generator and
    the mover's city; a move raises a tile with probability ``raise_share`` when one can."""
    from app.games import akropolis

    for seed in seeds:
        rng = random.Random(seed)
        state = akropolis.setup(2 + seed % 3, {}, seed)
        while not state["finished"]:
            (seat,) = akropolis.to_act(state)
            moves = akropolis.legal_moves(state, seat)
            if raise_share:
                raised = [m for m in moves if m["level"] > 1]
                if raised and rng.random() < raise_share:
                    moves = raised
            state = akropolis.apply(state, seat, rng.choice(moves))
            yield rng, City(state["cities"][seat]["placed"])
