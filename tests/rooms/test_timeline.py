"""The move log replayed with undos: the last state equals the one the room stored."""

from __future__ import annotations

import random
from dataclasses import dataclass

import orjson
import pytest

from app.games import agorapolis, akropolis, race
from app.games.interface import Game, State
from app.games.registry import undoable
from app.rooms.timeline import BrokenLog, replay


@dataclass
class Row:
    seq: int
    seat: int
    move: str
    kind: str = "move"


def play_with_undos(game: Game, seats: int, options: dict, seed: int) -> tuple[State, list[Row]]:
    """A random game where, after each undoable move, its player takes it back half the
    time (and plays again): the log and the state a room would have stored."""
    chooser = random.Random(seed)
    initial = game.setup(seats, options, seed)
    history: list[tuple[State, int, int]] = []  # (state before, seat, seq) of moves in force
    rows: list[Row] = []
    state = initial
    undos = 0
    while game.result(state) is None and len(rows) < 3000:
        seat = chooser.choice(sorted(game.to_act(state)))
        move = chooser.choice(list(game.legal_moves(state, seat)))
        after = game.apply(state, seat, move)
        rows.append(Row(len(rows) + 1, seat, orjson.dumps(move).decode()))
        history.append((state, seat, rows[-1].seq))
        if (
            game.result(after) is None
            and undoable(game, state, move, after)
            and chooser.random() < 0.5
        ):
            before, mover, seq = history.pop()
            rows.append(Row(len(rows) + 1, mover, orjson.dumps({"undo": seq}).decode(), "undo"))
            state = before
            undos += 1
            continue
        state = after
    assert undos > 0
    return state, rows


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        (race, 3, {"target": 30}),
        (akropolis, 2, {}),
        (akropolis, 1, {"architect_level": "callicrates"}),
        (agorapolis, 3, {"renown_target": 5}),
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_replay_with_undos_ends_on_the_stored_state(
    game: Game, seats: int, options: dict, seed: int
) -> None:
    stored, rows = play_with_undos(game, seats, options, seed)
    timeline = replay(game, game.setup(seats, options, seed), rows)
    assert timeline.states[-1] == stored
    assert len(timeline.states) == len(rows) + 1
    undos = [row for row in rows if row.kind == "undo"]
    assert timeline.undone == {orjson.loads(row.move)["undo"] for row in undos}
    assert len(timeline.steps) == len(rows) - 2 * len(undos)


def test_an_undo_must_name_the_last_move_in_force() -> None:
    initial = race.setup(2, {"target": 10}, seed=1)
    rows = [Row(1, 0, '{"add": 1}'), Row(2, 1, '{"add": 2}'), Row(3, 0, '{"undo": 1}', "undo")]
    with pytest.raises(BrokenLog):
        replay(race, initial, rows)
    state = replay(race, initial, rows[:2] + [Row(3, 1, '{"undo": 2}', "undo")]).states[-1]
    assert state["counter"] == 1 and state["turn"] == 1
