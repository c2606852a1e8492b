"""Views (spec §10): hidden stacks, public cities with stacking, live scores, move log."""

from __future__ import annotations

import random

import orjson

from app.games import akropolis
from app.games.akropolis.components import tile_card
from app.games.akropolis.geometry import City, pack, tile_cells, unpack
from app.games.akropolis.scoring import lakes, score_city
from app.games.akropolis.view import lakes_after, visible_hexes, without_lakes
from app.games.registry import secrets
from tests.games.akropolis.helpers import played_cities
from tests.games.conformance import contains


def _advance(state: dict, turns: int) -> dict:
    """Play ``turns`` turns, raising a tile whenever possible (else a middle move)."""
    for _ in range(turns):
        (seat,) = akropolis.to_act(state)
        moves = akropolis.legal_moves(state, seat)
        raised = [m for m in moves if m["level"] > 1]
        state = akropolis.apply(state, seat, raised[-1] if raised else moves[len(moves) // 3])
    return state


def test_stacks_are_hidden_counts_shown() -> None:
    state = akropolis.setup(4, {}, seed=12)
    hidden = secrets(akropolis, state)
    assert len(hidden) == 55
    assert all(allowed == frozenset() for allowed, _ in hidden)
    for audience in (0, 1, 2, 3, None):
        view = akropolis.view(state, audience)
        assert view["stacks_left"] == 11 and view["tiles_in_stacks"] == 55
        for _, card in hidden:
            assert not contains(view, card)
        assert "stacks" not in view
    # the fragment is the card a revealed tile would show
    first = state["stacks"][0][0]
    assert tile_card(first) in [card for _, card in hidden]
    revealed = _advance(state, 5)  # one round: the first stack is now in the site
    shown = [entry["tile"] for entry in akropolis.view(revealed, None)["site"]]
    assert tile_card(first) in shown
    assert tile_card(first) not in [card for _, card in secrets(akropolis, revealed)]


def test_site_in_order_with_costs() -> None:
    state = akropolis.setup(3, {}, seed=2)
    view = akropolis.view(state, 1)
    assert [e["index"] for e in view["site"]] == [0, 1, 2, 3, 4]
    assert [e["cost"] for e in view["site"]] == [0, 1, 2, 3, 4]
    assert [e["tile"]["id"] for e in view["site"]] == state["site"]
    assert all(len(e["tile"]["hexes"]) == 3 for e in view["site"])
    assert view["you"] == 1 and view["turn"] == state["turn"] and view["round"] == 1
    assert view["chief"] == state["chief"]


def test_city_hexes_levels_tiles_and_live_score() -> None:
    state = _advance(akropolis.setup(2, {"variant_gardens": True}, seed=4), 16)
    view = akropolis.view(state, None)
    assert orjson.loads(orjson.dumps(view)) == view
    for seat, city in enumerate(view["cities"]):
        record = state["cities"][seat]
        assert len(city["tiles"]) == len(record["placed"])
        assert city["stones"] == record["stones"]
        positions = [(h["q"], h["r"]) for h in city["hexes"]]
        assert len(positions) == len(set(positions))
        for h in city["hexes"]:
            assert set(h) == {"q", "r", "level", "hex", "tile_id", "hex_index"}
        expected = score_city(city["hexes"], ["gardens"], record["stones"])
        assert {k: city["score"][k] for k in expected} == expected
        assert set(city["score"]["details"]) == {"house", "market", "barracks", "temple", "garden"}
    assert max(h["level"] for city in view["cities"] for h in city["hexes"]) >= 2


def test_last_move_describes_the_turn() -> None:
    state = akropolis.setup(2, {}, seed=1)
    assert akropolis.view(state, 0)["last_move"] is None
    seat = state["turn"]
    move = akropolis.legal_moves(state, seat)[-1]
    tile_id = state["site"][move["tile"]]
    new = akropolis.apply(state, seat, move)
    last = akropolis.view(new, None)["last_move"]
    assert last["seat"] == seat and last["tile_index"] == move["tile"]
    assert last["tile_id"] == tile_id and last["tile"] == tile_card(tile_id)
    assert last["cost"] == move["tile"] and last["level"] == move["level"]
    assert last["stones_gained"] == move["stones"] and last["architect"] is None


def test_solo_view_shows_the_architect() -> None:
    state = _advance(akropolis.setup(1, {"architect_level": "callicrates"}, seed=5), 6)
    view = akropolis.view(state, 0)
    bot = view["architect"]
    assert view["solo"] is True and view["architect_level"] == "callicrates"
    assert bot["stones"] == state["architect"]["stones"]
    assert [card["id"] for card in bot["tiles"]] == state["architect"]["tiles"]
    assert len(bot["tiles"]) == 6 and bot["turns_played"] == 6
    assert bot["score"]["total"] >= bot["stones"]
    last = view["last_move"]["architect"]
    assert last["tile_id"] == state["architect"]["tiles"][-1]
    assert last["tile"] == tile_card(last["tile_id"])
    assert akropolis.view(state, None)["cities"][0] == view["cities"][0]


def test_finished_view_has_no_turn() -> None:
    state = akropolis.setup(2, {}, seed=3)
    while not state["finished"]:
        state = _advance(state, 1)
    view = akropolis.view(state, 0)
    assert view["finished"] is True and view["turn"] is None
    assert view["stacks_left"] == 0 and len(view["site"]) == 1


def test_city_lists_made_from_the_previous_ones_equal_a_fresh_composition() -> None:
    """A city's hexes and tiles are the previous view's with the new tile's changes
    (sharing the unchanged items): always equal to composing them from nothing."""
    for seed in range(4):
        rng = random.Random(seed)
        state = akropolis.setup(3, {}, seed)
        shared = 0
        while not state["finished"]:
            (seat,) = akropolis.to_act(state)
            previous = akropolis.view(state, None)["cities"][seat]
            state = akropolis.apply(state, seat, rng.choice(akropolis.legal_moves(state, seat)))
            city = akropolis.view(state, None)["cities"][seat]
            fresh = City(state["cities"][seat]["placed"])
            assert city["hexes"] == visible_hexes(fresh)
            assert [list(tile.values()) for tile in city["tiles"]] == [
                [*entry, level]
                for entry, level in zip(state["cities"][seat]["placed"], fresh.levels, strict=True)
            ]
            shared += sum(any(h is old for old in previous["hexes"]) for h in city["hexes"])
        assert shared > 0  # the incremental path was taken


def test_without_lakes_agrees_with_the_flood_fill() -> None:
    """The Euler-characteristic shortcut says "no lake" exactly when scoring.lakes finds
    none, on every city of random games (about a third of them have lakes)."""
    checked = enclosing = 0
    for _rng, city in played_cities(range(30)):
        found = lakes({unpack(p) for p in city.height})
        assert without_lakes(city) == (not found)
        checked += 1
        enclosing += bool(found)
    assert checked > 1000 and enclosing > 100


def test_lakes_after_a_tile_agree_with_the_flood_fill() -> None:
    """The lakes derived from the city one tile smaller equal the flood fill's whenever
    the shortcut answers, and it answers unless the tile enclosed a new lake."""
    derived = flood = 0
    for seed in range(30):
        rng = random.Random(seed)
        city = City([[0, 0, 0, 0]])
        before = lakes({unpack(p) for p in city.height})
        for tid in rng.sample(range(1, 62), 40):
            options = city.placements()
            q, r, rot, _, _ = rng.choice(options)
            city = city.extended(tid, q, r, rot)
            found = lakes({unpack(p) for p in city.height})
            after = lakes_after(before, city, tile_cells(pack(q, r), rot))
            if after is None:
                flood += 1
                assert len(found - before) > 0  # a new lake position: only a flood fill tells
            else:
                derived += 1
                assert after == found
            before = found
    assert derived > 1000 and flood > 10
