"""The ``evaluate`` hook for search bots: a cheap progress estimate per seat, 0..1.

Attika has no points, only an immediate-victory race, so the estimate mixes the two
races and the means to run them:

    BUILT * buildings on the map / 30
  + RACE * shrine race: 1 / (1 + empty hexes still needed to join two shrines / 2)
  + CARDS * cards in hand (up to 12) / 12
  + RESERVE * buildings in reserve (up to 6) / 6
  + AMPHORAE * amphorae (up to 3) / 3

A turn is several moves, so the seat to act also counts the building it drew and has not
placed yet (in its reserve) and, once its turn has begun, the cards that ending it now
would give (in its hand).

A building is worth more than the cards it costs (issue 40: with 0.45 for buildings and
0.10 for cards, a 3-card build scored below taking 3 cards, and the hard level, searching
that estimate harder, hoarded cards and lost 12 of 16 games to the medium one), and more
than a building in reserve plus 3 cards, or building from the reserve scores as a loss
(it did with 0.5 / 0.05 / 0.06: the one-move easy level built less than random moves and
lost to them, 26 of 40 games on seeds 9000+). A drawn building is worth more than the 2
cards it gives up (taking 3 cards instead of drawing). The race
term is steep near the goal: a link one hex away is nearly a win, so closing one's own
and blocking the other's outweigh a few buildings.

A finished game is worth :func:`final_values`: 1 to the winner and 0 to everybody else;
after a stalemate, :data:`STALEMATE` to each seat in first place and 0 to the others.
``result`` scores a stalemate by buildings built, above a win's 1, so a bot scoring the end
by ``result`` would have played for a dead end it leads over a win.
The shrine distances take one 0-1 BFS per seat over the land (:func:`.links.shrine_link`).
"""

from __future__ import annotations

from app.games.attika.components import COUNT
from app.games.attika.geometry import topology
from app.games.attika.links import shrine_link
from app.games.attika.position import SEAT_SHIFT
from app.games.attika.rules import end_cards, result
from app.games.interface import State

BUILT = 0.7
RACE = 0.35
CARDS = 0.04
RESERVE = 0.06
AMPHORAE = 0.04
#: a stalemate's first place: better than losing, worse than winning
STALEMATE = 0.5
#: hexes at which the race term has halved
LINK_HALF = 2.0


def final_values(state: State) -> list[float]:
    """What a finished game is worth to each seat, on :func:`evaluate`'s 0..1 scale."""
    seats = state["seats"]
    winner = state["winner"]
    if winner is not None:
        return [1.0 if s == winner else 0.0 for s in range(seats)]
    outcome = result(state)
    assert outcome is not None, "final_values of a game still running"
    first = set(outcome["ranking"][0])
    return [STALEMATE if s in first else 0.0 for s in range(seats)]


def evaluate(state: State) -> list[float]:
    seats = state["seats"]
    if state["turn"]["phase"] == "over":
        return final_values(state)
    topo = topology(state["pieces"], state["shrines"])
    occ = state["occ"]
    built = [0] * seats
    for c in occ:
        if c >= 0:
            built[c >> SEAT_SHIFT] += 1
    turn = state["turn"]
    acting = turn["seat"]
    # a turn is several moves: the building drawn and not yet placed is the seat's, and
    # once the turn has begun the cards that ending it now would give are as good as held
    # (without them a draw scored below taking 3 cards, and the easy level lost to random
    # moves); not before it has begun, or a move that ends the turn would hand the next
    # seat 3 cards it has not taken
    pending = turn["pending"] is not None
    owed = end_cards(turn) if turn["phase"] == "actions" and turn["used"] else 0
    out = []
    for seat, player in enumerate(state["players"]):
        held = len(player["reserve"]) + (pending if seat == acting else 0)
        cards = sum(player["hand"]) + (owed if seat == acting else 0)
        link = shrine_link(topo, occ, seat, path=False)
        race = 0.0 if link is None else 1.0 / (1.0 + link[0] / LINK_HALF)
        score = (
            BUILT * built[seat] / COUNT
            + RACE * race
            + CARDS * min(cards, 12) / 12
            + RESERVE * min(held, 6) / 6
            + AMPHORAE * min(player["amphorae"], 3) / 3
        )
        out.append(min(1.0, max(0.0, score)))
    return out
