"""Game cards: the registry's games that have a card (``games.json``) and rules content.

A card carries what a newcomer needs before playing: players (from the registry), typical
duration, complexity on a 1-5 scale, a one-line pitch in each language, the seat
count the one-click buttons use, whether a guided first game exists (``app.tutorials``),
and the bot levels' estimated ratings (:mod:`.level_ratings`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import orjson

from app import tutorials
from app.catalogue.level_ratings import level_ratings
from app.config import ROOT
from app.games.registry import UnknownGame, get_game, iter_games
from app.i18n import LANGUAGES
from app.rooms.room_options import room_info

CARDS_FILE = Path(__file__).with_name("games.json")
RULES_DIR = ROOT / "templates" / "rules"


@cache
def _cards() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = orjson.loads(CARDS_FILE.read_bytes())
    return data


@cache  # read once per process, as the cards are (a stat per game and page otherwise)
def has_rules(game_id: str) -> bool:
    """Rules content exists for the game in every language."""
    return all((RULES_DIR / f"{game_id}.{lang}.html").is_file() for lang in LANGUAGES)


def rules_template(game_id: str, language: str) -> str:
    """The template path of a game's rules in ``language`` (Jinja name)."""
    return f"rules/{game_id}.{language}.html"


@cache  # the same every time: pages (every visit) share one dict per game
def _entry(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    card = _cards()[game_id]
    info = room_info(game.INFO).to_json()
    low, high = game.INFO.min_seats, game.INFO.max_seats
    return {
        **info,
        "minutes": list(card["minutes"]),
        "complexity": int(card["complexity"]),
        "pitch": dict(card["pitch"]),
        "play_now_seats": min(max(int(card["play_now_seats"]), max(low, 2)), high),
        "table_seats": min(max(int(card["table_seats"]), max(low, 2)), high),
        "tutorial": tutorials.available(game_id),
        "order": int(card.get("order", 99)),
        #: the bot levels' estimated ratings (``bench/level_ratings.py``), level -> rating
        "level_ratings": level_ratings(game_id),
    }


def catalogue_entries(*, include_test_games: bool = False) -> list[dict[str, Any]]:
    """Every listed game (registered, with a card and rules), in catalogue order (the
    entries are shared: read them, don't change them)."""
    return list(_listed(include_test_games))


@cache
def _listed(include_test_games: bool) -> tuple[dict[str, Any], ...]:
    entries = [
        _entry(game.INFO.id)
        for game in iter_games(include_test_games=include_test_games)
        if game.INFO.id in _cards() and has_rules(game.INFO.id)
    ]
    return tuple(sorted(entries, key=lambda entry: (entry["order"], entry["id"])))


def catalogue_entry(game_id: str) -> dict[str, Any]:
    """One listed game (shared: read it, don't change it); raises :class:`UnknownGame` for
    a game that is not (yet) listed."""
    if game_id not in _cards() or not has_rules(game_id):
        raise UnknownGame(game_id)
    get_game(game_id, include_test_games=False)
    return _entry(game_id)
