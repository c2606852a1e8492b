"""Who sees which part of a review, and its summary line (app.rooms.review): pure, from
games played at random (the API's end to end tests: tests/api/test_review.py)."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from app.games.registry import get_game
from app.i18n import translate
from app.rooms.review import Reviews, seat_secrets, visible


def reviewed(game_id: str, seed: int = 1) -> tuple[Any, Any, dict[str, Any]]:
    """A two-seat game played to its end at random, and a review of it as the server stores
    one: early moves of both seats with another legal move as the better one (a made-up
    loss), the better boards computed by the server's own code."""
    game = get_game(game_id)
    chooser = random.Random(seed)
    state = game.setup(2, {}, seed)
    steps: dict[int, Any] = {}
    moves: list[dict[str, Any]] = []
    seq = 0
    while game.result(state) is None:
        seat = min(game.to_act(state))
        legal = game.legal_moves(state, seat)
        move = chooser.choice(legal)
        seq += 1
        if len(legal) > 1 and len(moves) < 40:
            best = next(m for m in legal if m != move)
            steps[seq] = SimpleNamespace(before=state)
            moves.append({"seq": seq, "seat": seat, "frame": seq, "played": move, "best": best,
                          "loss": 1 + seq / 100, "reviewed": True})  # fmt: skip
        state = game.apply(state, seat, move)
    live: Any = SimpleNamespace(game=game, state=state)  # what _better_frames reads of a room
    frames = Reviews._better_frames(live, moves, steps)
    return game, state, {"moves": moves, "better_frames": frames}


def test_akrotiri_shows_each_player_only_their_own_review_and_boards() -> None:
    """Akrotiri keeps each seat's unexcavated plans secret after the end: a player sees the
    review of their own moves only, and the better move's board as their own view."""
    game, final, data = reviewed("akrotiri")
    assert {m["seat"] for m in data["moves"]} == {0, 1} and len(data["better_frames"]) == 6
    for seat in (0, 1):
        shown = visible(data, game, final, seat=seat, admin=False)
        assert {m["seat"] for m in shown["moves"]} == {seat}
        assert len(shown["better_frames"]) == 3  # the seat's three biggest losses
        assert set(shown["better_frames"]) <= {str(m["seq"]) for m in shown["moves"]}
        assert all(f["game"]["you"] == seat for f in shown["better_frames"].values())
    # Someone who did not play sees no entry and no board; an admin everything.
    assert visible(data, game, final, seat=None, admin=False) == {"moves": [], "better_frames": {}}
    assert visible(data, game, final, seat=None, admin=True) == data


def test_attika_shows_everyone_every_review_with_the_spectators_boards() -> None:
    game, final, data = reviewed("attika")
    assert visible(data, game, final, seat=None, admin=False) == data
    assert len(data["better_frames"]) == 6
    assert all(f["game"].get("you") is None for f in data["better_frames"].values())


def finished(game_id: str, seed: int = 1) -> Any:
    """A two-seat game of ``game_id`` played to its end with random legal moves."""
    game = get_game(game_id)
    chooser = random.Random(seed)
    state = game.setup(2, {}, seed)
    while game.result(state) is None:
        seat = min(game.to_act(state))
        state = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
    return game, state


@pytest.mark.parametrize(
    ("game_id", "private"),
    [("akrotiri", True), ("attika", False), ("agorapolis", False), ("akropolis", False)],
)
def test_only_a_seat_secret_kept_after_the_end_makes_the_review_private(
    game_id: str, private: bool
) -> None:
    # Attika's and Agorapolis's decks and PRNG stay hidden from everybody after the end:
    # no seat's secret (the seed is revealed then), so their reviews are public.
    assert seat_secrets(*finished(game_id)) is private


@pytest.mark.parametrize(
    ("language", "mine", "theirs"),
    [
        ("en", "You lost 23 points in 4 moves", "Anna lost 1.5 renown in 1 move"),
        (
            "fr",
            "Vous avez perdu 23 points en 4 coups",
            "Anna a perdu 1,5 point de renommée en 1 coup",  # below 2: singular in French
        ),
        ("de", "Du hast in 4 Zügen 23 Punkte verloren", "Anna hat in 1 Zug 1,5 Ruhm verloren"),
    ],
)
def test_the_review_summary_line_reads_in_each_language(
    language: str, mine: str, theirs: str
) -> None:
    # The page (static/js/review.js) formats the same message with the same syntax.
    own = {"me": "yes", "name": "Lina", "unit": "points", "points": 23, "amount": "23", "moves": 4}
    assert translate(language, "review.summary", **own) == mine
    other = {"me": "no", "name": "Anna", "unit": "renown", "points": 1.5, "moves": 1}
    amount = "1.5" if language == "en" else "1,5"
    assert translate(language, "review.summary", **other, amount=amount) == theirs
