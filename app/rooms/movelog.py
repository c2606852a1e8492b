"""What a move-log row stores: the move as the rules applied it, plus public annotations.

A stored move is the game's ``steps`` hook's completed move (Akropolis: with the
``level`` and ``stones`` the rules found even when the client sent the bare form), and,
when there is something to say, the reserved key ``"_log"``::

    {"description": {"en", "fr"},           # the game's ``describe`` hook
     "auto": [{"seat", "move", "description"}],  # turns the rules played themselves
     "hint": true}                           # the seat had asked for a hint (app.rooms.hints)

``"_log"`` is never part of the move the rules see: :func:`stored_move` removes it
before a replay applies the move, so replay and verification stay exact. The move log
shows each ``auto`` turn as an entry of its own (``kind: "auto"``), and the replay a
frame for it (app.rooms.history).
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from app.games.hooks import describe, steps
from app.games.interface import Game, JsonDict, Move, State

LOG_KEY: Final = "_log"


def apply_for_log(game: Game, state: State, seat: int, move: Move) -> tuple[State, str]:
    """Apply ``move`` (raises the rules' errors); the new state and the row's move JSON."""
    played = steps(game, state, seat, move)
    before = state
    notes: list[JsonDict] = []
    for step_seat, step_move, after in played:
        note: JsonDict = {"seat": step_seat, "move": step_move}
        description = describe(game, before, step_seat, step_move, after)
        if description is not None:
            note["description"] = description
        notes.append(note)
        before = after
    completed = played[0][1]
    log: JsonDict = {}
    if "description" in notes[0]:
        log["description"] = notes[0]["description"]
    if len(notes) > 1:
        log["auto"] = notes[1:]
    stored: Any = {**completed, LOG_KEY: log} if log and isinstance(completed, dict) else completed
    return played[-1][2], orjson.dumps(stored).decode()


def mark_hinted(text: str) -> str:
    """A row's move JSON with ``"hint": true`` among its annotations (a move that is not
    a JSON object has nowhere to carry it and stays as it is)."""
    move: Any = orjson.loads(text)
    if not isinstance(move, dict):
        return text
    notes = move.get(LOG_KEY)
    move[LOG_KEY] = {**(notes if isinstance(notes, dict) else {}), "hint": True}
    return orjson.dumps(move).decode()


def stored_move(text: str) -> Move:
    """The move of a stored row as the rules take it (annotations removed)."""
    move: Any = orjson.loads(text)
    if isinstance(move, dict) and LOG_KEY in move:
        move = {key: value for key, value in move.items() if key != LOG_KEY}
    return move  # type: ignore[no-any-return]


def log_notes(text: str) -> JsonDict:
    """A stored row's ``"_log"`` annotations ({} when it has none)."""
    move: Any = orjson.loads(text)
    if isinstance(move, dict) and isinstance(move.get(LOG_KEY), dict):
        return move[LOG_KEY]  # type: ignore[no-any-return]
    return {}
