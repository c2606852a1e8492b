"""The §17 invariants of Agorapolis, checked on every state during fuzzing."""

from __future__ import annotations

from app.games.agorapolis.cards import CARD_IDS
from app.games.agorapolis.common import SECTORS
from app.games.interface import State

ROLLED_PHASES = ("ACTION_TURN", "ACTION_RESIST", "ACTION_DESIGNATE")


def check_invariants(state: State) -> None:
    seats = state["seats"]
    assert 1 <= state["round"] <= 30
    assert 0 <= state["holder"] < seats
    assert len(state["market"]) == 3
    assert all(1 <= die["value"] <= 6 for die in state["market"])
    if state["colony"] is not None:
        assert len(state["colony"]["dice"]) == 5
        assert all(1 <= die["value"] <= 6 for die in state["colony"]["dice"])
    assert state["to_act"] == sorted(set(state["to_act"]))
    assert all(0 <= seat < seats for seat in state["to_act"])
    assert (state["phase"] == "GAME_OVER") == (not state["to_act"])
    cards: list[str] = list(state["deck"]) + list(state["discard"])
    cards += [entry["card"] for entry in state["active"]]
    for player in state["players"]:
        reserves = player["reserves"]
        assert 5 <= reserves["agriculture"] <= 15, reserves
        assert all(reserves[sector] >= 0 for sector in SECTORS), reserves
        assert player["renown"] >= 0
        cards += player["held"]
        bets = [b or 0 for b in player["bets"].values()]
        assert all(0 <= b <= 8 for b in bets)
        assert (
            sum(bets) + player["remaining"] + player["unbet"] + player["sacrificed"]
            == (player["hand"])
        )
        for sector in SECTORS:
            for die in player["dice"][sector]:
                assert 1 <= die["value"] <= 6
            if player["dice"][sector]:
                assert len(player["dice"][sector]) == (player["bets"][sector] or 0)
    if state["draw"] is not None:
        cards += state["draw"]["cards"]
    if state["heroic"] is not None:
        cards += state["heroic"]["cards"]
    assert sorted(cards) == sorted(CARD_IDS), "19 cards = deck + discard + hands + active"
    if state["phase"] in ROLLED_PHASES:
        sector = state["sector"]
        index = SECTORS.index(sector)
        for player in state["players"]:
            for earlier in SECTORS[: index + 1]:
                assert len(player["dice"][earlier]) == (player["bets"][earlier] or 0)
