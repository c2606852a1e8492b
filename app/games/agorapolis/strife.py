"""Internal Strife (spec §13, §18.43, §18.54): forced attacks on right-hand neighbours."""

from __future__ import annotations

from typing import Any

from app.games.agorapolis.common import (
    SECTORS,
    card_owner,
    city,
    commit,
    destroy_reserve,
    event,
    get_amounts,
    immune,
    refuse,
    refuses,
    sabotaged,
    set_phase,
    spendable,
    start_phase,
    take_commits,
    total_spendable,
)
from app.games.interface import Move, State


def strife_target(state: State, attacker: int, owner: int) -> int | None:
    """Right-hand neighbour, skipping the card owner (§13, §18.7)."""
    seats = state["seats"]
    target = (attacker - 1) % seats
    if target == owner:
        target = (target - 1) % seats
    return None if target == attacker else target


def start_strife(state: State) -> None:

    owner = card_owner(state, "internal_strife")
    if owner is None:
        start_phase(state, "investment")
        return
    pairs: list[dict[str, Any]] = []
    for attacker in range(state["seats"]):
        target = None if attacker == owner else strife_target(state, attacker, owner)
        if target is None:
            continue
        if immune(state, target) or refuses(state, attacker, "internal_strife"):
            strength = 0
        else:
            military = state["players"][attacker]["reserves"]["military"]
            strength = min(3, military, total_spendable(state, target))
        pairs.append({"attacker": attacker, "target": target, "m": strength})
    for pair in pairs:
        state["players"][pair["attacker"]]["reserves"]["military"] -= pair["m"]
    for pair in pairs:
        pair["allocate"] = min(pair["m"], total_spendable(state, pair["target"]))
        pair["destroy"] = None
        pair["protect"] = None
    state["strife"] = {"owner": owner, "pairs": pairs}
    event(
        state, "strife_paid", pairs=[{k: p[k] for k in ("attacker", "target", "m")} for p in pairs]
    )
    attackers = {pair["attacker"] for pair in pairs if pair["allocate"] >= 1}
    set_phase(state, "HARVEST_STRIFE", attackers)
    if not attackers:
        start_phase(state, "investment")


def strife_pair(state: State, seat: int, role: str) -> dict[str, Any]:
    return next(pair for pair in state["strife"]["pairs"] if pair[role] == seat)


def apply_allocate(state: State, seat: int, move: Move) -> None:
    pair = strife_pair(state, seat, "attacker")
    destroy = get_amounts(move, "destroy", SECTORS)
    for sector, amount in destroy.items():
        if amount > spendable(state, pair["target"], sector):
            refuse("nothing_to_destroy", f"the target has fewer spendable {sector} points")
    if sum(destroy.values()) != pair["allocate"]:
        refuse("malformed", f"allocate exactly {pair['allocate']} points")
    if commit(state, seat, {"type": "strife_allocate", "destroy": destroy}):
        reveal_allocations(state)


def _vectors(total: int, caps: dict[str, int]) -> list[dict[str, int]]:
    """Every split of ``total`` over the sectors with at most ``caps[s]`` in each."""
    result: list[dict[str, int]] = []

    def walk(index: int, left: int, acc: dict[str, int]) -> None:
        if index == len(SECTORS):
            if left == 0:
                result.append(dict(acc))
            return
        sector = SECTORS[index]
        for amount in range(min(left, caps.get(sector, 0)), -1, -1):
            if amount:
                acc[sector] = amount
            walk(index + 1, left - amount, acc)
            acc.pop(sector, None)

    walk(0, total, {})
    return result


def legal_allocate(state: State, seat: int) -> list[Move]:
    pair = strife_pair(state, seat, "attacker")
    caps = {sector: spendable(state, pair["target"], sector) for sector in SECTORS}
    return [{"type": "strife_allocate", "destroy": v} for v in _vectors(pair["allocate"], caps)]


def can_resist_strife(state: State, pair: dict[str, Any]) -> bool:
    target = pair["target"]
    return (
        bool(pair["destroy"])
        and city(state, pair["attacker"]) != "sparta"
        and not sabotaged(state, target, "military")
        and state["players"][target]["reserves"]["military"] >= 1
    )


def reveal_allocations(state: State) -> None:
    for seat, move in take_commits(state).items():
        strife_pair(state, seat, "attacker")["destroy"] = move["destroy"]
    pairs = state["strife"]["pairs"]
    event(state, "strife_allocated", pairs=[dict(pair) for pair in pairs if pair["destroy"]])
    targets = {
        pair["target"] for pair in pairs if pair["destroy"] and can_resist_strife(state, pair)
    }
    set_phase(state, "HARVEST_STRIFE_RESIST", targets)
    if not targets:
        finish_strife(state)


def apply_strife_resist(state: State, seat: int, move: Move) -> None:
    pair = strife_pair(state, seat, "target")
    protect = get_amounts(move, "protect", SECTORS)
    for sector, amount in protect.items():
        if amount > pair["destroy"].get(sector, 0):
            refuse("malformed", f"at most {pair['destroy'].get(sector, 0)} {sector} to protect")
    if sum(protect.values()) > state["players"][seat]["reserves"]["military"]:
        refuse("not_enough_reserve", "each protected point costs 1 military")
    if commit(state, seat, {"type": "strife_resist", "protect": protect}):
        finish_strife(state)


def legal_strife_resist(state: State, seat: int) -> list[Move]:
    pair = strife_pair(state, seat, "target")
    military = state["players"][seat]["reserves"]["military"]
    moves: list[Move] = []
    for total in range(min(military, sum(pair["destroy"].values())) + 1):
        moves.extend(
            {"type": "strife_resist", "protect": v} for v in _vectors(total, pair["destroy"])
        )
    return moves


def finish_strife(state: State) -> None:

    for seat, move in take_commits(state).items():
        strife_pair(state, seat, "target")["protect"] = move["protect"]
    pairs = state["strife"]["pairs"]
    for pair in pairs:
        protected = sum((pair["protect"] or {}).values())
        state["players"][pair["target"]]["reserves"]["military"] -= protected
    for pair in pairs:
        lost: dict[str, int] = {}
        for sector, amount in (pair["destroy"] or {}).items():
            left = amount - (pair["protect"] or {}).get(sector, 0)
            if left > 0:
                lost[sector] = destroy_reserve(state, pair["target"], sector, left)
        pair["lost"] = lost
    event(state, "strife_resolved", pairs=[dict(pair) for pair in pairs if pair["destroy"]])
    start_phase(state, "investment")
