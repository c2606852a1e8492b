"""Game metadata and the initial state (spec §2.4, §3, D2, D21, D22).

State layout (plain JSON; seats are 0-based; "top" of every pile is its *last* element):

``pieces``      placed map pieces ``[[piece, q, r, rot], ...]`` (land index ``7k+i`` is
                hex ``i`` of piece ``k``, see :mod:`.geometry`)
``shrines``     ``[[q, r], ...]`` (shrine ``i`` is named ``S{i+1}`` in views)
``occ``         per land index: ``-1`` empty, else ``seat * 32 + building index``
``piece_deck``  face-down piece indices; ``deck`` face-down card type codes;
``discard``     discarded cards per type code (a face-down pile, only its size is public)
``players[s]``  ``hand`` (cards per type code), ``reserve`` (building indices in arrival
                order), ``stacks`` (4 lists: main, then the three others), ``amphorae``,
                ``earned`` (group indices that earned an amphora or its card)
``amphorae``    amphorae left in the supply
``turn``        ``seat``, ``phase`` (``actions``/``amphora``/``over``), ``option``
                (``None``/``draw``/``build``), ``used``, ``pending`` (drawn building index),
                ``stack`` (where it came from), ``grow`` (that draw emptied the stack),
                ``piece`` (map piece being placed), ``busy`` (the turn changed something)
``idle``        turns in a row that changed nothing (a full round of them is a stalemate)
``winner``, ``victory`` (``all_built``/``shrines``/``stalemate``), ``moves`` (moves
applied), ``log`` (the last public events), ``rng``.
"""

from __future__ import annotations

from typing import Any

from app.games.attika.components import (
    AMPHORAE,
    CARDS_PER_TYPE,
    LAYOUTS,
    MAIN_BUILDINGS,
    OTHER_BUILDINGS,
    OTHER_STACK_SIZE,
    OTHER_STACKS,
    PIECES,
    START_CARDS,
    TYPES,
)
from app.games.interface import GameInfo, State
from app.games.options import normalize_options
from app.games.rng import Rng

INFO = GameInfo(
    id="attika",
    name={"en": "Attika", "fr": "Attika", "de": "Attika"},
    min_seats=2,
    max_seats=4,
    version=1,
)


def new_turn(seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "phase": "actions",
        "option": None,
        "used": 0,
        "pending": None,
        "stack": None,
        "grow": False,
        "piece": None,
        "busy": False,
    }


def setup(seats: int, options: dict[str, Any], seed: int) -> State:
    """Shuffle the pieces (2n on the start anchors, random rotations), the buildings of
    every player into their 4 stacks (top of each into the reserve, D21), the 60 cards;
    draw the start player; deal 4, 5, 6, 7 cards clockwise from them (D22)."""
    normalize_options(INFO, seats, options)
    layout = LAYOUTS[seats]
    rng = Rng.from_seed(seed)
    order = list(range(len(PIECES)))
    rng.shuffle(order)
    placed = len(layout.anchors)
    pieces = [[order[i], q, r, rng.randbelow(6)] for i, (q, r) in enumerate(layout.anchors)]
    deck = [code for code in range(len(TYPES)) for _ in range(CARDS_PER_TYPE)]
    rng.shuffle(deck)
    start = rng.randbelow(seats)
    players = []
    for seat in range(seats):
        main = list(MAIN_BUILDINGS)
        rng.shuffle(main)
        others = list(OTHER_BUILDINGS)
        rng.shuffle(others)
        stacks = [main] + [
            others[i * OTHER_STACK_SIZE : (i + 1) * OTHER_STACK_SIZE] for i in range(OTHER_STACKS)
        ]
        reserve = [stack.pop() for stack in stacks]
        hand = [0] * len(TYPES)
        for _ in range(START_CARDS[(seat - start) % seats]):
            hand[deck.pop()] += 1
        players.append(
            {"hand": hand, "reserve": reserve, "stacks": stacks, "amphorae": 0, "earned": []}
        )
    return {
        "game": "attika",
        "seats": seats,
        "pieces": pieces,
        "shrines": [[q, r] for _, q, r in layout.shrines],
        "occ": [-1] * (7 * placed),
        "piece_deck": order[placed:],
        "deck": deck,
        "discard": [0] * len(TYPES),
        "players": players,
        "amphorae": AMPHORAE,
        "start": start,
        "turn": new_turn(start),
        "idle": 0,
        "winner": None,
        "victory": None,
        "moves": 0,
        "log": [],
        "rng": rng.dump(),
    }
