"""Enumeration of the active seat's action moves (spec §7.3), complete by construction."""

from __future__ import annotations

from app.games.agorapolis.abilities import dice_of, society_deltas
from app.games.agorapolis.common import (
    AGRI_MAX,
    SECTORS,
    immune,
    owns,
    sabotaged,
    spendable,
)
from app.games.interface import Move, State


def _splits(total: int, sectors: tuple[str, ...]) -> list[dict[str, int]]:
    if len(sectors) == 1:
        return [{sectors[0]: total}] if total else [{}]
    result: list[dict[str, int]] = []
    for amount in range(total, -1, -1):
        for rest in _splits(total - amount, sectors[1:]):
            split = {sectors[0]: amount, **rest} if amount else dict(rest)
            result.append(split)
    return result


GAIN_SPLITS: tuple[dict[str, int], ...] = tuple(_splits(5, SECTORS))


def action_moves(state: State, seat: int) -> list[Move]:
    """Every action move of the active seat now (finalise excluded), complete."""
    moves: list[Move] = []
    player = state["players"][seat]
    reserves = player["reserves"]
    sector = state["sector"]
    dice = dice_of(state, seat)
    seats = range(state["seats"])
    if reserves["society"] >= 1 and not sabotaged(state, seat, "society"):
        for index, die in enumerate(dice):
            if not die["adjusted"]:
                for delta in society_deltas(state, seat):
                    if 1 <= die["value"] + delta <= 6:
                        moves.append({"type": "society_adjust", "die": index, "delta": delta})
    if reserves["commerce"] >= 1 and not sabotaged(state, seat, "commerce"):
        colony = state["colony"]
        pools = [("common", len(state["market"]))]
        if colony is not None and colony["owner"] == seat:
            pools.append(("colony", len(colony["dice"])))
        for index in range(len(dice)):
            for market, size in pools:
                for other in range(size):
                    moves.append(
                        {
                            "type": "commerce_swap",
                            "die": index,
                            "market_die": other,
                            "market": market,
                        }
                    )
    if reserves["religion"] >= 1 and not sabotaged(state, seat, "religion"):
        moves.extend({"type": "religion_reroll", "die": index} for index in range(len(dice)))
    if reserves["military"] >= 1 and not sabotaged(state, seat, "military"):
        for target in seats:
            if target != seat and not immune(state, target):
                for hit in SECTORS:
                    if spendable(state, target, hit) >= 1:
                        moves.append({"type": "military_attack", "target": target, "sector": hit})
    if spendable(state, seat, "agriculture") >= 2 and not sabotaged(state, seat, "agriculture"):
        moves.extend({"type": "agriculture_convert", "to": to} for to in SECTORS[1:])
    if player["city"] == "athens" and not player["athens_used"]:
        for index, die in enumerate(dice):
            if not die["adjusted"]:
                moves.extend(
                    {"type": "athens_set", "die": index, "value": value} for value in range(1, 7)
                )
    if player["city"] == "syracuse" and not player["syracuse_used"]:
        for target in seats:
            other = state["players"][target]
            if target != seat and not other["finalised"][sector]:
                for index in range(len(dice)):
                    for their in range(len(other["dice"][sector])):
                        moves.append(
                            {
                                "type": "syracuse_swap",
                                "die": index,
                                "target": target,
                                "target_die": their,
                            }
                        )
    if owns(state, seat, "phidias_patronage") and not player["phidias_used"][sector]:
        moves.extend({"type": "phidias_reroll", "die": index} for index in range(len(dice)))
    if owns(state, seat, "benefactor_of_sciences"):
        for source in SECTORS:
            for to in SECTORS:
                if to == source:
                    continue
                most = spendable(state, seat, source)
                if to == "agriculture":
                    most = min(most, AGRI_MAX - reserves["agriculture"])
                moves.extend(
                    {"type": "benefactor_convert", "from": source, "to": to, "amount": amount}
                    for amount in range(1, most + 1)
                )
    if owns(state, seat, "glorious_tales") and player["renown"] >= 1:
        room = AGRI_MAX - reserves["agriculture"]
        moves.extend(
            {"type": "glorious_tales", "gain": dict(split)}
            for split in GAIN_SPLITS
            if split.get("agriculture", 0) <= room
        )
    return moves


def has_action(state: State, seat: int) -> bool:
    return bool(action_moves(state, seat))
