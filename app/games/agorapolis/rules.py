"""Move dispatch: which move types each state accepts, and the legal-move enumerators."""

from __future__ import annotations

from collections.abc import Callable

from app.games.agorapolis import (
    action,
    endgame,
    exploit,
    harvest,
    investment,
    resolution,
    strife,
)
from app.games.agorapolis.abilities import ACTION_TYPES
from app.games.agorapolis.common import copy_state
from app.games.interface import IllegalMove, MalformedMove, Move, NotYourTurn, State
from app.games.strict import only_keys, plain_move

Handler = Callable[[State, int, Move], None]
Lister = Callable[[State, int], list[Move]]

TURN_HANDLERS: dict[str, Handler] = dict.fromkeys(
    (*ACTION_TYPES, "finalise"), action.apply_turn_move
)

PHASES: dict[str, tuple[dict[str, Handler], Lister | None]] = {
    "HARVEST_PLAY": ({"play_exploits": harvest.apply_play}, harvest.legal_play),
    "HARVEST_LEAGUE": ({"league_immunity": harvest.apply_league}, harvest.legal_league),
    "HARVEST_HEROIC": ({"heroic_distribute": harvest.apply_heroic}, harvest.legal_heroic),
    "HARVEST_STRIFE": ({"strife_allocate": strife.apply_allocate}, strife.legal_allocate),
    "HARVEST_STRIFE_RESIST": (
        {"strife_resist": strife.apply_strife_resist},
        strife.legal_strife_resist,
    ),
    "INVEST_BET": ({"bet": investment.apply_bet}, investment.legal_bet),
    "INVEST_PYTHIA": ({"bet": investment.apply_pythia_bet}, investment.legal_bet),
    "INVEST_DELPHI": (
        {
            "delphi_rebet": investment.apply_delphi_rebet,
            "delphi_pass": investment.apply_delphi_pass,
        },
        investment.legal_delphi,
    ),
    "ACTION_OLYMPIC": ({"olympic_sacrifice": action.apply_olympic}, action.legal_olympic),
    "ACTION_TURN": (TURN_HANDLERS, action.legal_turn),
    "ACTION_RESIST": ({"resist": action.apply_resist}, action.legal_resist),
    "ACTION_DESIGNATE": (
        {"designate_next": action.apply_designate_next},
        action.legal_designate_next,
    ),
    "RESOLUTION_TIES": (
        {"designate_sector_winner": resolution.apply_designate_sector_winner},
        resolution.legal_designate_sector_winner,
    ),
    "EXPLOIT_BID": ({"exploit_bid": exploit.apply_bid}, exploit.legal_bid),
    "EXPLOIT_PYTHIA": ({"exploit_bid": exploit.apply_pythia_bid}, exploit.legal_bid),
    "EXPLOIT_TIE": (
        {"designate_exploit_winner": exploit.apply_designate_exploit_winner},
        exploit.legal_designate_exploit_winner,
    ),
    "EXPLOIT_PICK": ({"exploit_pick": exploit.apply_pick}, exploit.legal_pick),
    "ENDGAME_TIES": (
        {"designate_majority": endgame.apply_designate_majority},
        endgame.legal_designate_majority,
    ),
    "GAME_OVER": ({}, None),
}

MOVE_TYPES: frozenset[str] = frozenset(name for handlers, _ in PHASES.values() for name in handlers)

# The keys each move type may carry ("type" included); anything else is malformed.
MOVE_KEYS: dict[str, frozenset[str]] = {
    name: frozenset(("type", *keys))
    for name, keys in {
        "agriculture_convert": ("to",),
        "athens_set": ("die", "value"),
        "benefactor_convert": ("amount", "from", "to"),
        "bet": ("dice", "sector"),
        "commerce_swap": ("die", "market", "market_die"),
        "delphi_pass": (),
        "delphi_rebet": ("dice",),
        "designate_exploit_winner": ("player",),
        "designate_majority": ("player", "sector"),
        "designate_next": ("player", "then"),
        "designate_sector_winner": ("player", "sector"),
        "exploit_bid": ("pay",),
        "exploit_pick": ("card",),
        "finalise": (),
        "glorious_tales": ("gain",),
        "heroic_distribute": ("assign",),
        "league_immunity": ("immune_to",),
        "military_attack": ("sector", "target"),
        "olympic_sacrifice": ("take",),
        "phidias_reroll": ("die",),
        "play_exploits": ("cards",),
        "religion_reroll": ("die",),
        "resist": ("count",),
        "society_adjust": ("delta", "die"),
        "strife_allocate": ("destroy",),
        "strife_resist": ("protect",),
        "syracuse_swap": ("die", "target", "target_die"),
    }.items()
}
assert set(MOVE_KEYS) == MOVE_TYPES, "every move type lists its keys"


def to_act(state: State) -> set[int]:
    return set(state["to_act"])


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in state["to_act"]:
        return []
    lister = PHASES[state["phase"]][1]
    return [] if lister is None else lister(state, seat)


def apply(state: State, seat: int, move: Move) -> State:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise MalformedMove('malformed: a move is an object with a "type"')
    if move["type"] not in MOVE_TYPES:
        raise MalformedMove(f"malformed: unknown move type {move['type']!r}")
    plain_move(move)
    only_keys(move, MOVE_KEYS[move["type"]], move["type"])
    if seat not in state["to_act"]:
        raise NotYourTurn(f"wrong_turn: seat {seat} is not expected to move now")
    handler = PHASES[state["phase"]][0].get(move["type"])
    if handler is None:
        raise IllegalMove(f"wrong_phase: {move['type']} is not accepted in {state['phase']}")
    new = copy_state(state)
    handler(new, seat, move)
    return new
