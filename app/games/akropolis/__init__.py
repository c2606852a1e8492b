"""Akropolis (Jules Messaud, Gigamic 2022): 1 to 4 seats, solo against the Illustrious
Architect, five scoring variants, long game.

The rules follow ``rules/akropolis.md`` (decisions D1–D18) and the component data of
``tiles.json`` (copied into this package). Move and view shapes: ``docs/games/akropolis.md``.

Decisions taken here where the spec leaves a choice open:

* **First player.** The spec allows "at random or by host choice"; the Chief Architect of
  the first round is drawn from the state's PRNG at setup (a seated host has no special
  role). Starting stones are 1, 2, 3, 4 clockwise from that seat (D7). In solo the human
  is seat 0, first, with 1 stone.
* **Seat numbers.** Seats are 0-based (the spec's "seat 1" is the first player). In solo
  the Illustrious Architect occupies place 1 (D18): ``state["turn"]`` is 1 during its
  (automatic) turn, ``result()["ranking"]`` is ``[[0], [1]]`` when the human wins and
  ``[[1], [0]]`` otherwise (D10), ``scores``/``breakdown`` have the Architect's entry at
  index 1 (so every seat named in the ranking has a score), and ``result()["architect"]``
  repeats it with its level. ``view`` shows it under ``architect``.
* **Architect's turns** run inside ``apply`` right after the human's turn (so ``to_act``
  only ever names seat 0 in solo). ``last_move["architect"]`` says what it took. The
  ``steps`` hook (:mod:`.log`) gives the move log the placement completed with its
  level and stones, and the Architect's turn as an entry of its own; ``describe``
  words each step.
* **Move claims.** ``legal_moves`` returns ``level`` and ``stones``; ``apply`` accepts them
  and refuses a move whose claims do not match the position (a stale move), and accepts
  the bare ``{"tile", "q", "r", "rot"}`` form.
* **Architect level option** is accepted with any seat count and ignored unless solo;
  variants are allowed in solo with BGA's Architect rules (D9).
* **Order of legal moves** is fixed (tile index, then triangle shape, raised before
  ground, position, rotation) but has no meaning; tests compare sorted lists.
* **Memoisation.** ``geometry.decode`` keeps the last few decoded cities keyed by the
  identity of their placement list (states are never mutated, so this is pure
  memoisation: ``legal_moves``, ``apply`` and the views of one state decode once).
* **Far coordinates.** A move naming a position more than 256 away from the origin is
  refused as "not adjacent" (no legal city can reach it).
* **Undo** (``undoable``, :mod:`.undo`): a placement may be taken back unless the site
  was refilled from a stack (tiles revealed) on that turn or the Architect's after it.
* **Secrets.** A face-down tile is hidden as its card ``{"id": n, "hexes": [...]}``, the
  form in which tiles appear in views (see :mod:`.view`).
"""

from __future__ import annotations

from app.games.akropolis.ai import evaluate, move_group, rollout_move, sample, score
from app.games.akropolis.log import describe, steps
from app.games.akropolis.rules import apply, legal_moves, legal_moves_compact, result, to_act
from app.games.akropolis.setup import INFO, setup
from app.games.akropolis.undo import undoable
from app.games.akropolis.view import secrets, view

__all__ = [
    "INFO",
    "apply",
    "describe",
    "evaluate",
    "legal_moves",
    "legal_moves_compact",
    "move_group",
    "result",
    "rollout_move",
    "sample",
    "score",
    "secrets",
    "setup",
    "steps",
    "to_act",
    "undoable",
    "view",
]
