"""Phase 3 — Action (spec §7): Olympic Victory, sector steps, turn order, resistance."""

from __future__ import annotations

from itertools import permutations

from app.games.agorapolis.abilities import apply_action_move, land_attack
from app.games.agorapolis.action_list import action_moves, has_action
from app.games.agorapolis.common import (
    SECTORS,
    card_owner,
    event,
    get_amounts,
    get_int,
    get_seat,
    malformed,
    refuse,
    roll_dice,
    set_phase,
    start_phase,
)
from app.games.interface import Move, State

TAKE_KEYS: tuple[str, ...] = ("unbet", *SECTORS)


def start_action(state: State) -> None:
    owner = card_owner(state, "olympic_victory")
    if owner is not None:
        set_phase(state, "ACTION_OLYMPIC", {owner})
        return
    start_sector(state, SECTORS[0])


# --- Olympic Victory (§7.1) -----------------------------------------------------------


def olympic_available(state: State, seat: int) -> dict[str, int]:
    player = state["players"][seat]
    available = {"unbet": int(player["unbet"])}
    for sector in SECTORS:
        available[sector] = int(player["bets"][sector] or 0)
    return available


def apply_olympic(state: State, seat: int, move: Move) -> None:
    take = get_amounts(move, "take", TAKE_KEYS)
    total = sum(take.values())
    if total % 3:
        malformed("sacrifice dice in multiples of 3")
    available = olympic_available(state, seat)
    for key, amount in take.items():
        if amount > available[key]:
            refuse("not_enough_reserve", f"only {available[key]} dice in {key}")
    player = state["players"][seat]
    for key, amount in take.items():
        if key == "unbet":
            player["unbet"] -= amount
        else:
            player["bets"][key] -= amount
    player["sacrificed"] += total
    player["renown"] += total // 3
    event(state, "olympic_sacrifice", seat=seat, take=take, renown=total // 3)
    start_sector(state, SECTORS[0])


def legal_olympic(state: State, seat: int) -> list[Move]:
    """Every sacrifice vector whose total is a multiple of 3 (complete; about 1,000 at most)."""
    available = olympic_available(state, seat)
    vectors: list[dict[str, int]] = [{}]
    for key in TAKE_KEYS:
        vectors = [
            {**vector, key: amount} if amount else dict(vector)
            for vector in vectors
            for amount in range(available[key] + 1)
        ]
    return [
        {"type": "olympic_sacrifice", "take": vector}
        for vector in vectors
        if sum(vector.values()) % 3 == 0
    ]


# --- sector steps (§7.2) --------------------------------------------------------------


def start_sector(state: State, sector: str) -> None:
    for player in state["players"]:
        player["dice"][sector] = roll_dice(state, int(player["bets"][sector] or 0))
    rolled = [[die["value"] for die in player["dice"][sector]] for player in state["players"]]
    event(state, "dice_rolled", sector=sector, dice=rolled)
    state["queue"] = []
    state["last_active"] = None
    activate(state, sector, state["holder"])


def activate(state: State, sector: str, seat: int) -> None:
    state["active_seat"] = seat
    set_phase(state, "ACTION_TURN", {seat}, sector)
    settle(state)


def settle(state: State) -> None:
    """Auto-finalise an active seat whose only legal move is ``finalise`` (§4)."""
    seat = state["active_seat"]
    if not has_action(state, seat):
        finalise(state, seat, auto=True)


def finalise(state: State, seat: int, *, auto: bool = False) -> None:
    sector = state["sector"]
    state["players"][seat]["finalised"][sector] = True
    state["last_active"] = seat
    state["active_seat"] = None
    event(state, "finalised", sector=sector, seat=seat, auto=auto)
    next_active(state, sector)


def unfinalised(state: State, sector: str) -> list[int]:
    return [s for s, p in enumerate(state["players"]) if not p["finalised"][sector]]


def next_active(state: State, sector: str) -> None:
    waiting = unfinalised(state, sector)
    state["queue"] = [seat for seat in state["queue"] if seat in waiting]
    if not waiting:
        state["queue"] = []
        state["last_active"] = None
        index = SECTORS.index(sector)
        if index + 1 < len(SECTORS):
            start_sector(state, SECTORS[index + 1])
        else:
            start_phase(state, "resolution")
    elif len(waiting) == 1:
        state["queue"] = []
        activate(state, sector, waiting[0])
    elif state["queue"]:
        activate(state, sector, state["queue"].pop(0))
    else:
        set_phase(state, "ACTION_DESIGNATE", {state["holder"]}, sector)


def apply_designate_next(state: State, seat: int, move: Move) -> None:
    sector = state["sector"]
    waiting = unfinalised(state, sector)
    player = get_seat(state, move, "player")
    then = move.get("then", [])
    if not isinstance(then, list):
        malformed("then must be a list of seats")
    order = [player] + [get_seat(state, {"seat": s}, "seat") for s in then]
    if len(set(order)) != len(order) or any(s not in waiting for s in order):
        malformed("designate distinct seats that have not finalised this sector")
    state["queue"] = order[1:]
    event(state, "designated", sector=sector, player=player, then=order[1:])
    activate(state, sector, player)


def legal_designate_next(state: State, seat: int) -> list[Move]:
    """Every next seat, with every possible binding queue (complete; at most 325 moves)."""
    waiting = unfinalised(state, state["sector"])
    moves: list[Move] = []
    for player in waiting:
        rest = [s for s in waiting if s != player]
        for size in range(len(rest) + 1):
            for queue in permutations(rest, size):
                move: Move = {"type": "designate_next", "player": player}
                if queue:
                    move["then"] = list(queue)
                moves.append(move)
    return moves


# --- the active seat's moves ----------------------------------------------------------


def apply_turn_move(state: State, seat: int, move: Move) -> None:
    if move["type"] == "finalise":
        finalise(state, seat)
        return
    apply_action_move(state, seat, move)
    if state["phase"] == "ACTION_TURN":
        settle(state)


def legal_turn(state: State, seat: int) -> list[Move]:
    return [*action_moves(state, seat), {"type": "finalise"}]


# --- resistance (§7.4) ----------------------------------------------------------------


def resist_limit(state: State) -> int:
    attack = state["attack"]
    military = state["players"][attack["target"]]["reserves"]["military"]
    return int(min(attack["points"], military))


def apply_resist(state: State, seat: int, move: Move) -> None:
    count = get_int(move, "count")
    if count > resist_limit(state):
        refuse("not_enough_reserve", f"resist at most {resist_limit(state)} points")
    attack = state["attack"]
    land_attack(state, attack, count)
    state["attack"] = None
    set_phase(state, "ACTION_TURN", {attack["attacker"]}, state["sector"])
    settle(state)


def legal_resist(state: State, seat: int) -> list[Move]:
    return [{"type": "resist", "count": count} for count in range(resist_limit(state) + 1)]
