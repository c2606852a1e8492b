"""The conformance suite on Akropolis, plus Akropolis invariants checked after every move.

``play_random_game`` runs on a checking wrapper of the module whose ``apply`` verifies,
on every new state: stones never negative, stone accounting (paid, gained, handed to the
Architect), tile conservation (site + stacks + cities + Architect = the tiles dealt),
turn counts within one of each other, and, with ``deep``, that every visible hex of every
city in the view is the top of its column (covered hexes never score: the live score
equals ``score_city`` of an independent replay's tops).

Fuzzing: ``AKROPOLIS_FUZZ_GAMES`` (default 400) seeded games with the cheap checks,
cycling through seat counts and every option mix; ``AKROPOLIS_DEEP_FUZZ_GAMES`` (default
8) more games the same way with every deep check (views, leaks, mutation, wrong seat).
"""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

import pytest

from app.games import akropolis
from app.games.akropolis.components import START_HEXES, TILES, VARIANTS, tiles_for
from app.games.akropolis.scoring import score_city
from tests.games.akropolis.helpers import naive_stack
from tests.games.conformance import play_random_game

FUZZ_GAMES = int(os.environ.get("AKROPOLIS_FUZZ_GAMES", "400"))
DEEP_FUZZ_GAMES = int(os.environ.get("AKROPOLIS_DEEP_FUZZ_GAMES", "8"))
TURNS = {(1, False): 18, (1, True): 30, (2, False): 18, (2, True): 30, (3, False): 16}
TURNS |= {(3, True): 20, (4, False): 15}


def _tiles_of(state: dict) -> list[int]:
    tiles = list(state["site"]) + [t for stack in state["stacks"] for t in stack]
    tiles += [p[0] for city in state["cities"] for p in city["placed"][1:]]
    if state["architect"] is not None:
        tiles += state["architect"]["tiles"]
    return sorted(tiles)


def _check_step(before: dict, seat: int, after: dict, deep: bool) -> None:
    assert _tiles_of(after) == sorted(tiles_for(after["places"], after["options"]["long_game"]))
    assert all(city["stones"] >= 0 for city in after["cities"])
    last = after["last_move"]
    expected = before["cities"][seat]["stones"] - last["cost"] + last["stones_gained"]
    assert after["cities"][seat]["stones"] == expected
    assert (
        last["cost"] == last["tile_index"] and last["tile_id"] == before["site"][last["tile_index"]]
    )
    if after["architect"] is not None:
        bot = last["architect"]
        paid = bot["cost"] if bot else 0
        assert after["architect"]["stones"] == before["architect"]["stones"] + last["cost"] - paid
        assert after["architect"]["stones"] >= 0
        assert after["turn"] == 0 or after["finished"]
    assert max(after["turns"]) - min(after["turns"]) <= 1
    assert sum(after["turns"]) == sum(before["turns"]) + (1 + (last["architect"] is not None))
    if deep:
        view = akropolis.view(after, None)
        for s, record in enumerate(after["cities"]):
            columns = naive_stack(record["placed"])
            tops = []
            for (q, r), column in sorted(columns.items()):
                tid, idx = column[-1]
                hex_ = START_HEXES[idx][2] if tid == 0 else TILES[tid][idx]
                tops.append({"q": q, "r": r, "level": len(column), "hex": hex_})
            shown = view["cities"][s]["hexes"]
            assert [{k: h[k] for k in ("q", "r", "level", "hex")} for h in shown] == tops
            score = score_city(tops, after["variants"], record["stones"])
            assert {k: view["cities"][s]["score"][k] for k in score} == score


def _checked(deep: bool) -> SimpleNamespace:
    def apply(state: dict, seat: int, move: dict) -> dict:
        new = akropolis.apply(state, seat, move)
        _check_step(state, seat, new, deep)
        return new

    return SimpleNamespace(
        INFO=akropolis.INFO,
        setup=akropolis.setup,
        to_act=akropolis.to_act,
        legal_moves=akropolis.legal_moves,
        apply=apply,
        view=akropolis.view,
        result=akropolis.result,
        secrets=akropolis.secrets,
    )


def _check_end(seats: int, options: dict[str, Any], run: Any) -> None:
    state = run.state
    long_game = bool(options.get("long_game"))
    turns = TURNS[(seats, long_game)]
    assert state["turns"] == [turns] * state["places"]
    assert run.turns_by_seat == dict.fromkeys(range(seats), turns)
    assert len(state["site"]) == 1 and state["stacks"] == []
    result = akropolis.result(state)
    assert result is not None
    assert len(result["scores"]) == state["places"] == len(result["breakdown"])
    for score, breakdown in zip(result["scores"], result["breakdown"], strict=True):
        assert score == breakdown["total"] >= breakdown["stones"] >= 0
    ranked = sorted(s for group in result["ranking"] for s in group)
    if seats == 1:
        assert ranked == [0, 1]
        bot = result["architect"]
        human_wins = (result["scores"][0], state["cities"][0]["stones"]) > (
            bot["total"],
            bot["stones"],
        )
        assert result["ranking"][0] == ([0] if human_wins else [1])
    else:
        assert ranked == list(range(seats))
        keys = [(result["scores"][s], state["cities"][s]["stones"]) for s in range(seats)]
        flat = [keys[g[0]] for g in result["ranking"]]
        assert flat == sorted(flat, reverse=True) and len(set(flat)) == len(flat)
        assert all(keys[s] == keys[g[0]] for g in result["ranking"] for s in g)


def option_mix(seats: int, index: int) -> dict[str, Any]:
    """The ``index``-th option mix (mod all of them) valid for ``seats``."""
    bits = index % 64
    options: dict[str, Any] = {f"variant_{v}": bool(bits >> i & 1) for i, v in enumerate(VARIANTS)}
    options["long_game"] = bool(bits >> 5 & 1) and seats < 4
    options["architect_level"] = ("hippodamos", "metagenes", "callicrates")[index // 64 % 3]
    return options


DEEP = [
    (1, {}),
    (1, {"architect_level": "metagenes", "variant_markets": True, "variant_houses": True}),
    (1, {"architect_level": "callicrates", "long_game": True, "variant_temples": True}),
    (2, {}),
    (2, {"long_game": True, "variant_gardens": True, "variant_barracks": True}),
    (3, {}),
    (3, {"long_game": True}),
    (3, {f"variant_{v}": True for v in VARIANTS}),
    (4, {}),
    (4, {"variant_markets": True, "variant_temples": True}),
]


@pytest.mark.parametrize("replica", range(2))
@pytest.mark.parametrize(("seats", "options"), DEEP)
def test_deep_random_games(seats: int, options: dict[str, Any], replica: int) -> None:
    seed = 1000 * seats + 10 * len(options) + replica
    run = play_random_game(_checked(deep=True), seats, options, seed, deep=True)
    _check_end(seats, options, run)


def _fuzz(chunk: int, games: int, deep: bool, first_seed: int) -> None:
    game = _checked(deep=deep)
    for index in range(chunk, games, 4):
        seats = 1 + (index + index // 4) % 4
        options = option_mix(seats, index // 4)
        run = play_random_game(game, seats, options, first_seed + index, deep=deep)
        _check_end(seats, options, run)


@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_random_games(chunk: int) -> None:
    _fuzz(chunk, FUZZ_GAMES, deep=False, first_seed=50_000)


@pytest.mark.parametrize("chunk", range(4))
def test_deep_fuzz_random_games(chunk: int) -> None:
    _fuzz(chunk, DEEP_FUZZ_GAMES, deep=True, first_seed=90_000)
