"""The Illustrious Architect, the automated opponent of solo mode (spec §8, D8, D9, D16).

Its turn is deterministic: the cheapest site tile holding a plaza if it can pay for it,
else the tile at index 0 for free. Its tiles are only collected, never placed; at the
end every district it owns qualifies and counts at the level's value (Hippodamos and
Metagenes 1, Callicrates 2), Metagenes adds 2 points per quarry (starting tile
included, D8), and variants follow Board Game Arena's Architect rules (D9).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from app.games.akropolis.components import START_ID, TYPES, has_plaza, tile_hexes

#: district types whose variant always doubles the Architect's districts (D9)
VARIANT_OF = {"barracks": "barracks", "garden": "gardens"}


def choose(site: Sequence[int], stones: int) -> int:
    """Site index the Architect takes (§8, D16)."""
    for index, tile_id in enumerate(site):
        if has_plaza(tile_id):
            return index if index <= stones else 0
    return 0


def score(
    tiles: Iterable[int], level: str, variants: Iterable[str] = (), stones: int = 0
) -> dict[str, Any]:
    """The Architect's total and breakdown from its collected tile ids (starting tile
    added here). Same top-level keys as :func:`scoring.score_details`."""
    active = set(variants)
    value = 2 if level == "callicrates" else 1
    districts = dict.fromkeys(TYPES, 0)
    plazas = dict.fromkeys(TYPES, 0)
    stars = dict.fromkeys(TYPES, 0)
    quarries = 0
    for tile_id in (START_ID, *tiles):
        for hex_ in tile_hexes(tile_id):
            kind = hex_["kind"]
            if kind == "quarry":
                quarries += 1
            elif kind == "district":
                districts[hex_["type"]] += 1
            else:
                plazas[hex_["type"]] += 1
                stars[hex_["type"]] += int(hex_["stars"])
    detail: dict[str, dict[str, Any]] = {}
    for type_ in TYPES:
        count = districts[type_]
        if type_ == "house":
            doubled = count if "houses" in active and count * value >= 10 else 0
        elif type_ == "market":
            doubled = min(count, 3 * plazas["market"]) if "markets" in active else 0
        elif type_ == "temple":
            doubled = count if "temples" in active and level == "callicrates" else 0
        else:
            doubled = count if VARIANT_OF[type_] in active else 0
        total = (count + doubled) * value
        detail[type_] = {
            "districts": count,
            "qualifying": count,
            "doubled": doubled,
            "value": total,
            "stars": stars[type_],
            "points": total * stars[type_],
        }
    points = {t: detail[t]["points"] for t in TYPES}
    bonus = 2 * quarries if level == "metagenes" else 0
    return {
        **points,
        "quarries": bonus,
        "stones": stones,
        "total": sum(points.values()) + bonus + stones,
        "details": detail,
        "quarry_count": quarries,
    }
