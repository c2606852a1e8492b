"""Pairs of states that differ only in what one seat cannot see, for every game with
hidden information: ``(game_id, seat, first, second)``."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from app.games.registry import get_game
from app.games.rng import Rng

Twin = tuple[str, int, dict[str, Any], dict[str, Any]]


def _advance(game_id: str, seats: int, seed: int, plies: int, **options: Any) -> dict[str, Any]:
    """A state after ``plies`` random moves (seat order when several may act)."""
    game = get_game(game_id)
    state = game.setup(seats, options, seed)
    rng = Rng.from_seed(seed)
    for _ in range(plies):
        if game.result(state) is not None:
            break
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(list(game.legal_moves(state, seat))))
    return state


def akropolis_stacks() -> Twin:
    """Solo against the Architect, the face-down stacks in another order."""
    first = _advance("akropolis", 1, 11, 4, architect_level="callicrates")
    second = copy.deepcopy(first)
    tiles = [t for stack in second["stacks"] for t in stack][::-1]
    size = len(second["stacks"][0])
    second["stacks"] = [tiles[i : i + size] for i in range(0, len(tiles), size)]
    second["rng"] = "0123456789abcdef"
    return "akropolis", 0, first, second


def akropolis_4p_stacks() -> Twin:
    first = _advance("akropolis", 4, 12, 6)
    second = copy.deepcopy(first)
    second["stacks"] = second["stacks"][::-1]
    seat = min(get_game("akropolis").to_act(first))
    return "akropolis", seat, first, second


def agorapolis_hands_and_deck() -> Twin:
    """Another seat's hand swapped with deck cards, the deck reordered."""
    game = get_game("agorapolis")
    for plies in range(40, 4000, 7):
        first = _advance("agorapolis", 3, 5, plies)
        seat = min(game.to_act(first)) if game.to_act(first) else 0
        others = [p for s, p in enumerate(first["players"]) if s != seat and p["held"]]
        if others and len(first["deck"]) >= 2 and first["phase"] != "GAME_OVER":
            break
    second = copy.deepcopy(first)
    victim = next(p for s, p in enumerate(second["players"]) if s != seat and p["held"])
    victim["held"][0], second["deck"][-1] = second["deck"][-1], victim["held"][0]
    second["deck"] = second["deck"][::-1]
    second["rng"] = "fedcba9876543210"
    return "agorapolis", seat, first, second


def agorapolis_secret_bet() -> Twin:
    """Another seat's unrevealed bet changed."""
    game = get_game("agorapolis")
    state = game.setup(3, {}, 8)
    rng = Rng.from_seed(8)
    while state["phase"] != "INVEST_BET":
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(list(game.legal_moves(state, seat))))
    first = game.apply(state, 0, {"type": "bet", "sector": state["sector"], "dice": 1})
    second = game.apply(state, 0, {"type": "bet", "sector": state["sector"], "dice": 4})
    return "agorapolis", 1, first, second


def race_tokens() -> Twin:
    first = get_game("race").setup(3, {}, 4)
    second = copy.deepcopy(first)
    second["tokens"][1] = "secret-something-else"
    second["rng"] = "00000000000000aa"
    return "race", 0, first, second


def akrotiri_pile_and_hands() -> Twin:
    """Mid-game: the other seat's plans and objectives, the decks and the pile redealt
    (by the game's own ``sample``, which its tests check keeps the seat's view)."""
    game = get_game("akrotiri")
    first = _advance("akrotiri", 2, 21, 14)
    seat = min(game.to_act(first))
    second = game.sample(first, seat, Rng.from_seed(99))  # type: ignore[attr-defined]
    return "akrotiri", seat, first, second


def attika_hands_and_stacks() -> Twin:
    """Three seats mid-game: other hands, the deck, the discard, every building stack and
    the map-piece deck changed (the Attika sample tests' hidden variant)."""
    from tests.games.attika.test_sample import _hidden_variant, _midgame

    first = _midgame(3, 5, steps=60)
    seat = min(get_game("attika").to_act(first))
    return "attika", seat, first, _hidden_variant(first, seat)


HIDDEN_TWINS: list[Callable[[], Twin]] = [
    akropolis_stacks,
    akropolis_4p_stacks,
    agorapolis_hands_and_deck,
    agorapolis_secret_bet,
    race_tokens,
    akrotiri_pile_and_hands,
    attika_hands_and_stacks,
]
