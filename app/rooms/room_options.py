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
    label={"en": "Rated game", "fr": "Partie classée", "de": "Gewertete Partie"},
    help={
        "en": "Counts for the players' ratings when every seat is an account; "
        "guests, bots and solo games make it casual.",
        "fr": "Compte pour le classement des joueurs si chaque place est un compte ; "
        "invités, robots et parties en solo la rendent amicale.",
        "de": "Zählt für die Wertung der Spieler, wenn jeder Platz ein Konto ist; "
        "Gäste, Bots und Solopartien machen sie zu einer freien Partie.",
    },
)

# Time control (app.rooms.clock): untimed, live (a bank per seat plus an increment per
# move, Fischer style) or turn-based (an allowance per move, 1 hour to 7 days).
CLOCK = OptionSpec(
    name="clock",
    kind="choice",
    default="none",
    choices=("none", "live", "turn"),
    choice_labels={
        "none": {"en": "Untimed", "fr": "Sans limite", "de": "Ohne Zeitlimit"},
        "live": {
            "en": "Live (time bank)",
            "fr": "En direct (réserve de temps)",
            "de": "Live (Zeitkonto)",
        },
        "turn": {
            "en": "Turn-based (days)",
            "fr": "Tour par tour (jours)",
            "de": "Rundenbasiert (Tage)",
        },
    },
    label={"en": "Time control", "fr": "Contrôle du temps", "de": "Bedenkzeit"},
    help={
        "en": "Live: each seat has a time bank plus an increment per move. Turn-based: "
        "each move must be made within the allowance.",
        "fr": "En direct : chaque place a une réserve de temps plus un bonus par coup. "
        "Tour par tour : chaque coup doit être joué dans le délai.",
        "de": "Live: Jeder Platz hat ein Zeitkonto plus einen Bonus pro Zug. Rundenbasiert: "
        "Jeder Zug muss innerhalb der Frist gespielt werden.",
    },
)
CLOCK_BANK = OptionSpec(
    name="clock_bank_seconds",
    kind="int",
    default=300,
    minimum=10,
    maximum=7200,
    label={
        "en": "Time bank (seconds, live)",
        "fr": "Réserve de temps (secondes, direct)",
        "de": "Zeitkonto (Sekunden, live)",
    },
)
CLOCK_INCREMENT = OptionSpec(
    name="clock_increment_seconds",
    kind="int",
    default=10,
    minimum=0,
    maximum=600,
    label={
        "en": "Increment per move (seconds, live)",
        "fr": "Bonus par coup (secondes, direct)",
        "de": "Bonus pro Zug (Sekunden, live)",
    },
)
CLOCK_TURN = OptionSpec(
    name="clock_turn_hours",
    kind="int",
    default=24,
    minimum=1,
    maximum=168,
    label={
        "en": "Time per move (hours, turn-based)",
        "fr": "Délai par coup (heures, tour/tour)",
        "de": "Zeit pro Zug (Stunden, rundenbasiert)",
    },
)
ON_TIMEOUT = OptionSpec(
    name="on_timeout",
    kind="choice",
    default="bot",
    choices=("bot", "out"),
    choice_labels={
        "bot": {
            "en": "A bot plays on (the player may come back)",
            "fr": "Un robot prend le relais (le joueur peut revenir)",
            "de": "Ein Bot spielt weiter (der Spieler kann zurückkommen)",
        },
        "out": {
            "en": "The player is out (last place)",
            "fr": "Le joueur est éliminé (dernier)",
            "de": "Der Spieler scheidet aus (letzter Platz)",
        },
    },  # fmt: skip
    label={
        "en": "When time runs out",
        "fr": "Quand le temps est écoulé",
        "de": "Wenn die Zeit abläuft",
    },
)
CLOCK_OPTIONS: tuple[OptionSpec, ...] = (CLOCK, CLOCK_BANK, CLOCK_INCREMENT, CLOCK_TURN, ON_TIMEOUT)

PLATFORM_OPTIONS: tuple[OptionSpec, ...] = (RATED, *CLOCK_OPTIONS)


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
