"""Game metadata, room options and the initial state (spec §3, D26)."""

from __future__ import annotations

from typing import Any

from app.games.akrotiri.components import (
    COLOURS,
    CUBES_PER_COLOUR,
    DIFFICULTIES,
    EDITIONS,
    OBJECTIVE_IDS,
    PLAN_IDS,
    STARTING_DRACHMAS,
    TILE_IDS,
)
from app.games.akrotiri.geometry import START_PORTS
from app.games.interface import GameInfo, OptionSpec, State
from app.games.options import normalize_options
from app.games.rng import Rng

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="strategist",
        kind="bool",
        default=False,
        label={
            "en": "Strategist variant",
            "fr": "Variante du Stratège",
            "de": "Strategen-Variante",
        },
        help={
            "en": "Four objectives are laid face up; at your 3rd and 5th temple you take one "
            "of them instead of drawing two and keeping one.",
            "fr": "Quatre objectifs sont révélés ; à votre 3e et 5e temple, vous en prenez un "
            "au lieu d'en piocher deux et d'en garder un.",
            "de": "Vier Ziele liegen offen aus; bei deinem 3. und 5. Tempel nimmst du eines "
            "davon, statt zwei zu ziehen und eines zu behalten.",
        },
    ),
    OptionSpec(
        name="objectives",
        kind="choice",
        default="fr",
        label={
            "en": "Objective card values",
            "fr": "Valeurs des cartes Objectif",
            "de": "Werte der Zielkarten",
        },
        choices=EDITIONS,
        choice_labels={
            "fr": {
                "en": "French edition (standard)",
                "fr": "Édition française (standard)",
                "de": "Französische Ausgabe (Standard)",
            },
            "en": {"en": "English edition", "fr": "Édition anglaise", "de": "Englische Ausgabe"},
        },
        help={
            "en": "The English cards score four objectives differently.",
            "fr": "Les cartes anglaises comptent quatre objectifs autrement.",
            "de": "Die englischen Karten werten vier Ziele anders.",
        },
    ),
)

INFO = GameInfo(
    id="akrotiri",
    name={"en": "Akrotiri", "fr": "Akrotiri", "de": "Akrotiri"},
    min_seats=2,
    max_seats=2,
    version=1,
    options=OPTIONS,
)


def new_player() -> dict[str, Any]:
    return {
        "drachmas": STARTING_DRACHMAS,
        "plans": [],  # plan card ids in hand (secret)
        "scored": [],  # excavated plan cards, in order (public)
        "objectives": [],  # objective ids held (secret until the end, unless public)
        "public_objectives": [],  # held objectives the opponent saw taken (Strategist offer)
        "returned": [],  # objectives this seat put under the deck and still there
        "choice": [],  # objectives drawn, one to keep (secret)
        "tile": None,  # land tile in hand
        "tile_public": False,  # taken with the oracle, so shown face up
        "temples": 0,
    }


def setup(seats: int, options: dict[str, Any], seed: int) -> State:
    """The initial state: everything shuffled once, two setup tiles dealt, seat 0 south.

    The first player is drawn from the state's PRNG. Cards are dealt when the rules
    reach them (plans and objectives after the setup tiles), from decks shuffled here.
    """
    opts = normalize_options(INFO, seats, options)
    rng = Rng.from_seed(seed)
    pile = list(TILE_IDS)
    rng.shuffle(pile)
    decks: dict[str, list[str]] = {}
    for difficulty in DIFFICULTIES:
        deck = list(PLAN_IDS[difficulty])
        rng.shuffle(deck)
        decks[difficulty] = deck
    objective_deck = list(OBJECTIVE_IDS)
    rng.shuffle(objective_deck)
    first = rng.randbelow(2)
    players = [new_player(), new_player()]
    players[first]["tile"] = pile[0]
    players[1 - first]["tile"] = pile[1]
    return {
        "game": "akrotiri",
        "seats": 2,
        "options": opts,
        "first": first,
        "turn": first,
        "phase": "tile",
        "setup": True,
        "round": 0,
        "turns": [0, 0],
        "placements": [],
        "placed": None,  # the tile placed this turn, while its free cube is pending
        "cubes": {},
        "market": dict.fromkeys(COLOURS, CUBES_PER_COLOUR),
        "boats": [{"at": START_PORTS[0], "cargo": []}, {"at": START_PORTS[1], "cargo": []}],
        "temples": [],
        "players": players,
        "decks": decks,
        "objective_deck": objective_deck,
        "offer": [],
        "pile": pile[2:],
        "discard": [],
        "actions": 0,
        "oracle_used": False,
        "pending_free": False,
        "end_trigger": None,
        "stall": 0,
        "progress": False,
        "tiles_out": False,
        "finished": False,
        "end_reason": None,
        "seq": 0,
        "log": [],
        "rng": rng.dump(),
    }
