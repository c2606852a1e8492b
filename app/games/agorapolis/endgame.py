"""End of game (spec §11): majority bonus, ranking, result."""

from __future__ import annotations

from typing import Any

from app.games.agorapolis.common import (
    SECTORS,
    event,
    get_seat,
    malformed,
    refuse,
    set_phase,
)
from app.games.interface import Move, Result, State


def reserve_total(state: State, seat: int) -> int:
    return sum(int(v) for v in state["players"][seat]["reserves"].values())


def start_endgame(state: State, reason: str) -> None:
    seats = range(state["seats"])
    majorities: dict[str, int | None] = {}
    tied: dict[str, list[int]] = {}
    for sector in SECTORS:
        most = max(state["players"][seat]["reserves"][sector] for seat in seats)
        best = [s for s in seats if most >= 1 and state["players"][s]["reserves"][sector] == most]
        majorities[sector] = best[0] if len(best) == 1 else None
        if len(best) > 1:
            tied[sector] = best
    state["endgame"] = {
        "reason": reason,
        "renown_before": [player["renown"] for player in state["players"]],
        "majorities": majorities,
        "tied": tied,
    }
    event(state, "game_end", reason=reason)
    continue_majorities(state)


def continue_majorities(state: State) -> None:
    endgame = state["endgame"]
    for sector in SECTORS:
        if sector in endgame["tied"] and endgame["majorities"][sector] is None:
            set_phase(state, "ENDGAME_TIES", {state["holder"]}, sector)
            return
    for sector in SECTORS:
        winner = endgame["majorities"][sector]
        if winner is not None:
            state["players"][winner]["renown"] += 1
    event(state, "majorities", majorities=dict(endgame["majorities"]))
    state["active_seat"] = None
    set_phase(state, "GAME_OVER", set())


def apply_designate_majority(state: State, seat: int, move: Move) -> None:
    sector = state["sector"]
    if move.get("sector") != sector:
        malformed(f"designate the majority of {sector}")
    player = get_seat(state, move, "player")
    if player not in state["endgame"]["tied"][sector]:
        refuse("not_tied", f"seat {player} is not tied in {sector}")
    state["endgame"]["majorities"][sector] = player
    event(state, "majority_designated", sector=sector, player=player)
    continue_majorities(state)


def legal_designate_majority(state: State, seat: int) -> list[Move]:
    sector = state["sector"]
    return [
        {"type": "designate_majority", "sector": sector, "player": player}
        for player in state["endgame"]["tied"][sector]
    ]


def result(state: State) -> Result | None:
    """Ranking by renown, then total reserve points; still tied seats share the place."""
    if state["phase"] != "GAME_OVER":
        return None
    seats = range(state["seats"])
    players = state["players"]
    keys = {seat: (players[seat]["renown"], reserve_total(state, seat)) for seat in seats}
    ranking: list[list[int]] = []
    for key in sorted(set(keys.values()), reverse=True):
        ranking.append([seat for seat in seats if keys[seat] == key])
    endgame = state["endgame"]
    breakdown: list[dict[str, Any]] = []
    for seat in seats:
        won = [s for s in SECTORS if endgame["majorities"][s] == seat]
        breakdown.append(
            {
                "city": players[seat]["city"],
                "renown_before_bonus": endgame["renown_before"][seat],
                "majorities": won,
                "majority_bonus": len(won),
                "renown": players[seat]["renown"],
                "reserves": dict(players[seat]["reserves"]),
                "reserve_total": reserve_total(state, seat),
            }
        )
    return {
        "ranking": ranking,
        "scores": [players[seat]["renown"] for seat in seats],
        "breakdown": breakdown,
        "reason": endgame["reason"],
    }
