"""Building costs and payments (spec §5.2–5.4): the public functions outside checks call,
and the small primitives the engine shares with them.

Public (documented in ``docs/games/attika.md``):

``build_cost(land, buildings, player, building, target) -> dict``
    ``land``: ``[{"q", "r", "symbol"}]`` (symbol ``water``/``forest``/``hill``/``mountain``
    or ``None``); ``buildings``: ``[{"q", "r", "player", "building"}]``; ``target``:
    ``{"q", "r"}``. Returns ``{"free", "due": {symbol: n for all four}, "due_any",
    "founds_new_colony"}``.
``payment_valid(due, due_any, hand, payment) -> bool``
``min_payment_cards(due, due_any, hand) -> int | None`` (None: the hand cannot pay).

Type counts inside the engine are tuples indexed by type code (see :mod:`.components`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from app.games.attika.components import (
    BUILDING_INDEX,
    BUILDINGS,
    FREE_MASK,
    SURCHARGE_PER_COLONY,
    TYPE_CODE,
    TYPES,
    Building,
)
from app.games.attika.geometry import neighbours

Counts = tuple[int, ...]
#: (free, due per type code, due_any, founds_new_colony)
Cost = tuple[bool, Counts, int, bool]

_ZERO: Counts = (0,) * len(TYPES)
# Aliases for the identical buildings, so callers may name "tower" or "road".
_ALIASES = {"tower": "tower_1", "ship": "ship_1", "road": "road_1"}


def cost_of(b: Building, visible: Counts, adjacent_own: int, colonies: int) -> Cost:
    """The §5.2 algorithm on primitives.

    ``visible``: symbol counts of the target hex and its unoccupied land neighbours;
    ``adjacent_own``: bit mask (by building index) of the player's buildings next to the
    target; ``colonies``: the player's colonies before the placement.
    """
    new_colony = adjacent_own == 0
    if adjacent_own & FREE_MASK[b.index]:
        return True, _ZERO, 0, False
    surcharge = colonies * SURCHARGE_PER_COLONY if new_colony else 0
    if b.is_road:
        return False, _ZERO, max(0, b.cost_any - sum(visible)) + surcharge, new_colony
    due = tuple(max(0, c - v) for c, v in zip(b.cost, visible, strict=True))
    return False, due, b.cost_any + surcharge, new_colony


def min_cards(due: Counts, due_any: int, hand: Counts) -> int | None:
    """Fewest cards paying (due, due_any) from ``hand``: every missing specific unit costs a
    pair; None if the hand is too small."""
    missing = 0
    need = due_any
    for d, h in zip(due, hand, strict=True):
        need += d
        if d > h:
            missing += d - h
    need += missing
    return need if need <= sum(hand) else None


def valid(due: Counts, due_any: int, hand: Counts, pay: Counts) -> bool:
    """§5.3's check: pay ⊆ hand and sum_t max(0, due[t]-pay[t]) <= J <= D, where
    J = |pay| - D - due_any is the number of joker pairs."""
    if any(p < 0 or p > h for p, h in zip(pay, hand, strict=True)):
        return False
    total_due = sum(due)
    pairs = sum(pay) - total_due - due_any
    short = sum(max(0, d - p) for d, p in zip(due, pay, strict=True))
    return short <= pairs <= total_due


def canonical_payment(due: Counts, due_any: int, hand: Counts) -> tuple[Counts, Counts, int]:
    """The payment ``legal_moves`` offers: (pay, matched, jokers).

    Matching cards first (``matched``), then ``2 * jokers + due_any`` further cards, taken
    one by one from the type the hand holds most of after matching (ties: type order), so
    the rarest cards are kept. Assumes the hand can pay (``min_cards`` is not None).
    """
    matched = tuple(min(d, h) for d, h in zip(due, hand, strict=True))
    jokers = sum(due) - sum(matched)
    rest = [h - m for h, m in zip(hand, matched, strict=True)]
    pay = list(matched)
    types = range(1, len(rest))
    for _ in range(2 * jokers + due_any):
        best = 0
        for t in types:
            if rest[t] > rest[best]:
                best = t
        rest[best] -= 1
        pay[best] += 1
    return tuple(pay), matched, jokers


# ---- the public functions -------------------------------------------------------------


def _counts(mapping: Mapping[str, Any] | None, what: str) -> Counts:
    if not isinstance(mapping, Mapping):
        raise ValueError(f"{what} must be an object mapping symbols to counts")
    unknown = set(mapping) - set(TYPES)
    if unknown:
        raise ValueError(f"{what}: unknown symbol(s) {', '.join(sorted(map(str, unknown)))}")
    out = []
    for name in TYPES:
        value = mapping.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{what}[{name}] must be a whole number >= 0")
        out.append(value)
    return tuple(out)


def building_by_id(name: str) -> Building:
    """A building by its data id (``"tower"``, ``"ship"``, ``"road"`` name the first twin)."""
    index = BUILDING_INDEX.get(_ALIASES.get(name, name))
    if index is None:
        raise ValueError(f"unknown building {name!r}")
    return BUILDINGS[index]


def _cell(item: Mapping[str, Any]) -> tuple[int, int]:
    return int(item["q"]), int(item["r"])


def colonies_of(cells: Iterable[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """Connected components (by adjacency) of a set of hexes: a player's colonies (§6)."""
    todo = set(cells)
    out = []
    while todo:
        start = todo.pop()
        part = {start}
        frontier = [start]
        while frontier:
            for n in neighbours(*frontier.pop()):
                if n in todo:
                    todo.discard(n)
                    part.add(n)
                    frontier.append(n)
        out.append(part)
    return out


def build_cost(
    land: list[dict[str, Any]],
    buildings: list[dict[str, Any]],
    player: Any,
    building: str,
    target: dict[str, Any],
) -> dict[str, Any]:
    """What ``player`` owes to build ``building`` on ``target`` (spec §5.2, §5.4).

    ``land`` lists the land hexes with their symbol (shrines are not land); ``buildings``
    every building on the map. The target is taken to be an empty land hex: its own symbol
    counts if it is listed in ``land``. Symbols under a building are covered and count for
    nothing. ``due`` names all four symbols.
    """
    b = building_by_id(building)
    symbol_at: dict[tuple[int, int], int] = {}
    for hex_ in land:
        symbol = hex_.get("symbol")
        symbol_at[_cell(hex_)] = -1 if symbol is None else TYPE_CODE[str(symbol)]
    occupied = {_cell(item) for item in buildings}
    own = {
        _cell(item): building_by_id(str(item["building"])).index
        for item in buildings
        if item["player"] == player
    }
    tq, tr = _cell(target)
    visible = [0] * len(TYPES)
    for cell in [(tq, tr), *neighbours(tq, tr)]:
        code = symbol_at.get(cell, -1)
        if code >= 0 and (cell == (tq, tr) or cell not in occupied):
            visible[code] += 1
    adjacent = 0
    for cell in neighbours(tq, tr):
        if cell in own:
            adjacent |= 1 << own[cell]
    free, due, due_any, new_colony = cost_of(b, tuple(visible), adjacent, len(colonies_of(own)))
    return {
        "free": free,
        "due": dict(zip(TYPES, due, strict=True)),
        "due_any": due_any,
        "founds_new_colony": new_colony,
    }


def payment_valid(
    due: Mapping[str, int], due_any: int, hand: Mapping[str, int], payment: Mapping[str, int]
) -> bool:
    """True iff ``payment`` (cards taken from ``hand``) pays ``due`` + ``due_any`` exactly:
    each specific unit by a matching card or any two cards, each ``due_any`` unit by one
    card, every card used (§5.3, D5). Missing symbols count 0."""
    if isinstance(due_any, bool) or not isinstance(due_any, int) or due_any < 0:
        raise ValueError("due_any must be a whole number >= 0")
    return valid(_counts(due, "due"), due_any, _counts(hand, "hand"), _counts(payment, "payment"))


def min_payment_cards(due: Mapping[str, int], due_any: int, hand: Mapping[str, int]) -> int | None:
    """The fewest cards of ``hand`` that pay ``due`` + ``due_any``; None if it cannot pay."""
    if isinstance(due_any, bool) or not isinstance(due_any, int) or due_any < 0:
        raise ValueError("due_any must be a whole number >= 0")
    return min_cards(_counts(due, "due"), due_any, _counts(hand, "hand"))
