"""Builders and drivers for hand-made Agorapolis situations in tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.games import agorapolis
from app.games.agorapolis.common import SECTORS
from app.games.agorapolis.harvest import start_round
from app.games.interface import Move, State

DEFAULT_CITIES = ("athens", "corinth", "delphi", "olympia", "sparta", "syracuse")
NEUTRAL = ("olympia", "sparta", "athens", "corinth", "syracuse", "delphi")


def game(
    seats: int = 3,
    *,
    cities: Sequence[str] | None = None,
    held: dict[int, list[str]] | None = None,
    holder: int = 0,
    reserves: dict[int, dict[str, int]] | None = None,
    renown: Sequence[int] | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> State:
    """A fresh round-1 Harvest with chosen cities, held cards, reserves and holder.

    Default cities avoid Delphi (no extra prompt) unless asked for.
    """
    state = agorapolis.setup(seats, options or {}, seed)
    chosen = list(cities) if cities is not None else list(NEUTRAL[:seats])
    for seat, city in enumerate(chosen):
        state["players"][seat]["city"] = city
    for seat, cards in (held or {}).items():
        for card in cards:
            state["deck"].remove(card)
            state["players"][seat]["held"].append(card)
    for seat, values in (reserves or {}).items():
        state["players"][seat]["reserves"].update(values)
    for seat, value in enumerate(renown or []):
        state["players"][seat]["renown"] = value
    state["holder"] = holder
    state["events"] = []
    start_round(state)
    return state


def act(state: State, seat: int, move: Move) -> State:
    return agorapolis.apply(state, seat, move)


def play_cards(state: State, plays: dict[int, list[dict[str, Any]]] | None = None) -> State:
    """Every seat asked in HARVEST_PLAY commits its cards (default: nothing)."""
    plays = plays or {}
    assert state["phase"] == "HARVEST_PLAY", state["phase"]
    for seat in list(state["to_act"]):
        state = act(state, seat, {"type": "play_exploits", "cards": plays.get(seat, [])})
    return state


def bet(state: State, seat: int, dice: int) -> State:
    return act(state, seat, {"type": "bet", "sector": state["sector"], "dice": dice})


def invest(state: State, bets: Mapping[int, Sequence[int]], pythia: Sequence[int] = ()) -> State:
    """Drive the whole Investment with per-seat bets (Delphi passes, Pythia as given)."""
    while state["phase"].startswith("INVEST"):
        index = SECTORS.index(state["sector"])
        if state["phase"] == "INVEST_BET":
            for seat in list(state["to_act"]):
                state = bet(state, seat, bets[seat][index])
        elif state["phase"] == "INVEST_PYTHIA":
            state = bet(state, state["to_act"][0], pythia[index])
        else:
            state = act(state, state["to_act"][0], {"type": "delphi_pass"})
    return state


def set_dice(state: State, seat: int, sector: str, values: Sequence[int]) -> None:
    """Overwrite a seat's dice in a sector (and its bet, to keep the invariants)."""
    player = state["players"][seat]
    player["dice"][sector] = [{"value": v, "adjusted": False} for v in values]
    player["bets"][sector] = len(values)


def finish_action(state: State) -> State:
    """Finalise every seat (holder designations by default) until the Action phase ends."""
    while state["phase"].startswith("ACTION"):
        seat = state["to_act"][0]
        state = act(state, seat, agorapolis.timeout_move(state, seat))
    return state


def to_action(state: State, bets: dict[int, Sequence[int]]) -> State:
    """From HARVEST_PLAY (nothing played) to the first ACTION_TURN."""
    if state["phase"] == "HARVEST_PLAY":
        state = play_cards(state)
    return invest(state, bets)


def zero_bets(seats: int) -> dict[int, Sequence[int]]:
    return dict.fromkeys(range(seats), (0, 0, 0, 0, 0))
