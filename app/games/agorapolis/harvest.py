"""Phase 1 — Harvest (spec §5): hands, secret card play, reveal, League, Shared Glory,
Colony, Heroic Year and Internal Strife."""

from __future__ import annotations

from itertools import chain, combinations, permutations, product
from typing import Any

from app.games.agorapolis.cards import BY_ID, NEEDS_SECTOR, REFUSABLE
from app.games.agorapolis.cities import CORINTH_BONUS
from app.games.agorapolis.common import (
    SECTORS,
    card_owner,
    commit,
    draw_cards,
    event,
    get_seat,
    league_owner,
    malformed,
    refuse,
    refuses,
    roll_dice,
    set_phase,
    start_phase,
    take_commits,
)
from app.games.interface import Move, State

#: Above this many combinations, ``play_exploits`` is enumerated canonically (see below).
PLAY_ENUMERATION_LIMIT = 8192


def start_round(state: State) -> None:
    """Harvest §5.1: every hand is the agriculture reserve (+2 for Corinth)."""
    for player in state["players"]:
        hand = player["reserves"]["agriculture"]
        if player["city"] == "corinth":
            hand += CORINTH_BONUS
        player["hand"] = hand
        player["remaining"] = hand
    event(state, "harvest", hands=[player["hand"] for player in state["players"]])
    holders = {seat for seat, player in enumerate(state["players"]) if player["held"]}
    set_phase(state, "HARVEST_PLAY", holders)
    if not holders:
        reveal_exploits(state)


# --- play_exploits --------------------------------------------------------------------


def parse_play(state: State, seat: int, move: Move) -> Move:
    cards = move.get("cards", [])
    if not isinstance(cards, list):
        malformed("cards must be a list")
    seen: set[str] = set()
    normal: list[dict[str, Any]] = []
    for item in cards:
        if not isinstance(item, dict) or set(item) - {"card", "sector"}:
            malformed('each card is {"card": id} or {"card": id, "sector": s}')
        card = item.get("card")
        if not isinstance(card, str) or card not in BY_ID:
            malformed(f"unknown card {card!r}")
        if card in seen:
            malformed(f"{card} listed twice")
        seen.add(card)
        if card not in state["players"][seat]["held"]:
            refuse("no_card", f"you do not hold {card}")
        entry: dict[str, Any] = {"card": card}
        if card in NEEDS_SECTOR:
            if item.get("sector") not in SECTORS:
                malformed(f"{card} needs a sector")
            entry["sector"] = item["sector"]
        elif "sector" in item:
            malformed(f"{card} takes no sector")
        normal.append(entry)
    return {"type": "play_exploits", "cards": normal}


def apply_play(state: State, seat: int, move: Move) -> None:
    if commit(state, seat, parse_play(state, seat, move)):
        reveal_exploits(state)


def _options_for(card: str) -> list[dict[str, Any]]:
    if card in NEEDS_SECTOR:
        return [{"card": card, "sector": sector} for sector in SECTORS]
    return [{"card": card}]


def legal_play(state: State, seat: int) -> list[Move]:
    """Every subset of held cards with every sector choice; canonical if that is huge.

    The canonical list (more than PLAY_ENUMERATION_LIMIT combinations, i.e. about a dozen
    held cards, which random or real play practically never reaches) keeps: nothing, each
    card alone (with each sector), and all cards at once.
    ``apply`` accepts any valid subset regardless.
    """
    held = list(state["players"][seat]["held"])
    size = 1
    for card in held:
        size *= 1 + len(_options_for(card))
    if size <= PLAY_ENUMERATION_LIMIT:
        moves: list[Move] = []
        subsets = chain.from_iterable(combinations(held, k) for k in range(len(held) + 1))
        for subset in subsets:
            for choice in product(*(_options_for(card) for card in subset)):
                moves.append({"type": "play_exploits", "cards": [dict(c) for c in choice]})
        return moves
    moves = [{"type": "play_exploits", "cards": []}]
    for card in held:
        moves.extend({"type": "play_exploits", "cards": [option]} for option in _options_for(card))
    moves.append({"type": "play_exploits", "cards": [_options_for(card)[0] for card in held]})
    return moves


def reveal_exploits(state: State) -> None:
    """§5.2–5.3: reveal every played card at once, then resolve in the fixed order."""
    commits = take_commits(state)
    played: list[dict[str, Any]] = []
    for seat in sorted(commits):
        for item in commits[seat]["cards"]:
            params = {"sector": item["sector"]} if "sector" in item else {}
            played.append({"card": item["card"], "owner": seat, "params": params})
            state["players"][seat]["held"].remove(item["card"])
    event(state, "exploits_revealed", cards=[dict(entry) for entry in played])
    pandora = next((entry for entry in played if entry["card"] == "pandoras_hope"), None)
    if pandora is not None:
        cancelled = [entry for entry in played if entry is not pandora]
        state["cancelled"] = cancelled
        state["discard"].extend(entry["card"] for entry in cancelled)
        state["active"] = [pandora]
        event(state, "pandora_cancels", cards=[entry["card"] for entry in cancelled])
    else:
        state["active"] = played
    owner = league_owner(state)
    listed = league_candidates(state)
    if owner is not None and listed:
        set_phase(state, "HARVEST_LEAGUE", {owner})
        return
    after_league(state)


def league_candidates(state: State) -> list[str]:
    """Refusable cards revealed by other seats than the League owner (§5.3 step 2)."""
    owner = league_owner(state)
    return [
        entry["card"]
        for entry in state["active"]
        if entry["card"] in REFUSABLE and entry["owner"] != owner
    ]


def apply_league(state: State, seat: int, move: Move) -> None:
    chosen = move.get("immune_to", [])
    if (
        not isinstance(chosen, list)
        or not all(isinstance(card, str) for card in chosen)
        or len(set(chosen)) != len(chosen)
    ):
        malformed("immune_to must be a list of distinct card ids")
    listed = league_candidates(state)
    for card in chosen:
        if card not in listed:
            refuse("no_card", f"{card} is not a refusable card revealed by another seat")
    state["league_immune"] = [card for card in listed if card in chosen]
    event(state, "league_immunity", seat=seat, immune_to=list(state["league_immune"]))
    after_league(state)


def legal_league(state: State, seat: int) -> list[Move]:
    listed = league_candidates(state)
    subsets = chain.from_iterable(combinations(listed, k) for k in range(len(listed) + 1))
    return [{"type": "league_immunity", "immune_to": list(subset)} for subset in subsets]


def after_league(state: State) -> None:
    """§5.3 steps 3–7 after any League answer."""
    apply_shared_glory(state)
    owner = card_owner(state, "colony_founding")
    if owner is not None:
        state["colony"] = {"owner": owner, "dice": roll_dice(state, 5)}
        event(
            state, "colony_rolled", owner=owner, dice=[d["value"] for d in state["colony"]["dice"]]
        )
    owner = card_owner(state, "heroic_year")
    if owner is not None:
        cards = draw_cards(state, state["seats"])
        event(state, "heroic_year_drawn", owner=owner, count=len(cards))
        if cards:
            state["heroic"] = {"owner": owner, "cards": cards}
            set_phase(state, "HARVEST_HEROIC", {owner})
            return

    start_phase(state, "strife")


def apply_shared_glory(state: State) -> None:
    """Shared Glory (§13): the top takes the second entry, then the bottom the second-lowest."""
    if card_owner(state, "shared_glory") is None:
        return
    players = state["players"]
    seats = range(state["seats"])
    before = [player["renown"] for player in players]
    for descending in (True, False):
        values = sorted((player["renown"] for player in players), reverse=descending)
        for seat in seats:
            if players[seat]["renown"] == values[0] and not refuses(state, seat, "shared_glory"):
                players[seat]["renown"] = values[1]
    event(state, "shared_glory", before=before, after=[player["renown"] for player in players])


# --- Heroic Year ----------------------------------------------------------------------


def apply_heroic(state: State, seat: int, move: Move) -> None:
    heroic = state["heroic"]
    assign = move.get("assign")
    if not isinstance(assign, list):
        malformed("assign must be a list of {player, card}")
    given: dict[str, int] = {}
    for item in assign:
        if not isinstance(item, dict) or set(item) != {"player", "card"}:
            malformed("each assignment is {player, card}")
        player = get_seat(state, item, "player")
        if not isinstance(item["card"], str):
            malformed("card ids are strings")
        if item["card"] not in heroic["cards"] or item["card"] in given:
            malformed("assign each drawn card exactly once")
        given[item["card"]] = player
    if len(given) != len(heroic["cards"]) or len(set(given.values())) != len(given):
        malformed("assign every drawn card, at most one per seat")
    for card in heroic["cards"]:
        state["players"][given[card]]["held"].append(card)
    state["heroic"] = None
    event(state, "heroic_year_given", seats=sorted(given.values()))

    start_phase(state, "strife")


def legal_heroic(state: State, seat: int) -> list[Move]:
    cards = state["heroic"]["cards"]
    return [
        {
            "type": "heroic_distribute",
            "assign": [{"player": p, "card": c} for p, c in zip(order, cards, strict=True)],
        }
        for order in permutations(range(state["seats"]), len(cards))
    ]
