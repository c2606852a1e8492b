"""Applying a move (spec §4–§8): the turn's state machine.

``apply`` copies only what it changes (the state dict, the turn, the players list and
the mover's record, and each list it replaces); everything else is shared with the
input, which is never mutated.

After each placement the victory checks run (§8) and a win ends the game on the spot. A
drawn building must be resolved, then a map piece owed by an emptied stack placed,
before anything else; once an action is complete the turn ends by itself when the
option's actions are used up (normal turn) or no amphora is left (amphora phase).
"""

from __future__ import annotations

from app.games.attika.components import (
    BUILDING_INDEX,
    BUILDINGS,
    BUILDS_PER_TURN,
    CANONICAL,
    DRAWS_PER_TURN,
    GROUP_OF,
    GROUPS,
    PIECES,
    TYPES,
)
from app.games.attika.costs import canonical_payment, valid
from app.games.attika.geometry import topology
from app.games.attika.links import all_built, group_outcome, links_shrines
from app.games.attika.moves import claims, parse, parse_cards
from app.games.attika.position import SEAT_SHIFT, board_after_build, position
from app.games.attika.rules import can_take_card, end_cards
from app.games.attika.setup import new_turn
from app.games.attika.tx import Tx
from app.games.interface import IllegalMove, MalformedMove, Move, NotYourTurn, State


def apply(state: State, seat: int, move: Move) -> State:
    turn = state["turn"]
    if turn["phase"] == "over":
        raise NotYourTurn("the game is over")
    if seat != turn["seat"]:
        raise NotYourTurn(f"it is seat {turn['seat']}'s turn, not seat {seat}'s")
    kind, move = parse(move)
    amphora = turn["phase"] == "amphora"
    if move.get("amphora", amphora) != amphora:
        raise IllegalMove(
            "stale move: this is the amphora phase" if amphora else "stale move: no amphora phase"
        )
    if turn["pending"] is not None and kind not in ("build_pending", "reserve_pending"):
        raise IllegalMove("resolve the drawn building first: build it or put it in the reserve")
    if turn["piece"] is not None and kind != "place_piece":
        raise IllegalMove("place the new map piece first")
    tx = Tx(state, seat)
    handler = _HANDLERS[kind]
    handler(tx, move)
    return tx.finish()


# ---- the moves ------------------------------------------------------------------------


def _draw(tx: Tx, move: Move) -> None:
    turn = tx.turn
    amphora = turn["phase"] == "amphora"
    if not amphora:
        if turn["option"] == "build":
            raise IllegalMove("no drawing after building from the reserve this turn")
        if turn["used"] >= DRAWS_PER_TURN:
            raise IllegalMove(f"no more than {DRAWS_PER_TURN} draws per turn")
    index = move["stack"]
    stacks = tx.player["stacks"]
    if not 0 <= index < len(stacks):
        raise IllegalMove(f"no stack {index}: stacks are 0..{len(stacks) - 1}")
    if not stacks[index]:
        raise IllegalMove(f"stack {index} is empty")
    stack = list(stacks[index])
    building = stack.pop()
    tx.player["stacks"] = [stack if i == index else s for i, s in enumerate(stacks)]
    if amphora:
        _spend_amphora(tx)
    else:
        turn["option"] = "draw"
        turn["used"] += 1
    turn["pending"] = building
    turn["stack"] = index
    turn["grow"] = not stack
    turn["busy"] = True
    tx.event("draw", stack=index, building=BUILDINGS[building].id, amphora=amphora)


def _spend_amphora(tx: Tx) -> None:
    tx.player["amphorae"] -= 1
    tx.new["amphorae"] += 1


def _build_pending(tx: Tx, move: Move) -> None:
    turn = tx.turn
    pending = turn["pending"]
    if pending is None:
        raise IllegalMove("no drawn building to build")
    _check_pending_claim(move, pending)
    turn["pending"] = None
    turn["stack"] = None
    _place(tx, pending, move, source="drawn")
    if tx.turn["phase"] != "over":
        _after_pending(tx)


def _reserve_pending(tx: Tx, move: Move) -> None:
    turn = tx.turn
    pending = turn["pending"]
    if pending is None:
        raise IllegalMove("no drawn building to put in the reserve")
    _check_pending_claim(move, pending)
    tx.player["reserve"] = [*tx.player["reserve"], pending]
    turn["pending"] = None
    turn["stack"] = None
    tx.event("reserve", building=BUILDINGS[pending].id)
    _after_pending(tx)


def _check_pending_claim(move: Move, pending: int) -> None:
    claimed = move.get("building")
    if claimed is None:
        return
    index = BUILDING_INDEX.get(claimed)
    if index is None or CANONICAL[index] != CANONICAL[pending]:
        raise IllegalMove(f"stale move: the drawn building is {BUILDINGS[pending].id}")


def _after_pending(tx: Tx) -> None:
    """The drawn building is resolved: grow the map if its stack emptied (D13)."""
    turn = tx.turn
    grow = turn["grow"]
    turn["grow"] = False
    deck = tx.new["piece_deck"]
    if grow and deck:
        turn["piece"] = deck[-1]
        tx.new["piece_deck"] = deck[:-1]
        tx.event("piece_drawn", piece=PIECES[deck[-1]].id)
        return
    _after_action(tx)


def _build(tx: Tx, move: Move) -> None:
    turn = tx.turn
    amphora = turn["phase"] == "amphora"
    if not amphora:
        if turn["option"] == "draw":
            raise IllegalMove("no building from the reserve after drawing this turn")
        if turn["used"] >= BUILDS_PER_TURN:
            raise IllegalMove(f"no more than {BUILDS_PER_TURN} builds per turn")
    index = BUILDING_INDEX.get(move["building"])
    if index is None:
        raise IllegalMove(f"unknown building {move['building']!r}")
    reserve = tx.player["reserve"]
    if index not in reserve:
        # A twin (the other Tower, a Ship, a Road) in the reserve is the same building.
        twins = [b for b in reserve if CANONICAL[b] == CANONICAL[index]]
        if not twins:
            raise IllegalMove(f"{move['building']} is not in your reserve")
        index = twins[0]
    _place(tx, index, move, source="reserve")
    at = reserve.index(index)
    tx.player["reserve"] = reserve[:at] + reserve[at + 1 :]
    if tx.turn["phase"] == "over":
        return
    if amphora:
        _spend_amphora(tx)
    else:
        turn["option"] = "build"
        turn["used"] += 1
    _after_action(tx)


def _place(tx: Tx, building: int, move: Move, source: str) -> None:
    """Check the hex and the payment, pay, put the building down, then amphora and
    victory checks (§5, §7.1, §8)."""
    state = tx.new
    topo = topology(state["pieces"], state["shrines"])
    q, r = move["q"], move["r"]
    land = topo.index.get((q, r))
    if land is None:
        what = "a shrine" if (q, r) in topo.shrine_cells else "not land"
        raise IllegalMove(f"cannot build at ({q}, {r}): {what}")
    occ = state["occ"]
    if occ[land] >= 0:
        raise IllegalMove(f"cannot build at ({q}, {r}): a building stands there")
    pos = position(state, tx.seat)
    free, due, due_any, new_colony = pos.cost(building, land)
    hand = tuple(tx.player["hand"])
    described = claims(free, due, due_any, new_colony, hand)
    if described is None:
        raise IllegalMove(f"cannot pay {BUILDINGS[building].id} at ({q}, {r}) with your cards")
    for key in ("cost", "matched", "jokers"):
        if key in move and move[key] != described[key]:
            raise IllegalMove(f"stale move: {key} here is {described[key]}")
    if "pay" in move:
        pay = parse_cards(move["pay"], "pay")
    else:
        pay = (0,) * len(TYPES) if free else canonical_payment(due, due_any, hand)[0]
    if not valid(due, due_any, hand, pay):
        raise IllegalMove(
            f"payment {move.get('pay')} does not pay {described['cost']} exactly from your hand"
        )
    tx.turn["busy"] = True
    tx.player["hand"] = [h - p for h, p in zip(hand, pay, strict=True)]
    if any(pay):
        state["discard"] = [d + p for d, p in zip(state["discard"], pay, strict=True)]
    new_occ = list(occ)
    new_occ[land] = tx.seat << SEAT_SHIFT | building
    state["occ"] = new_occ
    board_after_build(pos.board, land, new_occ)
    tx.event(
        "build",
        building=BUILDINGS[building].id,
        q=q,
        r=r,
        cards=sum(pay),
        free=free,
        colony=new_colony,
        source=source,
        amphora=tx.turn["phase"] == "amphora",
    )
    group = GROUP_OF[building]
    if group_outcome(topo, new_occ, tx.seat, group):
        _earn_amphora(tx, group)
    if all_built(new_occ, tx.seat):
        _win(tx, "all_built")
    elif links_shrines(topo, new_occ, tx.seat, land):
        _win(tx, "shrines")


def _earn_amphora(tx: Tx, group: int) -> None:
    """One amphora for a completed, connected group; a card if the supply is empty (D11)."""
    tx.player["earned"] = [*tx.player["earned"], group]
    if tx.new["amphorae"] > 0:
        tx.new["amphorae"] -= 1
        tx.player["amphorae"] += 1
        tx.event("amphora", group=GROUPS[group].id, card=False)
    else:
        drawn = tx.draw_cards(1)
        tx.event("amphora", group=GROUPS[group].id, card=True, cards=drawn)


def _win(tx: Tx, victory: str) -> None:
    tx.new["winner"] = tx.seat
    tx.new["victory"] = victory
    tx.turn.update(phase="over", pending=None, stack=None, grow=False, piece=None)
    tx.event("win", victory=victory)


def _place_piece(tx: Tx, move: Move) -> None:
    turn = tx.turn
    piece = turn["piece"]
    if piece is None:
        raise IllegalMove("no map piece to place")
    claimed = move.get("piece")
    if claimed is not None and claimed != PIECES[piece].id:
        raise IllegalMove(f"stale move: the piece to place is {PIECES[piece].id}")
    q, r, rot = move["q"], move["r"], move["rot"]
    if not 0 <= rot <= 5:
        raise MalformedMove("rot must be 0..5 (60° steps)")
    state = tx.new
    if not topology(state["pieces"], state["shrines"]).fits(q, r):
        raise IllegalMove(
            f"a piece anchored at ({q}, {r}) must not overlap land or a shrine and must "
            "touch one by a side"
        )
    state["pieces"] = [*state["pieces"], [piece, q, r, rot]]
    state["occ"] = state["occ"] + [-1] * len(PIECES[piece].hexes)
    turn["piece"] = None
    tx.event("piece", piece=PIECES[piece].id, q=q, r=r, rot=rot)
    _after_action(tx)


def _after_action(tx: Tx) -> None:
    """An action is complete: end the turn when nothing of it is left."""
    turn = tx.turn
    if turn["phase"] == "amphora":
        if tx.player["amphorae"] == 0:
            _next_turn(tx)
        return
    limit = DRAWS_PER_TURN if turn["option"] == "draw" else BUILDS_PER_TURN
    if turn["used"] >= limit:
        _end_actions(tx, {})


def _end_actions(tx: Tx, move: Move) -> None:
    turn = tx.turn
    if turn["phase"] != "actions":
        raise IllegalMove("the normal turn is already over: use an amphora or pass")
    owed = end_cards(turn)
    if "cards" in move and move["cards"] != owed:
        raise IllegalMove(f"stale move: ending now gives {owed} card(s)")
    drawn = tx.draw_cards(owed)
    tx.event("end", cards=drawn, owed=owed)
    if drawn:
        turn["busy"] = True
    if tx.player["amphorae"] > 0:
        turn.update(phase="amphora", option=None, used=0)
    else:
        _next_turn(tx)


def _take_card(tx: Tx, move: Move) -> None:
    if tx.turn["phase"] != "amphora":
        raise IllegalMove("taking a card for an amphora is for the amphora phase")
    if not can_take_card(tx.new):
        raise IllegalMove("no card left in the deck or the discard pile")
    _spend_amphora(tx)
    drawn = tx.draw_cards(1)
    tx.event("card", cards=drawn)
    tx.turn["busy"] = True
    _after_action(tx)


def _pass(tx: Tx, move: Move) -> None:
    if tx.turn["phase"] != "amphora":
        raise IllegalMove("pass ends the amphora phase; end the normal turn with end_actions")
    tx.event("pass")
    _next_turn(tx)


def _next_turn(tx: Tx) -> None:
    """Pass the turn on, or end a stalled game: when ``seats`` turns in a row changed
    nothing but whose turn it is (no building drawn, built or reserved, no piece, no card
    drawn), the state is a fixed point and the game ends in a stalemate (decision)."""
    new = tx.new
    idle = 0 if tx.turn["busy"] else new["idle"] + 1
    new["idle"] = idle
    if idle >= new["seats"]:
        new["victory"] = "stalemate"
        tx.turn.update(phase="over", pending=None, stack=None, grow=False, piece=None)
        tx.event("stalemate")
        return
    new["turn"] = tx.turn = new_turn((tx.seat + 1) % new["seats"])


_HANDLERS = {
    "draw": _draw,
    "build_pending": _build_pending,
    "reserve_pending": _reserve_pending,
    "build": _build,
    "place_piece": _place_piece,
    "end_actions": _end_actions,
    "take_card": _take_card,
    "pass": _pass,
}
