"""The move log replayed, undos included: every version's state and the moves still in force.

A log row is a move (``kind == "move"``) or an undo (``kind == "undo"``, its move is
``{"undo": seq}`` naming the move taken back). Replaying applies moves with the game's
``apply`` and, on an undo, returns to the state before the move it names, which must be
the last move still in force. So the state after the last row equals the stored state,
and ``/verify`` and the replay stay exact with undos in the log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

import orjson

from app.games.interface import Game, JsonDict, Move, State
from app.rooms.movelog import stored_move

UNDO = "undo"


class LogRow(Protocol):
    seq: int
    seat: int
    move: str
    kind: str


class BrokenLog(Exception):
    """An undo row that does not name the last move in force (the log was tampered with)."""


@dataclass
class Step:
    """A move still in force: who played it and the states around it."""

    seq: int
    seat: int
    move: Move
    before: State
    after: State


@dataclass
class Timeline:
    states: list[State]  # the state after each row, the initial state first
    steps: list[Step] = field(default_factory=list)  # moves in force, oldest first
    undone: set[int] = field(default_factory=set)  # seqs of moves taken back


def undo_target(row: LogRow) -> int | None:
    """The seq an undo row takes back (None for a move row)."""
    if getattr(row, "kind", "move") != UNDO:
        return None
    return int(orjson.loads(row.move)[UNDO])


def replay(game: Game, initial: State, rows: Iterable[LogRow]) -> Timeline:
    timeline = Timeline(states=[initial])
    state = initial
    for row in rows:
        target = undo_target(row)
        if target is None:
            move: Move = stored_move(row.move)
            after = game.apply(state, row.seat, move)
            timeline.steps.append(Step(row.seq, row.seat, move, state, after))
            state = after
        else:
            if not timeline.steps or timeline.steps[-1].seq != target:
                raise BrokenLog(f"undo row {row.seq} names move {target}, not the last in force")
            step = timeline.steps.pop()
            timeline.undone.add(step.seq)
            state = step.before
        timeline.states.append(state)
    return timeline


def undo_entry(row: LogRow) -> JsonDict | None:
    """The log entry of an undo row (None for a move row)."""
    target = undo_target(row)
    return None if target is None else {"undo": target}
