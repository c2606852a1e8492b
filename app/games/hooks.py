"""A rules module's optional hooks (interface.py), each looked up once per module.

Apart from :mod:`.registry` so that mypyc compiles it (:data:`app.native.MODULES`; the
registry's ``UnknownGame`` subclasses ``KeyError``, which a compiled class cannot): the
move path asks for three hooks and runs ``steps`` and ``describe`` on every move.
:mod:`.registry` re-exports every name.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Final, cast

from app.games.interface import Game, JsonDict, Move, State

# (game, hook name) -> the game's optional hook, or None. A module's missing attribute
# costs ~0.6 µs (an AttributeError with a formatted message) and the move path asks for
# three on every move; a dict lookup costs a tenth of that. Rules modules never change.
_HOOKS: Final[dict[tuple[Any, str], Any]] = {}


def hook_of(game: Game, name: str) -> Any:
    """The game's optional hook ``name`` (None without), looked up once per game module."""
    if not isinstance(game, ModuleType):  # a test's stand-in: may change, not cached
        return getattr(game, name, None)
    key = (game, name)
    try:
        return _HOOKS[key]
    except KeyError:
        found = _HOOKS[key] = getattr(game, name, None)
        return found


def redact_move(game: Game, move: Move, mover: int, viewer: int | None, finished: bool) -> Move:
    """What ``viewer`` may see of ``mover``'s move (the game's ``redact_move`` hook, if any)."""
    hook = hook_of(game, "redact_move")
    if hook is None:
        return move
    return cast(Move, hook(move, mover, viewer, finished))


def steps(game: Game, state: State, seat: int, move: Move) -> list[tuple[int, Move, State]]:
    """The turns one ``apply`` plays, as the rules applied them (the game's ``steps`` hook):
    ``(seat, move, state after)`` for the mover's completed move, then for each turn the
    rules play by themselves. Without the hook: the move as sent and ``apply``'s state."""
    hook = hook_of(game, "steps")
    if hook is None:
        return [(seat, move, game.apply(state, seat, move))]
    return cast(list[tuple[int, Move, State]], hook(state, seat, move))


def describe(game: Game, before: State, seat: int, move: Move, after: State) -> JsonDict | None:
    """A public description of one step (the game's ``describe`` hook; None without)."""
    hook = hook_of(game, "describe")
    return None if hook is None else cast(JsonDict, hook(before, seat, move, after))


def secrets(game: Game, state: State) -> list[tuple[frozenset[int], Any]]:
    """Hidden fragments of ``state`` with the seats allowed to see each (the game's hook)."""
    hook = hook_of(game, "secrets")
    if hook is None:
        return []
    return cast(list[tuple[frozenset[int], Any]], hook(state))


def undoable(game: Game, before: State, move: Move, after: State) -> bool:
    """Whether ``move`` may be taken back (the game's ``undoable`` hook; without it, never)."""
    hook = hook_of(game, "undoable")
    return bool(hook is not None and hook(before, move, after))
