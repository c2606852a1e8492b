"""The ``evaluate`` hook for search bots: a cheap progress estimate per seat, 0..1.

Attika has no points, only an immediate-victory race, so the estimate mixes the two
races and the means to run them (weights are sensible, not tuned):

    0.45 * buildings on the map / 30
  + 0.35 * shrine race: 1 - (empty hexes still needed to join two shrines) / 12, at least 0
  + 0.10 * cards in hand (up to 12) / 12
  + 0.05 * reserve size (up to 6) / 6
  + 0.05 * amphorae (up to 3) / 3

A won game gives 1 to the winner and 0 to everybody else; a stalemate 0 to everybody.
The shrine distances take one 0-1 BFS per seat over the land (:func:`.links.shrine_link`).
"""

from __future__ import annotations

from app.games.attika.components import COUNT
from app.games.attika.geometry import topology
from app.games.attika.links import shrine_link
from app.games.attika.position import SEAT_SHIFT
from app.games.interface import State

LINK_SCALE = 12


def evaluate(state: State) -> list[float]:
    seats = state["seats"]
    winner = state["winner"]
    if state["turn"]["phase"] == "over":
        return [1.0 if s == winner else 0.0 for s in range(seats)]
    topo = topology(state["pieces"], state["shrines"])
    occ = state["occ"]
    built = [0] * seats
    for c in occ:
        if c >= 0:
            built[c >> SEAT_SHIFT] += 1
    out = []
    for seat, player in enumerate(state["players"]):
        link = shrine_link(topo, occ, seat, path=False)
        race = 0.0 if link is None else max(0.0, 1.0 - link[0] / LINK_SCALE)
        score = (
            0.45 * built[seat] / COUNT
            + 0.35 * race
            + 0.10 * min(sum(player["hand"]), 12) / 12
            + 0.05 * min(len(player["reserve"]), 6) / 6
            + 0.05 * min(player["amphorae"], 3) / 3
        )
        out.append(min(1.0, max(0.0, score)))
    return out
