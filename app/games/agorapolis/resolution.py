"""Phase 4 — Resolution (spec §8): combinations, gains, sector winners, end check."""

from __future__ import annotations

from typing import Any

from app.games.agorapolis.cities import FETISH, OLYMPIA_RELIGION_RENOWN
from app.games.agorapolis.combos import best_combination
from app.games.agorapolis.common import (
    SECTORS,
    affected_by,
    card_param,
    event,
    gain_reserve,
    get_seat,
    malformed,
    owns,
    refuse,
    set_phase,
    start_phase,
)
from app.games.interface import Move, State


def cursed(state: State, seat: int, sector: str) -> bool:
    """Another seat's Curse names ``sector`` and this seat's League did not refuse it."""
    return (
        affected_by(state, seat, "curse_proclamation")
        and card_param(state, "curse_proclamation", "sector") == sector
    )


def score_seat(state: State, seat: int, sector: str) -> tuple[str, int]:
    player = state["players"][seat]
    return best_combination(
        [die["value"] for die in player["dice"][sector]],
        FETISH[player["city"]],
        fabulous_recipes=owns(state, seat, "fabulous_recipes"),
        cursed=cursed(state, seat, sector),
    )


def start_resolution(state: State) -> None:
    seats = range(state["seats"])
    combos: list[dict[str, Any]] = []
    for seat in seats:
        row: dict[str, Any] = {}
        for sector in SECTORS:
            name, gain = score_seat(state, seat, sector)
            row[sector] = {"combination": name, "gain": gain, "added": 0}
        combos.append(row)
    for seat in seats:
        for sector in SECTORS:
            entry = combos[seat][sector]
            entry["added"] = gain_reserve(state, seat, sector, entry["gain"])
    winners: dict[str, int | None] = {}
    tied: dict[str, list[int]] = {}
    for sector in SECTORS:
        top = max(combos[seat][sector]["gain"] for seat in seats)
        best = [seat for seat in seats if top >= 1 and combos[seat][sector]["gain"] == top]
        if len(best) > 1:
            most = max(state["players"][seat]["reserves"][sector] for seat in best)
            best = [seat for seat in best if state["players"][seat]["reserves"][sector] == most]
        winners[sector] = best[0] if len(best) == 1 else None
        if len(best) > 1:
            tied[sector] = best
    state["resolution"] = {"combos": combos, "winners": winners, "tied": tied}
    event(state, "gains", gains=[[row[s]["added"] for s in SECTORS] for row in combos])
    continue_ties(state)


def continue_ties(state: State) -> None:
    resolution = state["resolution"]
    for sector in SECTORS:
        if sector in resolution["tied"] and resolution["winners"][sector] is None:
            set_phase(state, "RESOLUTION_TIES", {state["holder"]}, sector)
            return
    awards: dict[str, int] = {}
    for sector in SECTORS:
        winner = resolution["winners"][sector]
        if winner is None:
            continue
        player = state["players"][winner]
        renown = 1
        if sector == "religion" and player["city"] == "olympia":
            renown = OLYMPIA_RELIGION_RENOWN
        player["renown"] += renown
        awards[sector] = renown
    resolution["renown"] = awards
    event(state, "sector_winners", winners=dict(resolution["winners"]), renown=awards)
    end_check(state)


def apply_designate_sector_winner(state: State, seat: int, move: Move) -> None:
    sector = state["sector"]
    if move.get("sector") != sector:
        malformed(f"designate the winner of {sector}")
    player = get_seat(state, move, "player")
    if player not in state["resolution"]["tied"][sector]:
        refuse("not_tied", f"seat {player} is not tied in {sector}")
    state["resolution"]["winners"][sector] = player
    event(state, "sector_winner_designated", sector=sector, player=player)
    continue_ties(state)


def legal_designate_sector_winner(state: State, seat: int) -> list[Move]:
    sector = state["sector"]
    return [
        {"type": "designate_sector_winner", "sector": sector, "player": player}
        for player in state["resolution"]["tied"][sector]
    ]


def end_check(state: State) -> None:
    """§8.4: the target reached (or round 30) ends the game; else the Exploit phase."""

    reached = any(p["renown"] >= state["renown_target"] for p in state["players"])
    if reached or state["round"] >= state["round_limit"]:
        start_phase(state, "endgame", "target" if reached else "round_limit")
    else:
        start_phase(state, "exploit")
