"""The ``sample`` hook for search bots: a world consistent with what one seat sees.

``sample(state, seat, rng)`` returns a new state equal to ``state`` in everything ``seat``
can see (its view) and with everything it cannot see redrawn from ``rng``:

* the cards: the 60 cards minus the seat's own hand are shuffled and dealt to the other
  hands (their sizes kept), the discard pile (its size kept) and the deck (its size kept,
  new order);
* every player's stacks: the main stack's buildings are reshuffled in place; the
  buildings of the three other stacks are pooled, shuffled and dealt back with the same
  stack sizes (nobody knows which of those stacks holds what);
* the piece deck's order;
* the state's own PRNG, reseeded from ``rng`` (else future draws would be predictable).

Everything drawn starts from sorted, public facts (which buildings are not yet drawn,
which pieces are not yet placed, the sizes of piles and hands, the seat's own hand), so
the result depends only on what the seat can see and on ``rng``. The seat's memory of
earlier turns (e.g. the cards it paid itself, now in the discard pile) is not used: the
sample conditions on the current view. ``seat`` may be ``None`` (a spectator: every hand
is redrawn). The input is never mutated.

A finished game is returned as it is (a copy): its views show every hand, and its seed is
revealed, so nothing is hidden any more and a redrawn hand would contradict every view.
"""

from __future__ import annotations

from typing import Any

from app.games.attika.components import CARDS_PER_TYPE, TYPES
from app.games.interface import State
from app.games.rng import Rng


def sample(state: State, seat: int | None, rng: Rng) -> State:
    new = dict(state)
    if state["turn"]["phase"] == "over":
        return new
    players: list[dict[str, Any]] = [dict(p) for p in state["players"]]
    new["players"] = players
    pool_counts = [CARDS_PER_TYPE] * len(TYPES)
    if seat is not None:
        own = state["players"][seat]["hand"]
        pool_counts = [n - h for n, h in zip(pool_counts, own, strict=True)]
    pool = [code for code, n in enumerate(pool_counts) for _ in range(n)]
    rng.shuffle(pool)
    for other, player in enumerate(players):
        if other == seat:
            continue
        size = sum(player["hand"])
        hand = [0] * len(TYPES)
        for code in pool[:size]:
            hand[code] += 1
        del pool[:size]
        player["hand"] = hand
    discard_size = sum(state["discard"])
    discard = [0] * len(TYPES)
    for code in pool[:discard_size]:
        discard[code] += 1
    del pool[:discard_size]
    new["discard"] = discard
    if len(pool) != len(state["deck"]):
        raise ValueError("card counts do not add up: not a state of this game")
    new["deck"] = pool
    for player in players:
        stacks = player["stacks"]
        main = sorted(stacks[0])
        rng.shuffle(main)
        others = sorted(b for stack in stacks[1:] for b in stack)
        rng.shuffle(others)
        dealt = [main]
        for stack in stacks[1:]:
            dealt.append(others[: len(stack)])
            del others[: len(stack)]
        player["stacks"] = dealt
    pieces = sorted(state["piece_deck"])
    rng.shuffle(pieces)
    new["piece_deck"] = pieces
    new["rng"] = Rng.from_seed(rng.next_u64()).dump()
    return new
