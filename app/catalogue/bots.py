"""The bot kinds the server offers, read from :data:`app.bots.BOTS`.

A bot object may carry ``label`` (``{"en", "fr", "de"}``), ``order`` (easiest first) and
``games`` (the game ids it plays); without them it is labelled from the table below,
sorted after the known levels and offered for every game. New levels therefore appear
in the lobby as soon as they are registered in ``BOTS``.
"""

from __future__ import annotations

from typing import Any

from app.bots import BOTS
from app.catalogue.level_ratings import level_rating

KNOWN: dict[str, tuple[int, dict[str, str]]] = {
    "random": (
        0,
        {
            "en": "Random moves (beginner)",
            "fr": "Coups au hasard (débutant)",
            "de": "Zufallszüge (Anfänger)",
        },
    ),
    "easy": (1, {"en": "Easy", "fr": "Facile", "de": "Leicht"}),
    "medium": (2, {"en": "Medium", "fr": "Moyen", "de": "Mittel"}),
    "hard": (3, {"en": "Hard", "fr": "Difficile", "de": "Schwer"}),
}
#: the level the one-click button picks when the player does not choose
PREFERRED_DEFAULT = ("medium", "easy", "random")


def available_bots(game_id: str | None = None) -> list[dict[str, Any]]:
    """Each bot kind: ``{"id", "label": {lang: text}, "games": [...] | None, "rating"}``,
    easiest first. ``rating`` is the level's estimated rating in ``game_id`` (players'
    scale, :mod:`.level_ratings`), None without a game or a measurement."""
    listed = []
    for name, bot in BOTS.items():
        games = getattr(bot, "games", None)
        if game_id is not None and games is not None and game_id not in games:
            continue
        order, label = KNOWN.get(name, (50, {"en": name, "fr": name, "de": name}))
        listed.append(
            {
                "id": name,
                "label": dict(getattr(bot, "label", None) or label),
                "games": list(games) if games is not None else None,
                "order": int(getattr(bot, "order", order)),
                "rating": level_rating(game_id, name),
            }
        )
    return sorted(listed, key=lambda bot: (bot["order"], bot["id"]))


def default_bot(game_id: str | None = None) -> str:
    """The bot kind used when the player does not pick one."""
    names = [bot["id"] for bot in available_bots(game_id)]
    for name in PREFERRED_DEFAULT:
        if name in names:
            return name
    return names[0] if names else "random"
