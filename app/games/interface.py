"""The game interface every rules module implements (see DESIGN.md, "The game interface").

A game is a module (or any object) with an ``INFO`` and six pure functions::

    setup(seats, options, seed) -> state
    to_act(state) -> set[int]
    legal_moves(state, seat) -> list[move]
    apply(state, seat, move) -> state        # raises a RulesError; never mutates its input
    view(state, seat | None) -> dict
    result(state) -> None | {"ranking", "scores", "breakdown"}

``result`` is ``None`` while the game runs. At the end, ``ranking`` is a list of groups of
seats, best first, seats in one group sharing that place (``[[1], [0, 2]]``); ``scores`` is
a list of totals by seat; ``breakdown`` a list of per-seat dicts (game specific). Games
may add keys (Akropolis adds the Architect's score in solo).

States, moves and views are plain JSON data (dicts, lists, str, int, float, bool, None),
so they can be stored, diffed, replayed and sent without custom encoders.

Optional hooks (defaults in :mod:`app.games.registry`):

``redact_move(move, mover, viewer, finished) -> dict``
    what ``viewer`` may see of a move in the move log (default: the whole move).
``secrets(state) -> list[tuple[frozenset[int], Any]]``
    each hidden JSON fragment of the state with the seats allowed to see it; the
    conformance suite checks no other seat's (or a spectator's) view contains it.
``undoable(state_before, move, state_after) -> bool``
    whether the seat that played ``move`` may take it back (safe undo): True only if
    the move drew nothing at random (no die, no shuffle, no draw from a stack or deck)
    and revealed nothing hidden (no secret commit, no card shown), and did not end the
    game. Pure, like the rest. Without the hook a game has no undo (default: False).
    The room service adds the rules that are not the game's: only the seat's last move
    in force, no other seat acted since, and in a rated game the opponents agree.
``legal_moves_compact(state, seat) -> dict``
    the same moves as ``legal_moves`` in a compact form, for games whose list is long
    (:mod:`app.games.compact`): a product
    ``{"keys": [...], "rows": [[...], ...], "each": {key: [values]}}`` stands for every
    ``dict(zip(keys, row)) | {key: value}`` over the rows and the values (in that order:
    all rows for the first value, then the second…); a table ``{"groups", "rows"}`` for
    any list (``table_form``). A client asks for it with
    ``{"type": "legal_moves", "compact": true}``; without the hook it gets the list.
``steps(state, seat, move) -> list[tuple[int, move, state]]``
    the turns one ``apply`` plays, for the move log: first the mover's move as the rules
    applied it (claims the client may leave out filled in), then each turn the rules play
    by themselves (the solo Akropolis Architect), each with the state after it; the last
    state equals ``apply``'s, and ``apply`` accepts the completed move. Raises like
    ``apply``. Default: the move as sent, one step.
``describe(before, seat, move, after) -> {"en": str, "fr": str}``
    a public description of one step (no hidden information: every viewer reads it).
``deadline(state)`` / ``timeout_move(state, seat)``
    a reaction countdown the room service runs, and the move it plays for a silent seat.

Optional bot hooks, used by :mod:`app.bots` (``docs/bots.md``); a bot works without any
of them, only weaker (a game with ``secrets`` but no ``sample`` gets random moves):

``sample(state, seat, rng) -> state``
    a new state equal to ``state`` in everything ``seat`` can see, with everything it
    cannot see redrawn from ``rng`` (an :class:`app.games.rng.Rng`) consistently with
    what it has seen: face-down stacks and decks, other seats' hands, unrevealed
    simultaneous commits, and the state's own PRNG (reseeded, else future draws are
    predictable). Never mutates its input; the result depends only on the seat's
    information and ``rng`` (so hidden things are put in a canonical order, e.g. sorted,
    before they are shuffled). Every bot simulation starts from such a sample. Once
    ``result`` is not None, whatever the views reveal at the end (e.g. every hand) is kept.
``evaluate(state) -> list[float]``
    a cheap estimate per seat, from a full state: for scored games of each seat's final
    score on the ``result()["scores"]`` scale (solo Akropolis: the Architect at index 1);
    a game may document a 0..1 progress scale instead. Bots compare seats by margin.
``final_values(state) -> list[float]``
    what a finished game is worth to each seat on ``evaluate``'s scale, for games whose
    ``result()["scores"]`` are not on it (Attika: a stalemate's scores are buildings
    built, more than a win's 1). Default: ``result()["scores"]``.
``score(state) -> list[float]``
    the live score per seat (what the game would give if it ended now); the greedy
    baseline maximises it (default: ``evaluate``).
``rollout_move(state, seat, rng) -> move``
    a quick, reasonable legal move for simulations (default: uniformly random).
``quiet(state) -> bool``
    whether a simulation may stop here and trust ``evaluate`` (default: always).
``bot_moves(state, seat, moves) -> moves``
    the legal moves (``moves``) a bot may pick from, never empty, decided from what the
    seat sees: a game drops moves no bot should play, e.g. a free move that undoes the
    previous one and would let a search loop forever (default: all of them).
``move_group(move) -> hashable``
    the move's strategic choice (Akropolis: which site tile it takes): the search keeps
    the best moves of every group among its candidates, not only the best group's variants
    (default: none, the best moves whatever they share).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

JsonDict = dict[str, Any]
State = JsonDict
Move = JsonDict
View = JsonDict
Result = JsonDict


class RulesError(ValueError):
    """Base of the three ways a move can be refused by the rules."""

    code = "rules_error"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedMove(RulesError):
    """The move is not of a shape this game understands."""

    code = "malformed_move"


class IllegalMove(RulesError):
    """The move is well formed but the rules forbid it now; ``reason`` says which rule."""

    code = "illegal_move"


class NotYourTurn(RulesError):
    """The seat is not among ``to_act(state)``."""

    code = "not_your_turn"


class InvalidOptions(ValueError):
    """Room options (or seat count) that this game cannot be set up with."""


OptionKind = Literal["bool", "choice", "int"]


@dataclass(frozen=True)
class OptionSpec:
    """One room option, shown in the create-room form and validated on the server."""

    name: str
    kind: OptionKind
    default: Any
    label: dict[str, str]
    choices: tuple[Any, ...] = ()
    choice_labels: dict[str, dict[str, str]] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    help: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> JsonDict:
        data: JsonDict = {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "label": self.label,
        }
        if self.choices:
            data["choices"] = list(self.choices)
            data["choice_labels"] = self.choice_labels
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.help:
            data["help"] = self.help
        return data


@dataclass(frozen=True)
class GameInfo:
    """Static metadata of a game: identity, seat range, options and rules version.

    ``version`` is bumped whenever behaviour changes, so that a stored move log is
    replayed under the rules that produced it. ``check_options`` refuses option
    combinations the game cannot be set up with (after generic type checks);
    ``option_limits(seats)`` states the same limits as JSON Schema, per option, so the
    API schema lists them (app.api.openapi_games; tests check the two agree).
    """

    id: str
    name: dict[str, str]
    min_seats: int
    max_seats: int
    version: int
    options: tuple[OptionSpec, ...] = ()
    check_options: Callable[[int, JsonDict], None] | None = None
    option_limits: Callable[[int], JsonDict] | None = None
    test_only: bool = False

    def to_json(self) -> JsonDict:
        return {
            "id": self.id,
            "name": self.name,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "version": self.version,
            "options": [spec.to_json() for spec in self.options],
        }


class Game(Protocol):
    """Structural type of a rules module."""

    INFO: GameInfo

    def setup(self, seats: int, options: JsonDict, seed: int) -> State: ...

    def to_act(self, state: State) -> set[int]: ...

    def legal_moves(self, state: State, seat: int) -> Sequence[Move]: ...

    def apply(self, state: State, seat: int, move: Move) -> State: ...

    def view(self, state: State, seat: int | None) -> View: ...

    def result(self, state: State) -> Result | None: ...
