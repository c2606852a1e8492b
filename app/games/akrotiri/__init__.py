"""Akrotiri (Jay Cormier & Sen-Foong Lim, Filosofia 2014): two players lay land tiles, sail
through the growing archipelago, sell resources on Thera and excavate the temples their
secret plan cards locate.

The rules follow ``rules/akrotiri.md`` (decisions D1–D32) and the component data of
``components.json`` (copied into this package). Move and view shapes, the public
functions and the hooks: ``docs/games/akrotiri.md``.

Public functions (contracts; maps are lists of ``{"tile", "cell": [cx, cy], "rot"}``):
:func:`app.games.akrotiri.plans.plan_proven`,
:func:`app.games.akrotiri.objectives.objective_points`,
:func:`app.games.akrotiri.movement.move_cost`, :func:`app.games.akrotiri.market.sell`.
Hooks for search bots: :func:`sample` and :func:`evaluate` (see :mod:`.hooks`).

Decisions taken here where the spec leaves a choice open:

* **Seats.** Seat 0 is *south* (boat on ``THERA:T1``), seat 1 *north* (``THERA:T2``). The
  first player is drawn from the state's PRNG at setup and keeps the role all game.
* **Setup order.** Both setup tiles are dealt into the hands at once (secret until
  placed); the first player places theirs and its free cube, then the second. Only then
  are plans (1 easy, 1 medium) and 2 objectives dealt to each; the first player keeps an
  objective, then the second (each returned card goes under the deck, in that order);
  then each draws a tile into hand (first player first) and, with the Strategist
  variant, the next 4 objectives are laid face up.
* **Resources.** The icon cube is placed with the tile (it leaves no choice); the free
  cube is the separate move ``place_resources``, skipped when impossible (D6, D7).
  Cubes are kept per piece: ``load`` takes them from the island's pieces in a fixed
  order, ``unload`` puts them on the piece of the port.
* **Movement moves.** ``legal_moves`` offers one movement per reachable port,
  ``{"type": "move", "to": port, "cost": n}``: the cheapest, preferring one that keeps a
  paid-for leg of an empty boat, then fewer legs (``apply`` finds the same legs again and
  logs them; listing the legs of ~25 destinations per position would triple the cost of
  ``legal_moves``). ``apply`` also accepts any valid explicit ``legs`` (the server picks the
  cheapest route for each sea leg; a movement may then end where it began). A paid-for second
  leg (``pending_free``) survives only into the next ``move``: any other move, free
  actions included, clears it.
* **Cubes as multisets.** ``load``, ``unload`` and ``sell`` name colours; a sale pays the
  same whatever the order between colours, so ``sell`` takes a multiset.
* **The oracle's tile.** Tiles revealed by the oracle are public (§11), so the tile it
  hands over is shown face up in every view until it is placed; the other revealed
  tiles go to the (public) discard. The log names revealed tiles by terrain only, so no
  id of a tile that returns face down to the pile after a reshuffle stays in a view.
* **Objective draws.** With one card left in the deck it is kept without a choice; with
  the Strategist variant, an offer of one card is taken automatically and an empty offer
  gives nothing.
* **End of game.** The game ends at the end of the round in which a sixth temple is
  excavated (after the first player's turn if the second player triggered it, else
  after the second player's last turn); nobody draws a tile at that last ``end_turn``.
* **Stall rule (D31).** A round counts when no tile was left anywhere as it began (the
  first player's turn); it is a round without progress if neither player excavated,
  sold at least one cube or bought plan cards in it.
* **Revealed at the end.** Every held objective (with its points); plan cards never
  excavated stay secret.
* **Claims.** Moves from ``legal_moves`` carry what they would cost or pay (``cost``,
  ``gain``, ``price``); ``apply`` refuses a move whose claim no longer matches (stale).
* **Objective values.** Room option ``objectives``: ``"fr"`` (the seed, default) or
  ``"en"`` (the English cards, D20). ``result()`` ranks by points, then drachmas; still
  equal seats share the place. ``result()["end"]`` is ``"temples"`` or ``"stall"``.
* **Errors.** A port or card that does not exist is an ``IllegalMove`` (well-formed, but
  not on this map); a move of a type the current step does not take is ``IllegalMove``
  with a reason starting ``wrong_phase:``.
* **Memoisation.** Boards (islands, route channels, plan proofs, distances) are memoised
  by placement list (see :mod:`.cache`); states are never mutated, so this is pure.
"""

from __future__ import annotations

from app.games.akrotiri.hooks import evaluate, sample
from app.games.akrotiri.rules import apply, legal_moves, to_act
from app.games.akrotiri.scoring import result
from app.games.akrotiri.setup import INFO, setup
from app.games.akrotiri.undo import undoable
from app.games.akrotiri.view import redact_move, secrets, view

__all__ = [
    "INFO",
    "apply",
    "evaluate",
    "legal_moves",
    "redact_move",
    "result",
    "sample",
    "secrets",
    "setup",
    "to_act",
    "undoable",
    "view",
]
