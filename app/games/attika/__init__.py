"""Attika (Marcel-André Casasola Merkle, Hans im Glück 2003): 2 to 4 seats, a race to build a
city-state: all 30 buildings on the map, or two shrines joined by a line of one's own.

The rules follow ``rules/attika.md`` (decisions D1–D24) and the component data of
``components.json`` (copied into this package; every cost, chain, piece, layout and count
is read from it). Move, view and result shapes: ``docs/games/attika.md``. The cost
functions outside checks call live in :mod:`.costs` (``build_cost``, ``payment_valid``,
``min_payment_cards``).

Decisions taken here where the spec leaves a choice open:

* **Seats and start.** Seats are 0-based. The start player is drawn from the state's PRNG
  at setup; start cards are 4, 5, 6, 7 clockwise from them (the spec's "seat 1" is the
  start player). Shrines are named by the data (``S1``…).
* **Piles.** The top of every stack, deck and pile is its last element; stack 0 is the
  main stack. The reserve keeps arrival order and has no limit (D24).
* **Move shapes and claims** (:mod:`.moves`). ``legal_moves`` lists one move per
  (building, empty hex) the seat can pay, carrying the cost (the ``build_cost`` shape),
  the canonical payment ``pay``, the cards that pay as themselves (``matched``) and the
  number of joker pairs (``jokers``); ``apply`` checks the claims that are sent and accepts
  any valid payment (§5.3, D5), voluntary pairs and all. Leaving ``pay`` out means the
  canonical payment.
* **Canonical payment.** Fewest cards: every owed symbol the hand holds is paid by a
  matching card, then ``2 * jokers + due_any`` more cards are taken one at a time from the
  type the hand holds most of (ties in type order), keeping the rarest cards. Any other
  choice of that many cards among the rest of the hand is just as valid (the board lets
  the player pick them); a payment with more cards is valid too but never offered.
* **Twins.** The two Towers, the three Ships and the four Roads are identical in play:
  ``legal_moves`` lists each build once, under the twin that reached the reserve first;
  ``apply`` accepts the id of any twin in the reserve (or of the drawn one).
* **End of the normal turn.** It ends by itself once the chosen option's actions are used
  up (2 draws or 3 builds, each fully resolved: drawn building built or reserved, a new
  map piece placed); otherwise by ``end_actions`` (which claims the cards it gives).
* **Amphora phase** (D10). A ``draw``, ``build`` or ``take_card`` move in this phase
  spends one amphora (its claim ``"amphora": true``); spent amphorae return to the supply.
  A kind is listed only when it can be carried out: a draw needs a non-empty stack, a build
  a payable hex, a card a card in the deck or the discard pile. The phase ends with
  ``pass``, or by itself when an action leaves no amphora.
* **Drawn building and map piece.** A drawn building may always go to the reserve (D20,
  "cannot or will not"). A piece owed by an emptied stack is drawn (and shown to all) once
  the drawn building is resolved (D13); ``place_piece`` lists every legal anchor with all
  6 rotations, even rotations that give the same symbols.
* **Cards are private, payments too.** Paid cards go to a face-down discard pile (the spec
  lists only its size as public): other seats see how many cards a build cost, never which
  (views, log events, ``redact_move``). Every hand is shown once the game is over.
* **Amphora earning** (§7.1, D9, D11). Checked when a group's last building is placed;
  ``earned`` lists the groups that paid out (an amphora or, with an empty supply, a card
  from the deck or the reshuffled discard pile; nothing if both are empty, D16).
* **Stalemate.** The rules allow a dead end: all cards held, nobody able to pay for
  anything, stacks empty. When a whole round of turns (``seats`` turns in a row) changes
  nothing but whose turn it is (no building drawn, built or reserved, no piece placed, no
  card drawn), the state is a fixed point and the game ends with ``victory`` =
  ``"stalemate"``, places by buildings built then by the shortest shrine link. Every other
  turn changes something of which there is a finite amount, so every game ends.
* **Result.** A victory ranks the winner first and everybody else second together
  (``scores`` 1 / 0); the breakdown gives buildings built, shrine link distance, amphorae
  and cards.
* **Public event log.** The state and the views keep the last 40 events (what was drawn,
  built where and for how many cards, pieces, cards received, amphorae), which the board
  words as its log.
* **Memoisation.** The decoded map is cached on the identity of the pieces list, the
  empty hexes and their visible symbols on the identity of the occupancy list, and a seat's
  cost context on (occupancy list, seat): states are never mutated, so this is pure
  memoisation shared by ``legal_moves``, ``apply`` and the views of one state.
* **Coordinates** beyond ±10,000 in a move are malformed; moves are listed in a fixed
  order that carries no meaning.

Hooks for search bots: :func:`sample` (:mod:`.sample`) redraws what a seat cannot see;
:func:`evaluate` (:mod:`.evaluate`) estimates each seat's progress on 0..1 and
:func:`final_values` puts a finished game on that scale (a stalemate's leaders 0.5);
:func:`quiet` and :func:`rollout_move` (:mod:`.rollout`) let a simulation finish its turn.
"""

from __future__ import annotations

from app.games.attika.evaluate import evaluate, final_values
from app.games.attika.rollout import quiet, rollout_move
from app.games.attika.rules import legal_moves, result, to_act
from app.games.attika.sample import sample
from app.games.attika.setup import INFO, setup
from app.games.attika.turn import apply
from app.games.attika.undo import undoable
from app.games.attika.view import redact_move, secrets, view
from app.games.compact import table_form
from app.games.interface import JsonDict, State

__all__ = [
    "INFO",
    "apply",
    "evaluate",
    "final_values",
    "legal_moves",
    "legal_moves_compact",
    "quiet",
    "redact_move",
    "result",
    "rollout_move",
    "sample",
    "secrets",
    "setup",
    "to_act",
    "undoable",
    "view",
]


def legal_moves_compact(state: State, seat: int) -> JsonDict:
    """:func:`legal_moves` in the table form (:func:`app.games.compact.table_form`): a
    build turn lists each spot with the same payment and cost claims: up to 150 KB of JSON
    in 10,000 random positions, 30 KB as a table (``bench/message_sizes.py``)."""
    return table_form(list(legal_moves(state, seat)))
