"""bench/move_path.py drives the room sockets' real move path: it must keep up with it."""

from __future__ import annotations

import uvloop

from tests.bench import load_script


def test_every_room_plays_its_moves_through_the_socket_sessions() -> None:
    move_path = load_script("move_path")
    # run() asserts that every move was sent, committed and answered with patches.
    cost = uvloop.run(move_path.run(rooms=3, moves=60))
    assert cost > 0
