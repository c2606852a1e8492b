"""Hooks for search bots: :func:`sample` (determinization) and :func:`evaluate`.

``sample(state, seat, rng)`` returns a state equal to ``state`` in everything ``seat``
can see (its view) and with everything it cannot see redrawn from ``rng``, consistently
with what it has seen:

* the draw pile and the opponent's land tile in hand, unless that tile was taken face
  up with the oracle: one shuffled pool;
* each plan deck with the opponent's plan cards of that difficulty (their number per
  difficulty is public, the decks' backs differ);
* the objective deck with the opponent's hidden objectives and the pair it is choosing
  from (once the game is over every held objective is public and kept); the objectives
  ``seat`` itself put under the deck stay where it knows they are, and the positions of
  the opponent's own returned cards are kept (their order in the deck is public
  knowledge, their identity is not);
* the state's PRNG, reseeded from ``rng``.

Every pool is sorted before it is shuffled, and the opponent's hidden lists are rebuilt
in a canonical order, so the sample depends only on what the seat can see and on ``rng``
(the input is never mutated).

``evaluate(state)`` estimates each seat's final score on the scale of
``result()["scores"]``: points banked, objectives as they would score now, the plans in
hand that can be proven on a free island (most valuable first, while the drachmas and
the cargo's sale value can pay for them), other plans at a small share of their points,
and what money is left at one point per 10 drachmas. Once the game is over it is the
result itself.
"""

from __future__ import annotations

from app.games.akrotiri.actions import temple_islands
from app.games.akrotiri.cache import board_of
from app.games.akrotiri.components import DIFFICULTIES, DRACHMAS_PER_POINT, PLANS, TEMPLES
from app.games.akrotiri.market import price
from app.games.akrotiri.objectives import points_on
from app.games.akrotiri.plans import proven_quarters
from app.games.akrotiri.scoring import own_temples, result
from app.games.interface import State
from app.games.rng import Rng

#: shares of a plan's points counted before it is excavated
PROVABLE_SHARE = 0.7
LATER_SHARE = 0.15
#: share of the cargo's sale value counted as money
CARGO_SHARE = 0.8


def sample(state: State, seat: int, rng: Rng) -> State:
    other = 1 - seat
    new = dict(state)
    players = [dict(p) for p in state["players"]]
    new["players"] = players
    opp = players[other]
    # Land tiles: the pile and a hidden tile in the opponent's hand.
    hidden_tile = opp["tile"] is not None and not opp["tile_public"]
    pool = sorted(state["pile"] + ([opp["tile"]] if hidden_tile else []))
    rng.shuffle(pool)
    if hidden_tile:
        opp["tile"], pool = pool[0], pool[1:]
    new["pile"] = pool
    # Plan cards, one difficulty at a time.
    decks: dict[str, list[str]] = {}
    hand: list[str] = []
    for difficulty in DIFFICULTIES:
        held = [c for c in opp["plans"] if PLANS[c]["difficulty"] == difficulty]
        pool = sorted(state["decks"][difficulty] + held)
        rng.shuffle(pool)
        hand += pool[: len(held)]
        decks[difficulty] = pool[len(held) :]
    new["decks"] = decks
    opp["plans"] = hand
    # Objectives.
    deck = state["objective_deck"]
    known = set(players[seat]["returned"])
    theirs = set(opp["returned"])
    loose = [i for i, card in enumerate(deck) if card not in known]
    # held objectives are all revealed once the game is over
    public = list(opp["objectives"] if state["finished"] else opp["public_objectives"])
    secret_held = [c for c in opp["objectives"] if c not in public]
    pool = sorted([deck[i] for i in loose] + secret_held + list(opp["choice"]))
    rng.shuffle(pool)
    opp["choice"], pool = pool[: len(opp["choice"])], pool[len(opp["choice"]) :]
    opp["objectives"], pool = public + pool[: len(secret_held)], pool[len(secret_held) :]
    new_deck = list(deck)
    for index, card in zip(loose, pool, strict=True):
        new_deck[index] = card
    new["objective_deck"] = new_deck
    opp["returned"] = [new_deck[i] for i, card in enumerate(deck) if card in theirs]
    new["rng"] = Rng(rng.next_u64()).dump()
    return new


def evaluate(state: State) -> list[float]:
    if state["finished"]:
        final = result(state)
        assert final is not None
        return [float(score) for score in final["scores"]]
    board = board_of(state["placements"])
    islands = board.islands()
    taken = temple_islands(state, board)
    edition = state["options"]["objectives"]
    out = []
    for seat in (0, 1):
        player = state["players"][seat]
        temples = own_temples(state, seat)
        score = float(sum(PLANS[c]["points"] for c in player["scored"]))
        score += sum(points_on(board, c, temples, edition) for c in player["objectives"])
        if player["choice"]:
            score += max(points_on(board, c, temples, edition) for c in player["choice"])
        cargo = state["boats"][seat]["cargo"]
        money = player["drachmas"] + CARGO_SHARE * sum(price(state["market"][c]) for c in cargo)
        provable: list[str] = []
        later: list[str] = []
        for card in player["plans"]:
            free = any(
                islands.of_piece[board.quarter_piece[q]] not in taken
                for q in proven_quarters(board, card, seat)
            )
            (provable if free else later).append(card)
        provable.sort(key=lambda c: -PLANS[c]["points"])
        for card in provable[: TEMPLES - player["temples"]]:
            cost, points = PLANS[card]["cost"], PLANS[card]["points"]
            if money >= cost:
                score += PROVABLE_SHARE * points
                money -= cost
            else:
                score += PROVABLE_SHARE * points * money / cost
                money = 0.0
        score += LATER_SHARE * sum(PLANS[c]["points"] for c in later)
        score += money / DRACHMAS_PER_POINT
        out.append(score)
    return out
