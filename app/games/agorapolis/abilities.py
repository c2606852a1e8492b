"""The active seat's action moves (spec §7.3): reserve abilities, city powers, cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.agorapolis.common import (
    AGRI_MAX,
    SECTORS,
    city,
    destroy_reserve,
    event,
    get_int,
    get_seat,
    get_sector,
    immune,
    malformed,
    owns,
    refuse,
    roll_one,
    sabotaged,
    set_phase,
    spendable,
)
from app.games.interface import Move, State


def dice_of(state: State, seat: int) -> list[dict[str, Any]]:
    dice: list[dict[str, Any]] = state["players"][seat]["dice"][state["sector"]]
    return dice


def own_die(state: State, seat: int, move: Move, key: str = "die") -> int:
    index = get_int(move, key)
    if index >= len(dice_of(state, seat)):
        malformed(f"{key} must index one of your {len(dice_of(state, seat))} dice here")
    return index


def check_cost(state: State, seat: int, sector: str, amount: int = 1) -> None:
    """Refuse a paid ability that Sabotage blocks or the reserve cannot pay."""
    if sabotaged(state, seat, sector):
        refuse("sector_sabotaged", f"{sector} is sabotaged")
    if spendable(state, seat, sector) < amount:
        code = "agriculture_floor" if sector == "agriculture" else "not_enough_reserve"
        refuse(code, f"{amount} spendable {sector} point(s) needed")


def pay(state: State, seat: int, sector: str, amount: int = 1) -> None:
    """Check and take a paid ability's cost (Sabotage first, then the reserve)."""
    check_cost(state, seat, sector, amount)
    state["players"][seat]["reserves"][sector] -= amount


def society_deltas(state: State, seat: int) -> tuple[int, ...]:
    return (-2, -1, 1, 2) if owns(state, seat, "patron_of_philosophers") else (-1, 1)


def society_adjust(state: State, seat: int, move: Move) -> None:
    index = own_die(state, seat, move)
    delta = move.get("delta")
    if isinstance(delta, bool) or delta not in (-2, -1, 1, 2):
        malformed("delta is -1 or +1 (±2 with Patron of Philosophers)")
    check_cost(state, seat, "society")
    if delta not in society_deltas(state, seat):
        refuse("no_card", "±2 needs Patron of Philosophers")
    die = dice_of(state, seat)[index]
    if die["adjusted"]:
        refuse("die_already_adjusted", "each die may be adjusted once per round")
    if not 1 <= die["value"] + delta <= 6:
        refuse("die_value_out_of_range", "a die stays within 1..6")
    pay(state, seat, "society")
    before = die["value"]
    die["value"] += delta
    die["adjusted"] = True
    event(
        state,
        "die_adjusted",
        seat=seat,
        sector=state["sector"],
        die=index,
        before=before,
        after=die["value"],
    )


def market_dice(state: State, seat: int, market: str) -> list[dict[str, Any]]:
    if market == "common":
        dice: list[dict[str, Any]] = state["market"]
        return dice
    colony = state["colony"]
    if colony is None or colony["owner"] != seat:
        refuse("no_card", "only the colony's founder trades with it")
    colony_dice: list[dict[str, Any]] = colony["dice"]
    return colony_dice


def commerce_swap(state: State, seat: int, move: Move) -> None:
    index = own_die(state, seat, move)
    market = move.get("market", "common")
    if market not in ("common", "colony"):
        malformed('market is "common" or "colony"')
    check_cost(state, seat, "commerce")
    pool = market_dice(state, seat, market)
    other = get_int(move, "market_die")
    if other >= len(pool):
        malformed(f"market_die must index one of the {len(pool)} market dice")
    pay(state, seat, "commerce")
    mine = dice_of(state, seat)
    mine[index], pool[other] = pool[other], mine[index]
    event(
        state,
        "market_swap",
        seat=seat,
        sector=state["sector"],
        die=index,
        market=market,
        market_die=other,
        got=mine[index]["value"],
        gave=pool[other]["value"],
    )


def religion_reroll(state: State, seat: int, move: Move) -> None:
    index = own_die(state, seat, move)
    pay(state, seat, "religion")
    reroll(state, seat, index, "religion")


def reroll(state: State, seat: int, index: int, source: str) -> None:
    die = dice_of(state, seat)[index]
    before = die["value"]
    die["value"] = roll_one(state)
    event(
        state,
        "die_rerolled",
        seat=seat,
        sector=state["sector"],
        die=index,
        before=before,
        after=die["value"],
        source=source,
    )


def can_resist(state: State, attacker: int, target: int) -> bool:
    """§7.4: no prompt against Sparta, with no military, or under military Sabotage."""
    return (
        city(state, attacker) != "sparta"
        and state["players"][target]["reserves"]["military"] >= 1
        and not sabotaged(state, target, "military")
    )


def land_attack(state: State, attack: dict[str, Any], resisted: int) -> None:
    """Pay the resistance first, then destroy the rest (never below the floor)."""
    target = int(attack["target"])
    state["players"][target]["reserves"]["military"] -= resisted
    lost = destroy_reserve(state, target, str(attack["sector"]), int(attack["points"]) - resisted)
    event(state, "attack_landed", **attack, resisted=resisted, destroyed=lost)


def military_attack(state: State, seat: int, move: Move) -> None:
    target = get_seat(state, move, "target")
    sector = get_sector(move, "sector")
    if target == seat:
        malformed("attack another seat")
    check_cost(state, seat, "military")
    if immune(state, target):
        refuse("target_immune", "the League protects this seat's reserves")
    if spendable(state, target, sector) < 1:
        refuse("nothing_to_destroy", f"no spendable {sector} point to destroy")
    pay(state, seat, "military")
    points = 2 if owns(state, seat, "trojan_horse") else 1
    attack = {
        "attacker": seat,
        "target": target,
        "sector": sector,
        "points": min(points, spendable(state, target, sector)),
    }
    if can_resist(state, seat, target):
        state["attack"] = attack
        event(state, "attack", **attack)
        set_phase(state, "ACTION_RESIST", {target}, state["sector"])
    else:
        land_attack(state, attack, 0)


def agriculture_convert(state: State, seat: int, move: Move) -> None:
    to = get_sector(move, "to")
    if to == "agriculture":
        refuse("bad_sector", "convert agriculture into another sector")
    pay(state, seat, "agriculture", 2)
    state["players"][seat]["reserves"][to] += 1
    event(state, "converted", seat=seat, to=to)


def athens_set(state: State, seat: int, move: Move) -> None:
    index = own_die(state, seat, move)
    value = get_int(move, "value", minimum=1)
    if value > 6:
        malformed("value is 1..6")
    player = state["players"][seat]
    if player["city"] != "athens":
        refuse("not_your_power", "only Athens sets a die")
    if player["athens_used"]:
        refuse("power_already_used", "Athens' power is once per round")
    die = dice_of(state, seat)[index]
    if die["adjusted"]:
        refuse("die_already_adjusted", "each die may be adjusted once per round")
    player["athens_used"] = True
    before = die["value"]
    die["value"] = value
    die["adjusted"] = True
    event(
        state,
        "athens_set",
        seat=seat,
        sector=state["sector"],
        die=index,
        before=before,
        after=value,
    )


def syracuse_swap(state: State, seat: int, move: Move) -> None:
    index = own_die(state, seat, move)
    target = get_seat(state, move, "target")
    if target == seat:
        malformed("swap with another seat")
    other = get_int(move, "target_die")
    player = state["players"][seat]
    if player["city"] != "syracuse":
        refuse("not_your_power", "only Syracuse swaps with an opponent")
    if player["syracuse_used"]:
        refuse("power_already_used", "Syracuse's power is once per round")
    if state["players"][target]["finalised"][state["sector"]]:
        refuse("target_finalised", "that seat has finalised this sector")
    theirs = dice_of(state, target)
    if other >= len(theirs):
        malformed(f"target_die must index one of the target's {len(theirs)} dice")
    player["syracuse_used"] = True
    mine = dice_of(state, seat)
    mine[index], theirs[other] = theirs[other], mine[index]
    event(
        state,
        "syracuse_swap",
        seat=seat,
        sector=state["sector"],
        die=index,
        target=target,
        target_die=other,
    )


def phidias_reroll(state: State, seat: int, move: Move) -> None:
    index = own_die(state, seat, move)
    if not owns(state, seat, "phidias_patronage"):
        refuse("no_card", "needs Patronage of Phidias")
    used = state["players"][seat]["phidias_used"]
    if used[state["sector"]]:
        refuse("power_already_used", "one free reroll per sector")
    used[state["sector"]] = True
    reroll(state, seat, index, "phidias")


def benefactor_convert(state: State, seat: int, move: Move) -> None:
    source = get_sector(move, "from")
    to = get_sector(move, "to")
    amount = get_int(move, "amount", minimum=1)
    if source == to:
        malformed("from and to must differ")
    if not owns(state, seat, "benefactor_of_sciences"):
        refuse("no_card", "needs Benefactor of Sciences")
    if spendable(state, seat, source) < amount:
        code = "agriculture_floor" if source == "agriculture" else "not_enough_reserve"
        refuse(code, f"only {spendable(state, seat, source)} spendable {source} points")
    reserves = state["players"][seat]["reserves"]
    if to == "agriculture" and reserves[to] + amount > AGRI_MAX:
        refuse("agriculture_cap", "agriculture cannot exceed 15")
    reserves[source] -= amount
    reserves[to] += amount
    event(state, "benefactor_convert", seat=seat, source=source, to=to, amount=amount)


def parse_gain(move: Move) -> dict[str, int]:
    gain = move.get("gain")
    if not isinstance(gain, dict) or set(gain) - set(SECTORS):
        malformed("gain is an object of sector amounts")
    for amount in gain.values():
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            malformed("gain amounts are non-negative integers")
    if sum(gain.values()) != 5:
        malformed("gain sums to 5")
    return {sector: amount for sector, amount in gain.items() if amount}


def glorious_tales(state: State, seat: int, move: Move) -> None:
    gain = parse_gain(move)
    if not owns(state, seat, "glorious_tales"):
        refuse("no_card", "needs Glorious Tales")
    player = state["players"][seat]
    if player["renown"] < 1:
        refuse("not_enough_reserve", "needs 1 renown")
    if player["reserves"]["agriculture"] + gain.get("agriculture", 0) > AGRI_MAX:
        refuse("agriculture_cap", "agriculture cannot exceed 15")
    player["renown"] -= 1
    for sector, amount in gain.items():
        player["reserves"][sector] += amount
    event(state, "tales_told", seat=seat, gain=gain)


HANDLERS: dict[str, Callable[[State, int, Move], None]] = {
    "society_adjust": society_adjust,
    "commerce_swap": commerce_swap,
    "religion_reroll": religion_reroll,
    "military_attack": military_attack,
    "agriculture_convert": agriculture_convert,
    "athens_set": athens_set,
    "syracuse_swap": syracuse_swap,
    "phidias_reroll": phidias_reroll,
    "benefactor_convert": benefactor_convert,
    "glorious_tales": glorious_tales,
}
ACTION_TYPES: tuple[str, ...] = tuple(HANDLERS)


def apply_action_move(state: State, seat: int, move: Move) -> None:
    HANDLERS[move["type"]](state, seat, move)
