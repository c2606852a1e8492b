"""Scores (spec §8): excavated plans + objectives + one point per 10 drachmas.

Ranking: points, then drachmas; seats still equal share the place.
"""

from __future__ import annotations

from typing import Any

from app.games.akrotiri.cache import board_of
from app.games.akrotiri.components import DRACHMAS_PER_POINT, PLANS
from app.games.akrotiri.objectives import points_on
from app.games.interface import Result, State


def own_temples(state: State, seat: int) -> list[tuple[int, int]]:
    return [(t["quarter"][0], t["quarter"][1]) for t in state["temples"] if t["seat"] == seat]


def objective_scores(state: State, seat: int, cards: list[str]) -> list[dict[str, Any]]:
    board = board_of(state["placements"])
    temples = own_temples(state, seat)
    edition = state["options"]["objectives"]
    return [{"id": card, "points": points_on(board, card, temples, edition)} for card in cards]


def breakdown(state: State, seat: int) -> dict[str, Any]:
    player = state["players"][seat]
    plans = [{"id": card, "points": PLANS[card]["points"]} for card in player["scored"]]
    objectives = objective_scores(state, seat, player["objectives"])
    plan_points = sum(p["points"] for p in plans)
    objective_points = sum(o["points"] for o in objectives)
    drachma_points = player["drachmas"] // DRACHMAS_PER_POINT
    return {
        "plans": plan_points,
        "plan_cards": plans,
        "objectives": objective_points,
        "objective_cards": objectives,
        "drachmas": player["drachmas"],
        "drachma_points": drachma_points,
        "temples": player["temples"],
        "total": plan_points + objective_points + drachma_points,
    }


def result(state: State) -> Result | None:
    if not state["finished"]:
        return None
    parts = [breakdown(state, seat) for seat in (0, 1)]
    scores = [part["total"] for part in parts]
    keys = [(part["total"], part["drachmas"]) for part in parts]
    if keys[0] == keys[1]:
        ranking = [[0, 1]]
    else:
        ranking = [[0], [1]] if keys[0] > keys[1] else [[1], [0]]
    return {
        "ranking": ranking,
        "scores": scores,
        "breakdown": parts,
        "end": state["end_reason"],
    }
