"""Phase 2 — Investment (spec §6): five simultaneous secret bets, Pythia, Delphi."""

from __future__ import annotations

from app.games.agorapolis.common import (
    MAX_BET,
    SECTORS,
    affected_by,
    commit,
    event,
    get_int,
    malformed,
    pythia_owner,
    refuse,
    seat_of_city,
    set_phase,
    start_phase,
    take_commits,
)
from app.games.interface import Move, State


def start_investment(state: State) -> None:
    start_bets(state, SECTORS[0])


def start_bets(state: State, sector: str) -> None:
    pythia = pythia_owner(state)
    set_phase(state, "INVEST_BET", {s for s in range(state["seats"]) if s != pythia}, sector)


def bet_limits(state: State, seat: int, sector: str, available: int) -> tuple[int, int]:
    """The smallest and largest legal bet (§6), Persian Resistance included."""
    low, high = 0, min(MAX_BET, available)
    if affected_by(state, seat, "persian_resistance"):
        if sector == "military":
            low = 5
        else:
            high = min(high, available - 5)
    return min(low, high), max(high, 0)


def check_bet(state: State, seat: int, sector: str, dice: int, available: int) -> None:
    low, high = bet_limits(state, seat, sector, available)
    if dice > available or dice > MAX_BET:
        refuse("bet_out_of_range", f"bet 0..{min(MAX_BET, available)} dice")
    if dice < low:
        refuse("military_minimum", "Persian Resistance: bet at least 5 dice in military")
    if dice > high:
        refuse("must_keep_dice_for_military", "Persian Resistance: keep 5 dice for military")


def parse_bet(state: State, seat: int, move: Move) -> int:
    if move.get("sector") != state["sector"]:
        malformed(f"this bet is for {state['sector']}")
    dice = get_int(move, "dice")
    check_bet(state, seat, state["sector"], dice, state["players"][seat]["remaining"])
    return dice


def apply_bet(state: State, seat: int, move: Move) -> None:
    dice = parse_bet(state, seat, move)
    if commit(state, seat, {"type": "bet", "sector": state["sector"], "dice": dice}):
        reveal_bets(state)


def place(state: State, seat: int, sector: str, dice: int) -> None:
    player = state["players"][seat]
    player["bets"][sector] = dice
    player["remaining"] -= dice


def reveal_bets(state: State) -> None:
    sector = state["sector"]
    for seat, move in take_commits(state).items():
        place(state, seat, sector, move["dice"])
    bets = [player["bets"][sector] for player in state["players"]]
    event(state, "bets_revealed", sector=sector, bets=bets)
    pythia = pythia_owner(state)
    if pythia is not None:
        set_phase(state, "INVEST_PYTHIA", {pythia}, sector)
        return
    delphi_step(state)


def apply_pythia_bet(state: State, seat: int, move: Move) -> None:
    dice = parse_bet(state, seat, move)
    place(state, seat, state["sector"], dice)
    event(state, "pythia_bet", sector=state["sector"], seat=seat, dice=dice)
    delphi_step(state)


def legal_bet(state: State, seat: int) -> list[Move]:
    sector = state["sector"]
    low, high = bet_limits(state, seat, sector, state["players"][seat]["remaining"])
    return [{"type": "bet", "sector": sector, "dice": dice} for dice in range(low, high + 1)]


def delphi_step(state: State) -> None:
    seat = seat_of_city(state, "delphi")
    if seat is not None and not state["players"][seat]["delphi_used"]:
        set_phase(state, "INVEST_DELPHI", {seat}, state["sector"])
        return
    next_sector(state)


def delphi_available(state: State, seat: int) -> int:
    player = state["players"][seat]
    return int(player["remaining"] + player["bets"][state["sector"]])


def apply_delphi_rebet(state: State, seat: int, move: Move) -> None:
    sector = state["sector"]
    dice = get_int(move, "dice")
    available = delphi_available(state, seat)
    check_bet(state, seat, sector, dice, available)
    player = state["players"][seat]
    old = player["bets"][sector]
    player["remaining"] = available - dice
    player["bets"][sector] = dice
    player["delphi_used"] = True
    event(state, "delphi_rebet", sector=sector, seat=seat, before=old, dice=dice)
    next_sector(state)


def apply_delphi_pass(state: State, seat: int, move: Move) -> None:
    next_sector(state)


def legal_delphi(state: State, seat: int) -> list[Move]:
    sector = state["sector"]
    low, high = bet_limits(state, seat, sector, delphi_available(state, seat))
    moves: list[Move] = [{"type": "delphi_pass"}]
    moves.extend({"type": "delphi_rebet", "dice": dice} for dice in range(low, high + 1))
    return moves


def next_sector(state: State) -> None:

    index = SECTORS.index(state["sector"])
    if index + 1 < len(SECTORS):
        start_bets(state, SECTORS[index + 1])
        return
    for player in state["players"]:
        player["unbet"] = player["remaining"]
        player["remaining"] = 0
    event(state, "investment_done", unbet=[player["unbet"] for player in state["players"]])
    start_phase(state, "action")
