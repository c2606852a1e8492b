"""What a seat (or a spectator) sees, and what must stay hidden (spec §10).

Everything is public except the contents of the face-down stacks, of which only the
counts are shown. A tile is shown as its *card* ``{"id": 17, "hexes": [h0, h1, h2]}``
(site, Architect's collection, move log); the ``secrets`` hook returns the card of every
tile still face down, so the conformance suite checks that no view ever holds one.
City hexes name their tile by ``tile_id`` so borders and stacking can be drawn; a tile
in a stack is never in a city, so the card is the fragment that would betray it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import suppress
from functools import cache
from typing import Any

from app.games.akropolis import architect, live_score
from app.games.akropolis.components import HEX_OF, tile_card
from app.games.akropolis.geometry import CWP, City, decode, pack, tile_cells, unpack
from app.games.akropolis.scoring import lakes
from app.games.interface import State, View


def visible_hexes(city: City) -> list[dict[str, Any]]:
    """The visible hexes of a city in the :func:`scoring.score_city` input format, plus
    ``tile_id`` and ``hex_index`` (which hex of its tile, 0..2; 0..3 on the starting tile)."""
    return [
        {
            "q": q,
            "r": r,
            "level": level,
            "hex": dict(HEX_OF[code] or {}),
            "tile_id": code >> 2,
            "hex_index": code & 3,
        }
        for q, r, level, code in city.visible()
    ]


def city_score(city: City, variants: list[str], stones: int) -> dict[str, Any]:
    """Live score of a decoded city (:mod:`.live_score`); its lakes are remembered on
    the city object, which the decode cache shares between the views of one state."""
    if city.lakes is None:
        city.lakes = set() if without_lakes(city) else lakes({unpack(p) for p in city.height})
    return live_score.score(city, variants, stones, city.lakes)


def lakes_after(
    before: set[tuple[int, int]], city: City, cells: tuple[int, int, int]
) -> set[tuple[int, int]] | None:
    """The lakes of ``city`` from those of the city one tile smaller (its last tile on
    the packed positions ``cells``), or None when only a flood fill can tell.

    A raised tile leaves the occupied positions as they were. A ground tile inside a lake
    (its three cells are in the same lake: adjacent empty positions are) makes it
    smaller. A ground tile outside encloses a new lake exactly when it adds a hole to
    the city, which the change of Euler characteristic (see :func:`without_lakes`) says
    from the new cells' neighbourhood alone: V - E + T changes by 3 - (new edges) +
    (new triangles), and holes = 1 - (V - E + T) for one connected city.
    """
    if city.levels[-1] > 1:
        return before
    qr = [unpack(p) for p in cells]
    if qr[0] in before:
        return before.difference(qr)
    occupied = city.height
    edges = 3  # the tile's own three
    corners: set[tuple[int, ...]] = set()
    for p in cells:
        around = [p + d in occupied for d in CWP]
        for i, d in enumerate(CWP):
            if around[i] and p + d not in cells:
                edges += 1
            if around[i] and around[i - 1]:
                corners.add(tuple(sorted((p, p + d, p + CWP[i - 1]))))
    return before if 3 - edges + len(corners) == 0 else None


#: packed steps to the neighbours (q + 1, r), (q, r + 1) and (q + 1, r - 1)
_EAST, _SOUTH, _NORTH_EAST = pack(1, 0), pack(0, 1), pack(1, -1)


def without_lakes(city: City) -> bool:
    """Whether the city encloses no empty position, by its Euler characteristic, without
    the flood fill of :func:`scoring.lakes` (most cities have no lake).

    The union of the city's hexes has the topology of its adjacency complex (hexes as
    vertices, touching pairs as edges, three hexes around a corner as triangles; no four
    hexes share a point), so ``V - E + T`` = parts - holes, and a hole of the union is
    exactly a lake (two empty hexes that share a corner share a side). A legal city is
    one part, so it has no lake exactly when ``V - E + T == 1``.
    """
    occupied = city.height
    edges = triangles = 0
    for p in occupied:
        east = p + _EAST in occupied
        south = p + _SOUTH in occupied
        north_east = p + _NORTH_EAST in occupied
        edges += east + south + north_east
        triangles += (east and south) + (east and north_east)
    return len(occupied) - edges + triangles == 1


# The hot path composes one view per audience after every move, and a move changes one
# city: ``apply`` keeps the other cities' records (same objects), so their views are
# memoised by record identity (the record is kept in the entry, so its id is not reused)
# and returned as the same objects, which the differ then skips by identity. Measured
# on 2-seat random games (apply, legal_moves, 3 audiences' views and patches, encoding):
# 1.9 -> 1.1 ms of CPU per move with this and the differ's in-place memo.
_CityKey = tuple[int, int, int, tuple[str, ...]]
# Oldest out first (it was cleared whole when full: with 100 rooms at once, every few
# hundred moves each room's unchanged cities were composed anew and diffed in full).
_city_views: OrderedDict[_CityKey, tuple[dict[str, Any], dict[str, Any]]] = OrderedDict()
_CITY_MEMO_SIZE = 1024
_last_view: list[tuple[State, View]] = []


def _city_view(state: State, seat: int) -> dict[str, Any]:
    record = state["cities"][seat]
    key = (id(record), seat, state["turns"][seat], tuple(state["variants"]))
    hit = _city_views.get(key)
    if hit is not None and hit[0] is record:
        return hit[1]
    out = _compose_city(state, seat, record)
    _city_views[key] = (record, out)
    if len(_city_views) > _CITY_MEMO_SIZE:
        with suppress(KeyError):  # another thread's server (the tests run several)
            _city_views.popitem(last=False)
    return out


def _compose_city(state: State, seat: int, record: dict[str, Any]) -> dict[str, Any]:
    placed = record["placed"]
    city = decode(placed)
    hexes, tiles = _city_lists(placed, city)
    return {
        "seat": seat,
        "stones": record["stones"],
        "turns_played": state["turns"][seat],
        "hexes": hexes,
        "tiles": tiles,
        "score": city_score(city, state["variants"], record["stones"]),
    }


# A move adds one tile to a city whose lists were just composed: the new lists are
# the old ones with three hexes and one tile changed, and share every other item, which
# the differ then skips by identity (a city's view was rebuilt and diffed hex by hex,
# most of an Akropolis move's view and patch time). Keyed by the id of the placements'
# last entry; the entry holds its placement list, so that id is not reused meanwhile.
# (placed, sorted packed positions, hexes, tiles, the city, whose lakes a raised tile keeps)
_Lists = tuple[Sequence[Sequence[int]], list[int], list[dict[str, Any]], list[dict[str, Any]], City]
_lists: OrderedDict[int, _Lists] = OrderedDict()
_LISTS_SIZE = 1024


def _hex(q: int, r: int, level: int, code: int) -> dict[str, Any]:
    hex_ = HEX_OF[code]
    return {
        "q": q,
        "r": r,
        "level": level,
        "hex": dict(hex_ or {}),
        "tile_id": code >> 2,
        "hex_index": code & 3,
    }


def _city_lists(
    placed: Sequence[Sequence[int]], city: City
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The city's visible hexes (:func:`visible_hexes`) and tiles, from the lists of the
    same placements minus the last one when those are known."""
    # Taken out: a city's lists are wanted once, by the city one tile larger.
    before = _lists.pop(id(placed[-2]), None) if len(placed) > 1 else None
    if (
        before is not None
        and len(before[0]) == len(placed) - 1
        and before[0][-1] is placed[-2]
        and before[0][0] is placed[0]
    ):
        keys, hexes, tiles = list(before[1]), list(before[2]), list(before[3])
        tid, q, r, rot = placed[-1]
        cells = tile_cells(pack(q, r), rot)
        for p in cells:
            cq, cr = unpack(p)
            item = _hex(cq, cr, city.height[p], city.top[p])
            at = bisect_left(keys, p)
            if at < len(keys) and keys[at] == p:
                hexes[at] = item
            else:
                keys.insert(at, p)
                hexes.insert(at, item)
        tiles.append({"tile_id": tid, "q": q, "r": r, "rot": rot, "level": city.levels[-1]})
        if city.lakes is None and before[4].lakes is not None:
            city.lakes = lakes_after(before[4].lakes, city, cells)
    else:
        keys = sorted(city.height)
        hexes = [_hex(*unpack(p), city.height[p], city.top[p]) for p in keys]
        tiles = [
            {"tile_id": tid, "q": q, "r": r, "rot": rot, "level": level}
            for (tid, q, r, rot), level in zip(placed, city.levels, strict=True)
        ]
    _lists[id(placed[-1])] = (placed, keys, hexes, tiles, city)
    if len(_lists) > _LISTS_SIZE:
        with suppress(KeyError):  # another thread's server (the tests run several)
            _lists.popitem(last=False)
    return hexes, tiles


# Views share these read-only parts from one move to the next (the differ then skips
# them by identity): a tile's card never changes, nor do a game's variants.
_cards: dict[int, dict[str, Any]] = {}


def _card(tile_id: int) -> dict[str, Any]:
    card = _cards.get(tile_id)
    if card is None:
        card = _cards[tile_id] = tile_card(tile_id)
    return card


@cache
def _variants(variants: tuple[str, ...]) -> list[str]:
    return list(variants)


def _last_move(state: State) -> dict[str, Any] | None:
    last = state["last_move"]
    if last is None:
        return None
    out = {**last, "tile": _card(last["tile_id"])}
    if last["architect"] is not None:
        out["architect"] = {**last["architect"], "tile": _card(last["architect"]["tile_id"])}
    return out


def view(state: State, seat: int | None) -> View:
    """Every audience sees the same thing but ``you``: the rest is composed once per state."""
    if _last_view and _last_view[0][0] is state:
        return {**_last_view[0][1], "you": seat}
    out = _compose(state)
    _last_view[:] = [(state, out)]
    return {**out, "you": seat}


def _compose(state: State) -> View:
    bot = state["architect"]
    out: View = {
        "game": "akropolis",
        "you": None,
        "seats": state["seats"],
        "places": state["places"],
        "solo": bot is not None,
        "architect_level": state["level"],
        "long_game": state["options"]["long_game"],
        "variants": _variants(tuple(state["variants"])),
        "turn": None if state["finished"] else state["turn"],
        "chief": state["chief"],
        "round": state["round"],
        "finished": state["finished"],
        "site": [
            {"index": i, "cost": i, "tile": _card(tid)} for i, tid in enumerate(state["site"])
        ],
        "stacks_left": len(state["stacks"]),
        "tiles_in_stacks": sum(len(stack) for stack in state["stacks"]),
        "cities": [_city_view(state, s) for s in range(state["seats"])],
        "architect": None,
        "last_move": _last_move(state),
    }
    if bot is not None:
        out["architect"] = {
            "seat": 1,
            "level": state["level"],
            "stones": bot["stones"],
            "turns_played": state["turns"][1],
            "tiles": [_card(tid) for tid in bot["tiles"]],
            "score": architect.score(
                bot["tiles"], state["level"], state["variants"], bot["stones"]
            ),
        }
    return out


def secrets(state: State) -> list[tuple[frozenset[int], Any]]:
    """The card of every face-down tile, visible to nobody."""
    return [(frozenset(), tile_card(tid)) for stack in state["stacks"] for tid in stack]
