"""Game metadata, room options and the initial state (spec §4, D1, D7, D17, D18)."""

from __future__ import annotations

from typing import Any

from app.games.akropolis.components import LEVELS, VARIANTS, tiles_for
from app.games.interface import GameInfo, InvalidOptions, JsonDict, OptionSpec, State
from app.games.options import normalize_options
from app.games.rng import Rng

_VARIANT_LABELS: dict[str, dict[str, str]] = {
    "houses": {
        "en": "Variant: houses",
        "fr": "Variante : habitations",
        "de": "Variante: Wohnviertel",
    },
    "markets": {"en": "Variant: markets", "fr": "Variante : marchés", "de": "Variante: Märkte"},
    "barracks": {
        "en": "Variant: barracks",
        "fr": "Variante : casernes",
        "de": "Variante: Kasernen",
    },
    "temples": {"en": "Variant: temples", "fr": "Variante : temples", "de": "Variante: Tempel"},
    "gardens": {"en": "Variant: gardens", "fr": "Variante : jardins", "de": "Variante: Gärten"},
}
_VARIANT_HELP: dict[str, dict[str, str]] = {
    "houses": {
        "en": "The scoring house group is doubled if its value is 10 or more.",
        "fr": "Le groupe d'habitations est doublé si sa valeur atteint 10.",
        "de": "Die gewertete Wohnviertel-Gruppe zählt doppelt, wenn ihr Wert 10 oder mehr beträgt.",
    },
    "markets": {
        "en": "A scoring market next to a market plaza is doubled.",
        "fr": "Un marché adjacent à une place Marché est doublé.",
        "de": "Ein gewerteter Markt neben einem Markt-Platz zählt doppelt.",
    },
    "barracks": {
        "en": "A scoring barracks with 3 or 4 empty outside neighbours is doubled.",
        "fr": "Une caserne avec 3 ou 4 espaces vides adjacents est doublée.",
        "de": "Eine gewertete Kaserne mit 3 oder 4 leeren Nachbarfeldern außen zählt doppelt.",
    },
    "temples": {
        "en": "A scoring temple above the first level is doubled.",
        "fr": "Un temple placé sur un niveau supérieur est doublé.",
        "de": "Ein gewerteter Tempel oberhalb der ersten Ebene zählt doppelt.",
    },
    "gardens": {
        "en": "A garden next to a lake (enclosed empty space) is doubled.",
        "fr": "Un jardin adjacent à un lac (espace vide entouré) est doublé.",
        "de": "Ein Garten neben einem See (umschlossenes leeres Feld) zählt doppelt.",
    },
}

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="long_game",
        kind="bool",
        default=False,
        label={
            "en": "Long game (all 61 tiles)",
            "fr": "Partie longue (les 61 tuiles)",
            "de": "Lange Partie (alle 61 Plättchen)",
        },
        help={
            "en": "Solo, 2 or 3 players only.",
            "fr": "En solo, à 2 ou 3 joueurs uniquement.",
            "de": "Nur solo, zu zweit oder zu dritt.",
        },
    ),
    *(
        OptionSpec(
            name=f"variant_{name}",
            kind="bool",
            default=False,
            label=_VARIANT_LABELS[name],
            help=_VARIANT_HELP[name],
        )
        for name in VARIANTS
    ),
    OptionSpec(
        name="architect_level",
        kind="choice",
        default="hippodamos",
        label={
            "en": "Illustrious Architect (solo)",
            "fr": "Illustre Architecte (solo)",
            "de": "Berühmter Architekt (solo)",
        },
        choices=LEVELS,
        choice_labels={
            "hippodamos": {
                "en": "Hippodamos (easy)",
                "fr": "Hippodamos (facile)",
                "de": "Hippodamos (leicht)",
            },
            "metagenes": {
                "en": "Metagenes (medium)",
                "fr": "Métagénès (moyen)",
                "de": "Metagenes (mittel)",
            },
            "callicrates": {
                "en": "Callicrates (hard)",
                "fr": "Callicratès (difficile)",
                "de": "Kallikrates (schwer)",
            },
        },
        help={
            "en": "Used only when one person plays.",
            "fr": "Utilisé seulement en solo.",
            "de": "Nur im Solospiel.",
        },
    ),
)


def check_options(seats: int, options: JsonDict) -> None:
    """Refuse combinations that cannot be set up (the long game needs 1 to 3 seats)."""
    if options.get("long_game") and seats >= 4:
        raise InvalidOptions("the long game is for solo, 2 or 3 players (4 players use all tiles)")


INFO = GameInfo(
    id="akropolis",
    name={"en": "Akropolis", "fr": "Akropolis", "de": "Akropolis"},
    min_seats=1,
    max_seats=4,
    version=1,
    options=OPTIONS,
    check_options=check_options,
    option_limits=lambda seats: {"long_game": {"const": False}} if seats >= 4 else {},
)


def stacks_for(places: int, long_game: bool) -> int:
    """Number of face-down stacks (spec §4 table; 14 for the 3-player long game, D1)."""
    tiles = len(tiles_for(places, long_game))
    return (tiles - (places + 2)) // (places + 1)


def setup(seats: int, options: dict[str, Any], seed: int) -> State:
    """The initial state: shuffled site and stacks, starting tiles and stones.

    Multiplayer: the Chief Architect (first player) is drawn with the state's PRNG, and
    starting stones are 1, 2, 3, 4 clockwise from them (D7). Solo: the human is seat 0
    and first player with 1 stone; the Architect plays as place 1 with 2 stones (D18).
    """
    opts = normalize_options(INFO, seats, options)
    solo = seats == 1
    places = 2 if solo else seats
    long_game = bool(opts["long_game"])
    rng = Rng.from_seed(seed)
    tiles = tiles_for(places, long_game)
    rng.shuffle(tiles)
    site_size = places + 2
    per_stack = places + 1
    site = tiles[:site_size]
    rest = tiles[site_size:]
    stacks = [rest[i : i + per_stack] for i in range(0, len(rest), per_stack)]
    assert all(len(stack) == per_stack for stack in stacks), "tiles do not split evenly"
    chief = 0 if solo else rng.randbelow(places)
    stones = [0] * places
    for step in range(places):
        stones[(chief + step) % places] = step + 1
    return {
        "game": "akropolis",
        "seats": seats,
        "places": places,
        "options": opts,
        "variants": [name for name in VARIANTS if opts[f"variant_{name}"]],
        "level": opts["architect_level"] if solo else None,
        "site": site,
        "stacks": stacks,
        "cities": [{"stones": stones[s], "placed": [[0, 0, 0, 0]]} for s in range(seats)],
        "architect": {"stones": stones[1], "tiles": []} if solo else None,
        "turn": chief,
        "chief": chief,
        "round": 1,
        "turns": [0] * places,
        "finished": False,
        "last_move": None,
        "rng": rng.dump(),
    }
