"""Component data (spec §2, tiles.json): counts, marks, stars, hex codes, cards."""

from __future__ import annotations

from app.games.akropolis.components import (
    HEX_OF,
    MARKS,
    PLAZA_STARS,
    QUARRY,
    START_HEXES,
    TILES,
    has_plaza,
    tile_card,
    tiles_for,
)


def test_component_counts() -> None:
    assert len(TILES) == 61
    assert sum(m == "2+" for m in MARKS.values()) == 37
    assert sum(m == "3+" for m in MARKS.values()) == 12
    assert sum(m == "4" for m in MARKS.values()) == 12
    assert PLAZA_STARS == {"house": 1, "market": 2, "barracks": 2, "temple": 2, "garden": 3}
    assert len(tiles_for(2, False)) == 37 and len(tiles_for(3, False)) == 49


def test_hex_totals_for_two_players() -> None:
    counts: dict[str, int] = {}
    for tid in tiles_for(2, False):
        for h in TILES[tid]:
            key = h["kind"] if h["kind"] == "quarry" else f"{h['kind']}:{h['type']}"
            counts[key] = counts.get(key, 0) + 1
    assert counts["quarry"] == 37 and counts["district:house"] == 18
    assert counts["plaza:garden"] == 3 and counts["district:garden"] == 6


def test_hex_totals_match_the_spec_table() -> None:
    table = {
        2: (37, 18, 12, 10, 8, 6, 5, 4, 4, 4, 3),
        3: (49, 27, 16, 13, 10, 7, 6, 5, 5, 5, 4),
        4: (61, 36, 20, 16, 12, 8, 7, 6, 6, 6, 5),
    }
    order = ["house", "market", "barracks", "temple", "garden"]
    for players, expected in table.items():
        hexes = [h for tid in tiles_for(players, False) for h in TILES[tid]]
        kinds = [(h["kind"], h.get("type")) for h in hexes]
        districts = [kinds.count(("district", t)) for t in order]
        plazas = [kinds.count(("plaza", t)) for t in order]
        quarries = sum(h["kind"] == "quarry" for h in hexes)
        assert (len(hexes) // 3, *districts, *plazas) == expected
        assert quarries == expected[0]


def test_starting_tile_and_codes() -> None:
    assert [(q, r) for q, r, _ in START_HEXES] == [(0, 0), (0, -1), (1, 0), (-1, 1)]
    assert START_HEXES[0][2] == {"kind": "plaza", "type": "house", "stars": 1}
    assert HEX_OF[0] == START_HEXES[0][2] and QUARRY[1] == QUARRY[2] == QUARRY[3] == 1
    assert HEX_OF[17 * 4 + 2] == TILES[17][2]
    assert all(len(hexes) == 3 for hexes in TILES.values())
    # every plaza carries the printed stars of its type
    for hexes in TILES.values():
        for h in hexes:
            if h["kind"] == "plaza":
                assert h["stars"] == PLAZA_STARS[h["type"]]


def test_cards() -> None:
    assert tile_card(2) == {
        "id": 2,
        "hexes": [
            {"kind": "plaza", "type": "market", "stars": 2},
            {"kind": "district", "type": "barracks"},
            {"kind": "quarry"},
        ],
    }
    assert has_plaza(2) and not has_plaza(1)
    card = tile_card(2)
    card["hexes"][0]["stars"] = 99  # a card is a copy
    assert TILES[2][0]["stars"] == 2
