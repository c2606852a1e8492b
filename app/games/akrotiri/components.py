"""Akrotiri components: land tiles, start board, plan and objective cards, market, track.

Loaded once at import from ``components.json`` (a copy of the shared component data kept
inside the package). Everything here is read-only data: other modules never change it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads(Path(__file__).with_name("components.json").read_text("utf-8"))

TERRAINS: tuple[str, ...] = ("volcano", "lake", "tree", "mountain")
#: terrain -> resource colour
COLOUR_OF: dict[str, str] = {t["id"]: t["resource_colour"] for t in _DATA["terrains"]}
COLOURS: tuple[str, ...] = tuple(_DATA["market_board"]["rows"])
CUBES_PER_COLOUR: int = int(_DATA["resources"]["value"]["cubes_per_colour"])
#: value of each market slot, left to right (spec §6, D1)
SLOT_VALUES: tuple[int, ...] = tuple(_DATA["market_board"]["slot_values_left_to_right"])
STARTING_DRACHMAS: int = int(_DATA["coins"]["value"]["starting_drachmas_per_player"])
BOAT_CAPACITY: int = int(_DATA["action_rules"]["value"]["load_capacity"])
#: price of buying 1, 2 or 3 plan cards in one action
PLAN_PRICES: dict[int, int] = {
    int(k): int(v) for k, v in _DATA["plan_cards_meta"]["purchase_prices"]["value"].items()
}
DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")
TEMPLES: int = int(_DATA["player_board"]["temples_per_player"])
#: actions shown once ``n`` temples are excavated (spec §7, D2): 3, 4, 5, 5, 6, 6, 6
ACTIONS_AFTER: tuple[int, ...] = (3, 4, 5, 5, 6, 6, 6)
#: track slots whose uncovering gives an objective (3rd and 5th temple)
OBJECTIVE_SLOTS: frozenset[int] = frozenset(
    slot["slot"]
    for slot in _DATA["player_board"]["track"]
    if slot["reveals"]["type"] == "objective"
)
SIDES: tuple[str, str] = ("south", "north")
START_ID = "THERA"
STALL_ROUNDS = 5
DRACHMAS_PER_POINT: int = int(_DATA["scoring"]["value"]["drachmas_per_point"])

_STRIP = ("source", "status", "confidence", "note", "layout_name", "pattern_attested_by")


def _clean(item: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if k not in _STRIP}


#: tile id -> tile record (spec §2.2), in data order
TILES: dict[str, dict[str, Any]] = {t["id"]: _clean(t) for t in _DATA["land_tiles"]}
TILE_IDS: tuple[str, ...] = tuple(TILES)
START_BOARD: dict[str, Any] = _clean(_DATA["start_board"])

#: plan card id -> {id, difficulty, deck, cost, points, pattern}
PLANS: dict[str, dict[str, Any]] = {c["id"]: _clean(c) for c in _DATA["plan_cards"]}
PLAN_IDS: dict[str, tuple[str, ...]] = {
    d: tuple(c for c, card in PLANS.items() if card["difficulty"] == d) for d in DIFFICULTIES
}

#: objective id -> {id, rule, text, points, params, max_points?, english_edition_differs?}
OBJECTIVES: dict[str, dict[str, Any]] = {
    c["id"]: {k: v for k, v in c.items() if k not in ("source", "confidence")}
    for c in _DATA["objective_cards"]
}
OBJECTIVE_IDS: tuple[str, ...] = tuple(OBJECTIVES)
EDITIONS: tuple[str, ...] = ("fr", "en")


def objective_rule(
    card_id: str, edition: str = "fr"
) -> tuple[str, int, dict[str, Any], int | None]:
    """``(rule, points, params, max_points)`` of an objective in an edition (spec §9, D20)."""
    card = OBJECTIVES[card_id]
    points, params = int(card["points"]), dict(card["params"])
    english = card.get("english_edition_differs")
    if edition == "en" and english:
        points = int(english.get("points", points))
        params = dict(english.get("params", params))
    return card["rule"], points, params, card.get("max_points")


def plan_card(card_id: str) -> dict[str, Any]:
    """A fresh JSON copy of a plan card (as views show it)."""
    card = PLANS[card_id]
    return {
        "id": card_id,
        "difficulty": card["difficulty"],
        "cost": card["cost"],
        "points": card["points"],
        "pattern": [dict(item) for item in card["pattern"]],
    }


def objective_card(card_id: str, edition: str = "fr") -> dict[str, Any]:
    """A fresh JSON copy of an objective card with the edition's points."""
    rule, points, params, cap = objective_rule(card_id, edition)
    card = {"id": card_id, "rule": rule, "points": points, "params": params}
    if cap is not None:
        card["max_points"] = cap
    return card
