"""The move log's view of an Akropolis turn: what the rules applied, and who did what.

``steps`` splits one call of ``apply`` into the turns it played: the seat's own
placement, completed with the ``level`` and ``stones`` the rules found (so a move sent
in the bare form ``{"tile", "q", "r", "rot"}`` is logged whole), then, in solo, the
Illustrious Architect's turn as a step of its own (seat 1, ``{"architect": {...}}``),
each with the state after it; the last state is exactly ``apply``'s. ``describe``
tells a step in words, in English, French and German, from public facts only.
"""

from __future__ import annotations

from typing import Any

from app.games.akropolis.rules import apply_own, architect_turn
from app.games.interface import JsonDict, Move, State

ARCHITECT = 1


def steps(state: State, seat: int, move: Move) -> list[tuple[int, Move, State]]:
    new, last = apply_own(state, seat, move)
    own: Move = {
        "tile": last["tile_index"],
        "q": last["q"],
        "r": last["r"],
        "rot": last["rot"],
        "level": last["level"],
        "stones": last["stones_gained"],
    }
    out: list[tuple[int, Move, State]] = [(seat, own, {**new, "last_move": dict(last)})]
    while not new["finished"] and new["architect"] is not None and new["turn"] == ARCHITECT:
        turn = architect_turn(new)
        last["architect"] = turn
        taken = {"tile": turn["tile_index"], "tile_id": turn["tile_id"], "cost": turn["cost"]}
        out.append((ARCHITECT, {"architect": taken}, {**new, "last_move": dict(last)}))
    return out


_STONE = {"en": ("stone", "stones"), "fr": ("pierre", "pierres"), "de": ("Stein", "Steine")}


def _stones(n: int, language: str) -> str:
    one, many = _STONE[language]
    return f"{n} {one if n == 1 else many}"


def describe(before: State, seat: int, move: Move, after: State) -> JsonDict:
    taken: Any = move.get("architect") if isinstance(move, dict) else None
    if taken is not None:
        cost = taken["cost"]
        return {
            "en": f"The Architect takes tile {taken['tile_id']} (site {taken['tile']}, "
            f"{_stones(cost, 'en')})",
            "fr": f"L’Architecte prend la tuile {taken['tile_id']} (chantier {taken['tile']}, "
            f"{_stones(cost, 'fr')})",
            "de": f"Der Architekt nimmt Plättchen {taken['tile_id']} (Baustelle {taken['tile']}, "
            f"{_stones(cost, 'de')})",
        }
    last = after["last_move"]
    where = f"({last['q']}, {last['r']})"
    level, gain, cost = last["level"], last["stones_gained"], last["cost"]
    return {
        "en": f"Tile {last['tile_id']} for {_stones(cost, 'en')}, placed at {where} "
        f"level {level}, +{_stones(gain, 'en')}",
        "fr": f"Tuile {last['tile_id']} pour {_stones(cost, 'fr')}, posée en {where} "
        f"au niveau {level}, +{_stones(gain, 'fr')}",
        "de": f"Plättchen {last['tile_id']} für {_stones(cost, 'de')}, gesetzt auf {where} "
        f"Ebene {level}, +{_stones(gain, 'de')}",
    }
