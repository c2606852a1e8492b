"""Shared vocabulary and small helpers over the Agorapolis state (a plain JSON dict)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

import orjson

from app.games.interface import IllegalMove, MalformedMove, Move, State
from app.games.rng import Rng

SECTORS: tuple[str, ...] = ("agriculture", "society", "commerce", "religion", "military")
AGRI_MIN = 5
AGRI_MAX = 15
MAX_BET = 8
ROUND_LIMIT = 30
EVENT_LIMIT = 40
RESIST_SECONDS = 20


def copy_state(state: State) -> State:
    """A deep copy of a JSON state (fast, and proves the state is plain JSON)."""
    copied: State = orjson.loads(orjson.dumps(state))
    return copied


def refuse(code: str, detail: str) -> NoReturn:
    """Raise an :class:`IllegalMove` whose reason starts with the §14 reason code."""
    raise IllegalMove(f"{code}: {detail}")


def malformed(detail: str) -> NoReturn:
    raise MalformedMove(f"malformed: {detail}")


# --- move field readers -------------------------------------------------------------


def get_int(move: Move, key: str, *, minimum: int = 0, default: int | None = None) -> int:
    value = move.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        malformed(f"{key} must be an integer ≥ {minimum}")
    return value


def get_sector(move: Move, key: str) -> str:
    value = move.get(key)
    if value not in SECTORS:
        malformed(f"{key} must be one of {', '.join(SECTORS)}")
    return str(value)


def get_seat(state: State, move: Move, key: str) -> int:
    value = move.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < state["seats"]:
        malformed(f"{key} must be a seat number 0..{state['seats'] - 1}")
    return value


def get_amounts(move: Move, key: str, allowed: tuple[str, ...]) -> dict[str, int]:
    """An object of non-negative integer amounts keyed by ``allowed`` names (zeros dropped)."""
    value = move.get(key, {})
    if not isinstance(value, dict):
        malformed(f"{key} must be an object")
    amounts: dict[str, int] = {}
    for name, amount in value.items():
        if name not in allowed:
            malformed(f"{key} keys are {', '.join(allowed)}")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            malformed(f"{key}.{name} must be a non-negative integer")
        if amount:
            amounts[name] = amount
    return amounts


# --- reserves -----------------------------------------------------------------------


def floor(sector: str) -> int:
    return AGRI_MIN if sector == "agriculture" else 0


def spendable(state: State, seat: int, sector: str) -> int:
    return int(state["players"][seat]["reserves"][sector]) - floor(sector)


def total_spendable(state: State, seat: int) -> int:
    return sum(spendable(state, seat, sector) for sector in SECTORS)


def gain_reserve(state: State, seat: int, sector: str, amount: int) -> int:
    """Add ``amount`` to a reserve, capping agriculture at 15; returns what was added."""
    reserves = state["players"][seat]["reserves"]
    new = reserves[sector] + amount
    if sector == "agriculture":
        new = min(new, AGRI_MAX)
    added = new - reserves[sector]
    reserves[sector] = new
    return int(added)


def destroy_reserve(state: State, seat: int, sector: str, amount: int) -> int:
    """Remove up to ``amount`` spendable points (never below the floor); returns the loss."""
    lost = max(0, min(amount, spendable(state, seat, sector)))
    state["players"][seat]["reserves"][sector] -= lost
    return lost


# --- cards in play ------------------------------------------------------------------


def active_card(state: State, card: str) -> dict[str, Any] | None:
    for entry in state["active"]:
        if entry["card"] == card:
            return dict(entry)
    return None


def card_owner(state: State, card: str) -> int | None:
    entry = active_card(state, card)
    return None if entry is None else int(entry["owner"])


def league_owner(state: State) -> int | None:
    return card_owner(state, "league_founding")


def refuses(state: State, seat: int, card: str) -> bool:
    """True if ``seat`` is the League owner and chose immunity to ``card``."""
    return league_owner(state) == seat and card in state["league_immune"]


def affected_by(state: State, seat: int, card: str) -> bool:
    """True if another seat's active ``card`` applies to ``seat`` (League respected)."""
    owner = card_owner(state, card)
    return owner is not None and owner != seat and not refuses(state, seat, card)


def owns(state: State, seat: int, card: str) -> bool:
    return card_owner(state, card) == seat


def card_param(state: State, card: str, name: str) -> Any:
    entry = active_card(state, card)
    return None if entry is None else entry["params"].get(name)


def sabotaged(state: State, seat: int, sector: str) -> bool:
    """Sabotage blocks the paid ability of ``sector`` for ``seat`` (§13)."""
    return (
        affected_by(state, seat, "sabotage") and card_param(state, "sabotage", "sector") == sector
    )


def immune(state: State, seat: int) -> bool:
    """The League owner's reserves cannot be destroyed (§13)."""
    return league_owner(state) == seat


def pythia_owner(state: State) -> int | None:
    return card_owner(state, "pythia_consultation")


def insight_owner(state: State) -> int | None:
    return card_owner(state, "astronomical_insight")


def city(state: State, seat: int) -> str:
    return str(state["players"][seat]["city"])


def seat_of_city(state: State, city_id: str) -> int | None:
    for seat, player in enumerate(state["players"]):
        if player["city"] == city_id:
            return seat
    return None


# --- dice, rng, events --------------------------------------------------------------


def roll_dice(state: State, count: int) -> list[dict[str, Any]]:
    rng = Rng.load(state["rng"])
    dice = [{"value": rng.roll(6), "adjusted": False} for _ in range(count)]
    state["rng"] = rng.dump()
    return dice


def roll_one(state: State) -> int:
    rng = Rng.load(state["rng"])
    value = rng.roll(6)
    state["rng"] = rng.dump()
    return value


def shuffle(state: State, items: list[Any]) -> None:
    rng = Rng.load(state["rng"])
    rng.shuffle(items)
    state["rng"] = rng.dump()


def event(state: State, kind: str, **data: Any) -> None:
    """Append a public event (never a secret!) to the bounded log shown in views."""
    state["event_seq"] += 1
    state["events"].append(
        {"seq": state["event_seq"], "round": state["round"], "event": kind, **data}
    )
    if len(state["events"]) > EVENT_LIMIT:
        del state["events"][: len(state["events"]) - EVENT_LIMIT]


def set_phase(
    state: State, phase: str, to_act: set[int] | list[int], sector: str | None = None
) -> None:
    state["phase"] = phase
    state["sector"] = sector
    state["to_act"] = sorted(to_act)


# The phase table, filled once by :mod:`.flow`: a phase that ends names the next one and
# the table says which function starts it, so no phase module imports another.
PhaseStart = Callable[..., None]
PHASE_STARTS: dict[str, PhaseStart] = {}


def start_phase(state: State, phase: str, *args: Any) -> None:
    """Start ``phase`` (a key of the phase table) now, as the current step ends."""
    PHASE_STARTS[phase](state, *args)


# --- simultaneous commits and the deck ----------------------------------------------


def commit(state: State, seat: int, move: Move) -> bool:
    """Record a secret commit; True when it was the last one awaited (time to reveal)."""
    state["commits"][str(seat)] = move
    state["committed"] = sorted({*state["committed"], seat})
    state["to_act"] = [other for other in state["to_act"] if other != seat]
    return not state["to_act"]


def take_commits(state: State) -> dict[int, Move]:
    """All commits by seat (then cleared from the state), for a reveal."""
    commits = {int(seat): move for seat, move in state["commits"].items()}
    state["commits"] = {}
    state["committed"] = []
    return commits


def draw_cards(state: State, count: int) -> list[str]:
    """Draw ``count`` cards, reshuffling the discard pile under a short deck first (§9.4)."""
    if len(state["deck"]) < count and state["discard"]:
        pile = list(state["discard"])
        shuffle(state, pile)
        state["deck"].extend(pile)
        state["discard"] = []
        event(state, "discard_reshuffled", count=len(pile))
    cards = list(state["deck"][:count])
    del state["deck"][:count]
    return cards
