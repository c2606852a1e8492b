"""Game setup (spec §3): cities, deck, market, first holder, reserves, renown target."""

from __future__ import annotations

from typing import Any

from app.games.agorapolis.cards import CARD_IDS
from app.games.agorapolis.cities import CITY_IDS
from app.games.agorapolis.common import SECTORS, event, roll_dice, roll_one, shuffle, start_phase
from app.games.interface import InvalidOptions, JsonDict, State
from app.games.rng import Rng

START_RESERVES: dict[str, int] = {
    "agriculture": 10,
    "society": 1,
    "commerce": 1,
    "religion": 1,
    "military": 1,
}


def default_target(seats: int) -> int:
    """Renown target by player count (§3.4): 18 with 2, 14 with 3–4, 10 with 5–6."""
    if seats <= 2:
        return 18
    if seats <= 4:
        return 14
    return 10


def new_player(city: str) -> JsonDict:
    return {
        "city": city,
        "reserves": dict(START_RESERVES),
        "renown": 0,
        "held": [],
        "hand": 0,
        "remaining": 0,
        "bets": dict.fromkeys(SECTORS),
        "unbet": 0,
        "sacrificed": 0,
        "dice": {sector: [] for sector in SECTORS},
        "finalised": dict.fromkeys(SECTORS, False),
        "athens_used": False,
        "delphi_used": False,
        "syracuse_used": False,
        "phidias_used": dict.fromkeys(SECTORS, False),
    }


def setup(seats: int, options: dict[str, Any], seed: int) -> State:
    """The initial state, round 1 in ``HARVEST_PLAY`` (or beyond if nobody holds cards)."""

    if not 2 <= seats <= 6:
        raise InvalidOptions(f"agorapolis is played by 2 to 6 seats, not {seats}")
    target = options.get("renown_target")
    if target is None or target == 0:
        target = default_target(seats)
    state: State = {
        "game": "agorapolis",
        "seats": seats,
        "round": 1,
        "round_limit": 30,
        "renown_target": int(target),
        "phase": "SETUP",
        "sector": None,
        "to_act": [],
        "holder": 0,
        "players": [],
        "market": [],
        "colony": None,
        "deck": [],
        "discard": [],
        "active": [],
        "cancelled": [],
        "league_immune": [],
        "commits": {},
        "committed": [],
        "attack": None,
        "active_seat": None,
        "last_active": None,
        "queue": [],
        "strife": None,
        "heroic": None,
        "draw": None,
        "exploit_tied": None,
        "bids": None,
        "resolution": None,
        "endgame": None,
        "events": [],
        "event_seq": 0,
        "setup_log": [],
        "rng": Rng.from_seed(seed).dump(),
    }
    cities = list(CITY_IDS)
    shuffle(state, cities)
    state["players"] = [new_player(cities[seat]) for seat in range(seats)]
    event(state, "cities", cities=cities[:seats])
    deck = list(CARD_IDS)
    shuffle(state, deck)
    state["deck"] = deck
    state["market"] = roll_dice(state, 3)
    event(state, "market_rolled", dice=[die["value"] for die in state["market"]])
    contenders = list(range(seats))
    while True:
        rolls = {seat: roll_one(state) for seat in contenders}
        event(state, "holder_roll", rolls=[[seat, value] for seat, value in rolls.items()])
        top = max(rolls.values())
        contenders = [seat for seat, value in rolls.items() if value == top]
        if len(contenders) == 1:
            break
    state["holder"] = contenders[0]
    event(state, "holder", seat=contenders[0])
    state["setup_log"] = [dict(entry) for entry in state["events"]]
    start_phase(state, "round")
    return state
