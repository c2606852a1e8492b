"""Move shapes: parsing what a client sends, and building the moves ``legal_moves`` lists.

Every move is an object with a ``type``::

    {"type": "draw", "stack": 0..3}
    {"type": "build_pending", "q": q, "r": r, "pay": {symbol: n}}
    {"type": "reserve_pending"}
    {"type": "build", "building": id, "q": q, "r": r, "pay": {symbol: n}}
    {"type": "place_piece", "q": q, "r": r, "rot": 0..5}
    {"type": "end_actions"}
    {"type": "take_card"}                      (amphora phase only)
    {"type": "pass"}                           (amphora phase only)

``legal_moves`` adds *claims* that describe the move (``building`` on ``build_pending``;
``cost``, ``matched``, ``jokers`` on builds; ``amphora`` in the amphora phase; ``piece`` on
``place_piece``; ``cards`` on ``end_actions``). ``apply`` accepts a move with or without
them; a claim that is sent must match the position (else the move is stale). ``pay`` may
be left out: the canonical payment of the listed move is then used.
"""

from __future__ import annotations

from typing import Any

from app.games.attika.components import (
    BUILDINGS,
    FREE_MASK,
    SAME_COST,
    SURCHARGE_PER_COLONY,
    TYPES,
)
from app.games.attika.costs import canonical_payment, cost_of, min_cards
from app.games.attika.position import Position, unpack
from app.games.interface import MalformedMove, Move
from app.games.strict import plain_move

KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (required keys, optional keys)
    "draw": (("stack",), ("amphora",)),
    "build_pending": (("q", "r"), ("pay", "building", "cost", "matched", "jokers")),
    "reserve_pending": ((), ("building",)),
    "build": (("building", "q", "r"), ("pay", "cost", "matched", "jokers", "amphora")),
    "place_piece": (("q", "r", "rot"), ("piece",)),
    "end_actions": ((), ("cards",)),
    "take_card": ((), ("amphora",)),
    "pass": ((), ()),
}
_INTS = ("stack", "q", "r", "rot", "jokers", "cards")


def parse(move: Any) -> tuple[str, dict[str, Any]]:
    """Check the shape of a move (not its legality); returns (type, move)."""
    if not isinstance(move, dict):
        raise MalformedMove('an Attika move is an object with a "type"')
    plain_move(move)  # no floats even in the informative "cost"
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in KEYS:
        raise MalformedMove(f"unknown move type {kind!r}; expected one of {', '.join(KEYS)}")
    required, optional = KEYS[kind]
    extra = set(move) - {"type", *required, *optional}
    if extra:
        raise MalformedMove(f"unknown key(s) for {kind}: {', '.join(sorted(map(str, extra)))}")
    for key in required:
        if key not in move:
            raise MalformedMove(f"{kind} needs {key!r}")
    for key in _INTS:
        if key in move:
            value = move[key]
            if isinstance(value, bool) or not isinstance(value, int):
                raise MalformedMove(f"{key!r} must be a whole number")
            if abs(value) > 10_000:
                raise MalformedMove(f"{key!r} is out of range")
    if "building" in move and not isinstance(move["building"], str):
        raise MalformedMove("'building' must be a building id (a string)")
    if "amphora" in move and not isinstance(move["amphora"], bool):
        raise MalformedMove("'amphora' must be true or false")
    if "piece" in move and not isinstance(move["piece"], str):
        raise MalformedMove("'piece' must be a map piece id (a string)")
    if "pay" in move:
        parse_cards(move["pay"], "pay")
    if "matched" in move:
        parse_cards(move["matched"], "matched")
    if "cost" in move and not isinstance(move["cost"], dict):
        raise MalformedMove("'cost' must be an object")
    return kind, move


def parse_cards(value: Any, key: str) -> tuple[int, ...]:
    """A card multiset ``{symbol: n}`` (missing symbols count 0) as counts per type code."""
    if not isinstance(value, dict):
        raise MalformedMove(f"{key!r} must be an object mapping symbols to counts")
    unknown = set(value) - set(TYPES)
    if unknown:
        raise MalformedMove(f"{key!r}: unknown symbol(s) {', '.join(sorted(map(str, unknown)))}")
    out = []
    for name in TYPES:
        n = value.get(name, 0)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 100:
            raise MalformedMove(f"{key}[{name}] must be a whole number from 0 to 100")
        out.append(n)
    return tuple(out)


def cards_json(counts: tuple[int, ...] | list[int]) -> dict[str, int]:
    """A card multiset as JSON, naming only the symbols present."""
    return {name: n for name, n in zip(TYPES, counts, strict=True) if n}


def cost_json(free: bool, due: tuple[int, ...], due_any: int, new_colony: bool) -> dict[str, Any]:
    """The ``build_cost`` shape (``due`` names all four symbols)."""
    return {
        "free": free,
        "due": dict(zip(TYPES, due, strict=True)),
        "due_any": due_any,
        "founds_new_colony": new_colony,
    }


def claims(
    free: bool, due: tuple[int, ...], due_any: int, new_colony: bool, hand: tuple[int, ...]
) -> dict[str, Any] | None:
    """The claims and canonical payment of a build; None if ``hand`` cannot pay."""
    if free:
        pay: tuple[int, ...] = (0,) * len(TYPES)
        matched, jokers = pay, 0
    elif min_cards(due, due_any, hand) is None:
        return None
    else:
        pay, matched, jokers = canonical_payment(due, due_any, hand)
    return {
        "pay": cards_json(pay),
        "cost": cost_json(free, due, due_any, new_colony),
        "matched": cards_json(matched),
        "jokers": jokers,
    }


# Packed visible code << 5 | building -> id of its (due, base due_any) class: the part of
# a cost that depends on the map only. Both tables only grow, to at most a few thousand.
_DUE_CLASS: dict[int, int] = {}
_CLASSES: list[tuple[tuple[int, ...], int]] = []
_CLASS_ID: dict[tuple[tuple[int, ...], int], int] = {}


def _due_class(building: int, visible: int) -> int:
    free, due, due_any, _ = cost_of(BUILDINGS[building], unpack(visible), 1 << 31, 0)
    entry = (due, due_any)
    cid = _CLASS_ID.get(entry)
    if cid is None:
        cid = _CLASS_ID[entry] = len(_CLASSES)
        _CLASSES.append(entry)
    _DUE_CLASS[visible << 5 | building] = cid
    return cid


_CLAIMS: dict[int, dict[str, Any] | None] = {}
_MISSING: dict[str, Any] = {}


def _class_claims(
    key: int, cid: int, new: int, surcharge: int, hand: tuple[int, ...]
) -> dict[str, Any] | None:
    """Claims of cost class ``cid`` (plus the surcharge if ``new``) for ``hand``, memoised
    under one int ``key`` packing all four (the table is dropped when it grows large)."""
    if len(_CLAIMS) > 20_000:
        _CLAIMS.clear()
    due, due_any = _CLASSES[cid]
    found = claims(False, due, due_any + (surcharge if new else 0), bool(new), hand)
    _CLAIMS[key] = found
    return found


def build_moves(
    pos: Position, kind: str, buildings: list[int], hand: tuple[int, ...], amphora: bool
) -> list[Move]:
    """Every affordable (building, empty hex) with its claims and canonical payment.

    Empty hexes are grouped by what their cost depends on (visible symbols, whether the
    seat has a building next to them); a building's cost is computed once per group, and
    moves sharing a cost share their claim objects. Free hexes (next to the building's own
    predecessor, or a road next to an own road) are listed separately.
    """
    cells = pos.board.topo.cells
    surcharge = pos.colonies * SURCHARGE_PER_COLONY
    out: list[Move] = []
    append = out.append
    tail = surcharge
    for n in hand:
        tail = tail << 8 | n
    groups = [(code << 5, new << 40 | tail, lands) for (code, new), lands in pos.groups().items()]
    cached = _CLAIMS.get
    due_class = _DUE_CLASS.get
    payable: dict[int, list[tuple[dict[str, Any], list[int]]]] = {}
    for b in buildings:
        head: dict[str, Any] = {"type": kind, "building": BUILDINGS[b].id}
        if amphora:
            head["amphora"] = True
        free = pos.free_hexes(FREE_MASK[b])
        if free:
            found = claims(True, (0,) * len(TYPES), 0, False, hand)
            assert found is not None
            template = {**head, **found}
            for land in free:
                move = template.copy()
                move["q"], move["r"] = cells[land]
                append(move)
        # The groups a cost can be paid on are the same for buildings of equal cost.
        same = SAME_COST[b]
        rows = payable.get(same)
        if rows is None:
            rows = payable[same] = []
            for shifted, new_tail, lands in groups:
                cid = due_class(shifted | same)
                if cid is None:
                    cid = _due_class(same, shifted >> 5)
                key = cid << 41 | new_tail
                found = cached(key, _MISSING)
                if found is _MISSING:
                    found = _class_claims(key, cid, new_tail >> 40, surcharge, hand)
                if found is not None:
                    rows.append((found, lands))
        for found, lands in rows:
            template = {**head, **found}
            for land in lands:
                if land not in free:
                    move = template.copy()
                    move["q"], move["r"] = cells[land]
                    append(move)
    return out
