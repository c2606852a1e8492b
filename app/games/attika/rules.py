"""Whose turn, the legal moves and the result (spec §4, §7.2, §8)."""

from __future__ import annotations

from typing import Any

from app.games.attika.components import (
    BUILDINGS,
    BUILDS_PER_TURN,
    CANONICAL,
    CARDS_IF_NO_ACTION,
    CARDS_PER_UNUSED,
    DRAWS_PER_TURN,
    PIECES,
)
from app.games.attika.geometry import topology
from app.games.attika.links import built_count, shrine_link
from app.games.attika.moves import build_moves
from app.games.attika.position import position
from app.games.interface import Move, Result, State

_FAR = 1 << 20
_ROTATIONS = tuple(range(6))


def to_act(state: State) -> set[int]:
    turn = state["turn"]
    return set() if turn["phase"] == "over" else {turn["seat"]}


def distinct(reserve: list[int]) -> list[int]:
    """The reserve with identical twins (Towers, Ships, Roads) listed once, in first-arrival
    order: building one twin or the other is the same move."""
    seen: set[int] = set()
    out = []
    for b in reserve:
        canon = CANONICAL[b]
        if canon not in seen:
            seen.add(canon)
            out.append(b)
    return out


def end_cards(turn: dict[str, Any]) -> int:
    """Cards the player draws on ending the normal turn now (§4.3, D14, D23)."""
    option = turn["option"]
    if option is None or turn["used"] == 0:
        return CARDS_IF_NO_ACTION
    limit = DRAWS_PER_TURN if option == "draw" else BUILDS_PER_TURN
    used: int = turn["used"]
    return (limit - used) * CARDS_PER_UNUSED


def can_take_card(state: State) -> bool:
    return bool(state["deck"]) or sum(state["discard"]) > 0


def legal_moves(state: State, seat: int) -> list[Move]:
    turn = state["turn"]
    if turn["phase"] == "over" or seat != turn["seat"]:
        return []
    player = state["players"][seat]
    if turn["pending"] is not None:
        pending = turn["pending"]
        moves = build_moves(
            position(state, seat), "build_pending", [pending], tuple(player["hand"]), False
        )
        moves.append({"type": "reserve_pending", "building": BUILDINGS[pending].id})
        return moves
    if turn["piece"] is not None:
        anchors = topology(state["pieces"], state["shrines"]).anchors()
        piece = PIECES[turn["piece"]].id
        return [
            {"type": "place_piece", "q": q, "r": r, "rot": rot, "piece": piece}
            for q, r in anchors
            for rot in _ROTATIONS
        ]
    amphora = turn["phase"] == "amphora"
    option = turn["option"]
    moves = []
    if amphora or (option != "build" and turn["used"] < DRAWS_PER_TURN):
        for index, stack in enumerate(player["stacks"]):
            if stack:
                move: Move = {"type": "draw", "stack": index}
                if amphora:
                    move["amphora"] = True
                moves.append(move)
    if (amphora or (option != "draw" and turn["used"] < BUILDS_PER_TURN)) and player["reserve"]:
        moves += build_moves(
            position(state, seat),
            "build",
            distinct(player["reserve"]),
            tuple(player["hand"]),
            amphora,
        )
    if amphora:
        if can_take_card(state):
            moves.append({"type": "take_card", "amphora": True})
        moves.append({"type": "pass"})
    else:
        moves.append({"type": "end_actions", "cards": end_cards(turn)})
    return moves


def result(state: State) -> Result | None:
    """None while playing. After a victory: the winner alone in first place, everybody else
    sharing second (Attika ranks nobody but the winner); ``scores`` 1 for the winner, else
    0. After a stalemate (decision, see :func:`.turn._next_turn`): places by buildings
    built, then by the shortest shrine link, equal seats sharing a place; ``scores`` are
    the buildings built. ``breakdown`` per seat: won, victory, built, shrine link
    distance, amphorae, cards in hand."""
    if state["turn"]["phase"] != "over":
        return None
    seats = state["seats"]
    winner = state["winner"]
    occ = state["occ"]
    topo = topology(state["pieces"], state["shrines"])
    built = [built_count(occ, s) for s in range(seats)]
    links = [shrine_link(topo, occ, s, path=False) for s in range(seats)]
    distance = [None if link is None else link[0] for link in links]
    if winner is not None:
        others = [s for s in range(seats) if s != winner]
        ranking = [[winner], others] if others else [[winner]]
        scores = [1 if s == winner else 0 for s in range(seats)]
    else:
        keys = {s: (-built[s], _FAR if distance[s] is None else distance[s]) for s in range(seats)}
        ranking = []
        for s in sorted(range(seats), key=lambda s: keys[s]):
            if ranking and keys[ranking[-1][0]] == keys[s]:
                ranking[-1].append(s)
            else:
                ranking.append([s])
        scores = built
    return {
        "ranking": ranking,
        "scores": scores,
        "breakdown": [
            {
                "won": s == winner,
                "victory": state["victory"] if s == winner else None,
                "built": built[s],
                "link": distance[s],
                "amphorae": state["players"][s]["amphorae"],
                "cards": sum(state["players"][s]["hand"]),
            }
            for s in range(seats)
        ],
        "winner": winner,
        "victory": state["victory"],
    }
