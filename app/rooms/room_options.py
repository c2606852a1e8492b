"""Room options that belong to the platform rather than to a game's rules.

Time control and rating are options of every room, whatever the game. They are listed
in each game's option schema (``GET /api/games``, the create form) and validated like
the game's own options, but only a game's own options reach its rules (``setup``,
replay), so no rules module ever sees them. Add a platform option to
:data:`PLATFORM_OPTIONS`; nothing else changes.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.interface import GameInfo, JsonDict, OptionSpec
from app.games.options import normalize_options

RATED = OptionSpec(
    name="rated",
    kind="bool",
    default=False,
    label={"en": "Rated game", "fr": "Partie classée"},
    help={
        "en": "Counts for the players' ratings when every seat is an account; "
        "guests, bots and solo games make it casual.",
        "fr": "Compte pour le classement des joueurs si chaque place est un compte ; "
        "invités, robots et parties en solo la rendent amicale.",
    },
)

PLATFORM_OPTIONS: tuple[OptionSpec, ...] = (RATED,)


def room_info(info: GameInfo) -> GameInfo:
    """The game's metadata with the platform options after its own in the schema."""
    return replace(info, options=info.options + PLATFORM_OPTIONS)


def normalize_room_options(info: GameInfo, seats: int, raw: JsonDict | None) -> JsonDict:
    """Defaults filled and every option checked, the game's and the platform's."""
    return normalize_options(room_info(info), seats, raw)


def rules_options(info: GameInfo, options: JsonDict) -> JsonDict:
    """Only the options the game's rules know (what ``setup`` receives)."""
    names = {spec.name for spec in info.options}
    return {name: value for name, value in options.items() if name in names}
