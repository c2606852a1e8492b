"""Turn flow: whose turn, legal moves, applying a move, the result (spec §5, §6.3, §8).

A move is ``{"tile": i, "q": q, "r": r, "rot": k}``: take the site tile at index ``i``
(costing ``i`` stones) and place its h0 at (q, r), h1 at (q, r) + CW[k] and h2 at
(q, r) + CW[(k + 1) % 6]. ``legal_moves`` adds ``level`` and ``stones`` (the stones the
placement gains); ``apply`` accepts both forms and checks those two if present.

``apply`` copies only what it changes (the state dict, the mover's city record and its
placement list, the site, the stacks on a refill); everything else is shared with the
input, which is never mutated.
"""

from __future__ import annotations

from typing import Any

from app.games.akropolis import architect
from app.games.akropolis.geometry import Placement, decode, remember
from app.games.akropolis.view import city_score
from app.games.interface import IllegalMove, MalformedMove, Move, NotYourTurn, Result, State

_KEYS = ("tile", "q", "r", "rot")
_CLAIMS = ("level", "stones")


def to_act(state: State) -> set[int]:
    return set() if state["finished"] else {state["turn"]}


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every (site tile, orientation) the seat may play now, with level and stones.

    Orientations are computed once and offered for every affordable tile (§9); the
    moves for tile i > 0 are copies of tile 0's with ``tile`` changed (the fastest way
    CPython builds thousands of small dicts).
    """
    if state["finished"] or seat != state["turn"]:
        return []
    city = state["cities"][seat]
    first = [
        {"tile": 0, "q": q, "r": r, "rot": rot, "level": level, "stones": gain}
        for q, r, rot, level, gain in decode(city["placed"]).placements()
    ]
    moves = list(first)
    for tile in range(1, min(len(state["site"]), city["stones"] + 1)):
        for base in first:
            move = base.copy()
            move["tile"] = tile
            moves.append(move)
    return moves


def legal_moves_compact(state: State, seat: int) -> dict[str, Any]:
    """:func:`legal_moves` as a product (the interface's compact form): the placements of a
    tile once, and the site indices the seat can afford. Four times smaller on the wire and
    no per-move dict to build (2,250 moves late in a 4-seat game)."""
    rows: list[Placement] = []
    tiles: list[int] = []
    if not state["finished"] and seat == state["turn"]:
        city = state["cities"][seat]
        # The city's own tuples, copied as a list (JSON encodes a tuple as an array):
        # building a list per row was most of this function's time.
        rows = list(decode(city["placed"]).placements())
        tiles = list(range(min(len(state["site"]), city["stones"] + 1)))
    return {"keys": ["q", "r", "rot", "level", "stones"], "rows": rows, "each": {"tile": tiles}}


def _parse(move: Any) -> tuple[int, int, int, int, dict[str, int]]:
    shape = 'an Akropolis move is {"tile": i, "q": q, "r": r, "rot": k} with whole numbers'
    if not isinstance(move, dict):
        raise MalformedMove(shape)
    extra = set(move) - set(_KEYS) - set(_CLAIMS)
    if extra:
        raise MalformedMove(f"unknown key(s) {', '.join(sorted(map(str, extra)))}: {shape}")
    values: list[int] = []
    for key in _KEYS:
        value = move.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedMove(f"missing or non-integer {key!r}: {shape}")
        values.append(value)
    claims: dict[str, int] = {}
    for key in _CLAIMS:
        if key in move:
            value = move[key]
            if isinstance(value, bool) or not isinstance(value, int):
                raise MalformedMove(f"{key!r} must be a whole number when given")
            claims[key] = value
    if not 0 <= values[3] <= 5:
        raise MalformedMove("rot must be 0..5 (clockwise sixth turns)")
    tile, q, r, rot = values
    return tile, q, r, rot, claims


def apply(state: State, seat: int, move: Move) -> State:
    new, last = apply_own(state, seat, move)
    while not new["finished"] and new["architect"] is not None and new["turn"] == 1:
        last["architect"] = architect_turn(new)
    new["last_move"] = last
    return new


def apply_own(state: State, seat: int, move: Move) -> tuple[State, dict[str, Any]]:
    """The seat's own placement, without the Architect's turn that may follow (solo):
    the new state (its ``last_move`` not yet set) and the ``last_move`` record."""
    if state["finished"] or seat != state["turn"]:
        raise NotYourTurn(
            "the game is over" if state["finished"] else f"it is seat {state['turn']}'s turn"
        )
    tile, q, r, rot, claims = _parse(move)
    site = state["site"]
    if not 0 <= tile < len(site):
        raise IllegalMove(f"no tile at site index {tile} (the site holds {len(site)})")
    record = state["cities"][seat]
    if tile > record["stones"]:
        raise IllegalMove(
            f"cannot afford: site tile {tile} costs {tile} stones, you have {record['stones']}"
        )
    city = decode(record["placed"])
    outcome = city.check(q, r, rot)
    if isinstance(outcome, str):
        raise IllegalMove(outcome)
    level, gain = outcome
    if claims.get("level", level) != level or claims.get("stones", gain) != gain:
        raise IllegalMove(
            f"stale move: this placement is at level {level} and gains {gain} stone(s)"
        )
    tile_id = site[tile]
    new = dict(state)
    new["site"] = site[:tile] + site[tile + 1 :]
    cities = list(state["cities"])
    placed = [*record["placed"], [tile_id, q, r, rot]]
    remember(placed, city.extended(tile_id, q, r, rot))
    cities[seat] = {"stones": record["stones"] - tile + gain, "placed": placed}
    new["cities"] = cities
    if new["architect"] is not None and tile:
        new["architect"] = {**new["architect"], "stones": new["architect"]["stones"] + tile}
    last: dict[str, Any] = {
        "seat": seat,
        "round": state["round"],
        "tile_index": tile,
        "tile_id": tile_id,
        "cost": tile,
        "q": q,
        "r": r,
        "rot": rot,
        "level": level,
        "stones_gained": gain,
        "refilled": _end_turn(new),
        "architect": None,
    }
    return new, last


def architect_turn(new: State) -> dict[str, Any]:
    """The Illustrious Architect's automatic turn (solo, §8); updates ``new`` in place."""
    site = new["site"]
    bot = new["architect"]
    played_in = new["round"]
    index = architect.choose(site, bot["stones"])
    tile_id = site[index]
    new["site"] = site[:index] + site[index + 1 :]
    new["architect"] = {"stones": bot["stones"] - index, "tiles": [*bot["tiles"], tile_id]}
    return {
        "round": played_in,
        "tile_index": index,
        "tile_id": tile_id,
        "cost": index,
        "refilled": _end_turn(new),
    }


def _end_turn(new: State) -> bool:
    """Count the turn, pass it on, refill the site or end the game (§5.5).

    ``new`` is a fresh copy owned by the caller, but its lists are shared with the
    input state, so they are replaced rather than changed. Returns True on a refill.
    """
    turns = list(new["turns"])
    turns[new["turn"]] += 1
    new["turns"] = turns
    new["turn"] = (new["turn"] + 1) % new["places"]
    if len(new["site"]) != 1:
        return False
    stacks = new["stacks"]
    if not stacks:
        new["finished"] = True
        return False
    new["site"] = [*new["site"], *stacks[0]]
    new["stacks"] = stacks[1:]
    new["chief"] = new["turn"]
    new["round"] += 1
    return True


def player_score(state: State, seat: int) -> dict[str, Any]:
    """Live score of a human seat's city (totals plus per-type details)."""
    record = state["cities"][seat]
    city = decode(record["placed"])
    return city_score(city, state["variants"], record["stones"])


def architect_score(state: State) -> dict[str, Any] | None:
    bot = state["architect"]
    if bot is None:
        return None
    return architect.score(bot["tiles"], state["level"], state["variants"], bot["stones"])


def result(state: State) -> Result | None:
    """None while playing; then ranking (ties: more stones, then shared, D11), scores and
    per-seat breakdowns. In solo the Architect is seat 1 (D18): ``ranking`` is
    ``[[0], [1]]`` only if the human is strictly better on (points, stones) (D10), else
    ``[[1], [0]]``; ``scores`` and ``breakdown`` have its entry at index 1 too, and
    ``architect`` repeats it with its level."""
    if not state["finished"]:
        return None
    seats = state["seats"]
    breakdown = [player_score(state, seat) for seat in range(seats)]
    scores = [b["total"] for b in breakdown]
    keys = {seat: (scores[seat], breakdown[seat]["stones"]) for seat in range(seats)}
    out: Result = {"scores": scores, "breakdown": breakdown, "variants": list(state["variants"])}
    bot = architect_score(state)
    if bot is not None:
        human_wins = keys[0] > (bot["total"], bot["stones"])
        out["ranking"] = [[0], [1]] if human_wins else [[1], [0]]
        out["scores"] = [*scores, bot["total"]]
        out["breakdown"] = [*breakdown, bot]
        out["architect"] = {"seat": 1, "level": state["level"], "score": bot["total"], **bot}
        out["winner"] = "human" if human_wins else "architect"
        return out
    ranking: list[list[int]] = []
    for seat in sorted(range(seats), key=lambda s: keys[s], reverse=True):
        if ranking and keys[ranking[-1][0]] == keys[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    out["ranking"] = ranking
    return out
