"""Room-service hooks (spec §16, §7.4): ``timeout_move`` and ``deadline``."""

from __future__ import annotations

from typing import Any

from app.games.agorapolis.common import RESIST_SECONDS, SECTORS, spendable
from app.games.agorapolis.harvest import league_candidates
from app.games.agorapolis.investment import bet_limits
from app.games.agorapolis.strife import strife_pair
from app.games.interface import Move, NotYourTurn, State


def _clockwise(state: State, start: int) -> list[int]:
    seats = state["seats"]
    return [(start + step) % seats for step in range(seats)]


def _first_tied(state: State, tied: list[int]) -> int:
    return next(seat for seat in _clockwise(state, state["holder"]) if seat in tied)


def _greedy_destroy(state: State, target: int, total: int) -> dict[str, int]:
    left = {sector: spendable(state, target, sector) for sector in SECTORS}
    destroy: dict[str, int] = {}
    for _ in range(total):
        sector = max(SECTORS, key=lambda s: (left[s], -SECTORS.index(s)))
        left[sector] -= 1
        destroy[sector] = destroy.get(sector, 0) + 1
    return destroy


def timeout_move(state: State, seat: int) -> Move:
    """The §16 default answer for a silent seat (accepted verbatim by ``apply``)."""
    if seat not in state["to_act"]:
        raise NotYourTurn(f"wrong_turn: seat {seat} owes no move now")
    phase = state["phase"]
    sector = state["sector"]
    if phase == "HARVEST_PLAY":
        return {"type": "play_exploits", "cards": []}
    if phase == "HARVEST_LEAGUE":
        return {"type": "league_immunity", "immune_to": league_candidates(state)}
    if phase == "HARVEST_HEROIC":
        cards = state["heroic"]["cards"]
        order = _clockwise(state, seat)
        assign = [{"player": order[i], "card": card} for i, card in enumerate(cards)]
        return {"type": "heroic_distribute", "assign": assign}
    if phase == "HARVEST_STRIFE":
        pair = strife_pair(state, seat, "attacker")
        destroy = _greedy_destroy(state, pair["target"], pair["allocate"])
        return {"type": "strife_allocate", "destroy": destroy}
    if phase == "HARVEST_STRIFE_RESIST":
        return {"type": "strife_resist", "protect": {}}
    if phase in ("INVEST_BET", "INVEST_PYTHIA"):
        low, _ = bet_limits(state, seat, sector, state["players"][seat]["remaining"])
        return {"type": "bet", "sector": sector, "dice": low}
    if phase == "INVEST_DELPHI":
        return {"type": "delphi_pass"}
    if phase == "ACTION_OLYMPIC":
        return {"type": "olympic_sacrifice", "take": {}}
    if phase == "ACTION_TURN":
        return {"type": "finalise"}
    if phase == "ACTION_RESIST":
        return {"type": "resist", "count": 0}
    if phase == "ACTION_DESIGNATE":
        start = state["last_active"] if state["last_active"] is not None else state["holder"]
        waiting = [s for s, p in enumerate(state["players"]) if not p["finalised"][sector]]
        nxt = next(s for s in _clockwise(state, start)[1:] + [start] if s in waiting)
        return {"type": "designate_next", "player": nxt}
    if phase == "RESOLUTION_TIES":
        tied = state["resolution"]["tied"][sector]
        return {
            "type": "designate_sector_winner",
            "sector": sector,
            "player": _first_tied(state, tied),
        }
    if phase in ("EXPLOIT_BID", "EXPLOIT_PYTHIA"):
        return {"type": "exploit_bid", "pay": {}}
    if phase == "EXPLOIT_TIE":
        return {
            "type": "designate_exploit_winner",
            "player": _first_tied(state, state["exploit_tied"]),
        }
    if phase == "EXPLOIT_PICK":
        return {"type": "exploit_pick", "card": state["draw"]["cards"][0]}
    if phase == "ENDGAME_TIES":
        tied = state["endgame"]["tied"][sector]
        return {"type": "designate_majority", "sector": sector, "player": _first_tied(state, tied)}
    raise NotYourTurn(f"wrong_turn: nothing is awaited in {phase}")


def deadline(state: State) -> dict[str, Any] | None:
    """A reaction deadline the room service should run now (only the §7.4 resist prompt)."""
    if state["phase"] == "ACTION_RESIST":
        return {"seats": list(state["to_act"]), "seconds": RESIST_SECONDS, "kind": "resist"}
    return None
