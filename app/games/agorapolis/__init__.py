"""Agorapolis (2–6 seats): dice, simultaneous secret bets, six cities, 19 exploit cards.

The rules authority is the Agorapolis specification (state machine §4, moves §14, hidden
information §15, timeouts §16, invariants §17, decisions §18); this package follows it.
Card and city data live in :mod:`.cards` and :mod:`.cities`; the combination rules in
:func:`app.games.agorapolis.combos.best_combination`.

Interface: ``INFO``, ``setup``, ``to_act``, ``legal_moves``, ``apply``, ``view``,
``result``. Optional hooks for the room service:

``secrets(state)``
    every hidden fragment with the seats allowed to see it (see :mod:`.view`).
``redact_move(move, mover, viewer, finished)``
    others' ``play_exploits``, ``bet``, ``exploit_bid``, ``strife_allocate``,
    ``strife_resist`` and ``exploit_pick`` moves become ``{"type": t, "hidden": true}``
    (bets keep their sector) until the game ends; ``heroic_distribute`` shows a viewer
    only its own card.
``timeout_move(state, seat)``
    the §16 default move for a silent seat.
``undoable(before, move, after)``
    safe undo (:mod:`.undo`): no secret commit, no die or shuffle, no hidden fragment
    changed (nothing drawn, played from a hand or shown), not the final move.
``sample``, ``evaluate``, ``rollout_move``, ``bot_moves``
    the bot hooks (see :mod:`.ai`).
``deadline(state)``
    ``{"seats", "seconds": 20, "kind": "resist"}`` while a §7.4 resistance prompt is
    open, else ``None``; on expiry the room service plays ``timeout_move``.

Simultaneous states (``HARVEST_PLAY``, ``HARVEST_STRIFE``, ``HARVEST_STRIFE_RESIST``,
``INVEST_BET``, ``EXPLOIT_BID``): ``to_act`` holds the seats still owing their secret
commit; views show only who has committed (``committed``); the reveal happens when
the last expected seat commits, processing commits in seat order, so the order of
commits never changes the outcome.

Implementation decisions where the spec leaves room (besides its §18):

- Automatic finalising (§4, "an active seat whose only legal move is finalise") is
  checked whenever a seat becomes active *and* after each of its action moves.
- Ranking: every place (not only the first) is ordered by renown, then reserve total;
  seats still equal share the place.
- ``renown_target`` 0 means the spec's default (18 / 14 / 10 by player count); a room
  may only lower it (1..default).
- ``legal_moves`` is complete everywhere except ``exploit_bid`` (canonical as §14
  allows: one vector per total, greedy from the largest reserve) and, as a safety valve,
  ``play_exploits`` beyond 8,192 combinations, i.e. about a dozen held cards (nothing,
  each card alone, all cards); ``apply`` accepts any valid move regardless.
- Internal Strife's m uses the target's *total* spendable points over all sectors.
- A pending Heroic Year draw is seen by its owner only (Astronomical Insight sees the
  cards once they are held).
- Setting a die to its own value (Athens), re-betting the same count (Delphi) or swapping
  equal dice are accepted: they use the power / pay the cost like any other use.
- ``redact_move`` hides every ``bet`` of others, including the Pythia bet that the view
  shows at once (the log cannot tell them apart without the state).
- Illegal moves raise ``IllegalMove`` whose reason starts with the §14 code
  (``"not_enough_reserve: ..."``); a move type unknown to the game is ``MalformedMove``
  and a known type in the wrong state is ``IllegalMove("wrong_phase: ...")``.
- The public event log in the state (and views) keeps the last 40 events.
"""

from __future__ import annotations

from typing import Any

# Imported first by every import of the package: fills the phase table (see .flow).
from app.games.agorapolis import flow  # noqa: F401
from app.games.agorapolis.ai import bot_moves, evaluate, rollout_move, sample
from app.games.agorapolis.defaults import deadline, timeout_move
from app.games.agorapolis.endgame import result
from app.games.agorapolis.initial import default_target
from app.games.agorapolis.initial import setup as _setup
from app.games.agorapolis.rules import apply, legal_moves, to_act
from app.games.agorapolis.undo import undoable
from app.games.agorapolis.view import redact_move, secrets, view
from app.games.compact import table_form
from app.games.interface import GameInfo, InvalidOptions, JsonDict, OptionSpec, State


def _check_options(seats: int, options: JsonDict) -> None:
    target = options.get("renown_target", 0)
    if target and target > default_target(seats):
        raise InvalidOptions(
            f"renown_target may only lower the target: at most {default_target(seats)} "
            f"with {seats} players (0 = standard)"
        )


INFO = GameInfo(
    id="agorapolis",
    name={"en": "Agorapolis", "fr": "Agorapolis", "de": "Agorapolis"},
    min_seats=2,
    max_seats=6,
    version=1,
    options=(
        OptionSpec(
            name="renown_target",
            kind="int",
            default=0,
            minimum=0,
            maximum=18,
            label={"en": "Renown target", "fr": "Renommée à atteindre", "de": "Ziel an Ruhm"},
            help={
                "en": "0 = standard (18 with 2 players, 14 with 3–4, 10 with 5–6); "
                "a lower value makes a shorter game.",
                "fr": "0 = standard (18 à 2 joueurs, 14 à 3–4, 10 à 5–6) ; "
                "une valeur plus basse raccourcit la partie.",
                "de": "0 = Standard (18 bei 2 Spielern, 14 bei 3–4, 10 bei 5–6); "
                "ein niedrigerer Wert verkürzt die Partie.",
            },
        ),
    ),
    check_options=_check_options,
    option_limits=lambda seats: {"renown_target": {"maximum": default_target(seats)}},
)


def setup(seats: int, options: dict[str, Any], seed: int) -> State:
    if not INFO.min_seats <= seats <= INFO.max_seats:
        raise InvalidOptions(f"agorapolis is played by 2 to 6 seats, not {seats}")
    _check_options(seats, options)
    return _setup(seats, options, seed)


__all__ = [
    "INFO",
    "apply",
    "bot_moves",
    "deadline",
    "evaluate",
    "legal_moves",
    "legal_moves_compact",
    "redact_move",
    "result",
    "rollout_move",
    "sample",
    "secrets",
    "setup",
    "timeout_move",
    "to_act",
    "undoable",
    "view",
]


def legal_moves_compact(state: State, seat: int) -> JsonDict:
    """:func:`legal_moves` in the table form (:func:`app.games.compact.table_form`): six
    seats handing out six hero cards have 720 ways, 192 KB of JSON (12 KB as a table)."""
    return table_form(list(legal_moves(state, seat)))
