"""Games of the four games played over a real server's sockets, for the backup tests.

Each table seats a guest host and random bots; the host plays seeded random legal moves
through its socket while the bots answer on the server. Every version the host's socket
has seen was committed before it was published, so ``Table.acknowledged`` is a count
of moves the store must keep: a backup taken after it must hold at least that many.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.conftest import Player, RoomSocket, RunningServer

GAMES = ("akropolis", "agorapolis", "akrotiri", "attika")


@dataclass
class Table:
    room_id: str
    game: str
    player: Player
    sock: RoomSocket

    @property
    def acknowledged(self) -> int:
        """Moves (log rows) committed as far as this table's host knows: version 1 is
        the initial state, each row makes the next."""
        return self.sock.version - 1

    @property
    def finished(self) -> bool:
        return self.sock.view is not None and self.sock.view["result"] is not None


async def open_tables(
    server: RunningServer, per_game: int, *, games: tuple[str, ...] = GAMES, seats: int = 2
) -> list[Table]:
    """``per_game`` started rooms of each game, each with its host's socket open."""
    tables = []
    for game in games:
        for number in range(per_game):
            player = await Player(server, f"{game[:6]}{number}").as_guest()
            created = await player.http.post("/api/rooms", json={"game": game, "seats": seats})
            assert created.status_code == 201, created.text
            room_id = created.json()["id"]
            for _ in range(seats - 1):
                added = await player.http.post(f"/api/rooms/{room_id}/bots", json={"bot": "random"})
                assert added.status_code == 200, added.text
            started = await player.http.post(f"/api/rooms/{room_id}/start")
            assert started.status_code == 200, started.text
            sock = await player.socket(room_id)
            await sock.receive_until("snapshot")
            tables.append(Table(room_id, game, player, sock))
    return tables


async def play(table: Table, seed: int, *, until: asyncio.Event | None = None) -> None:
    """The host plays random legal moves until the game ends (or ``until`` is set)."""
    rng = random.Random(seed)
    sock = table.sock
    number = 0
    while not table.finished and not (until is not None and until.is_set()):
        if 0 not in sock.view["to_act"]:
            await sock.receive()  # a bot's move (or another version) comes
            continue
        await sock.send({"type": "legal_moves"})
        legal = await sock.receive_until("legal_moves")
        if legal["version"] != sock.version or not legal["moves"]:
            continue  # the table moved on meanwhile: look again
        number += 1
        ident = f"m{number}"
        move = rng.choice(legal["moves"])
        await sock.send({"type": "move", "id": ident, "move": move, "version": legal["version"]})
        await _answer(sock, ident)


async def _answer(sock: RoomSocket, ident: str) -> dict[str, Any]:
    """The ack of move ``ident``, or its refusal for a version a bot made stale."""
    while True:
        message = await sock.receive()
        if message.get("id") != ident or message["type"] not in ("ack", "error"):
            continue
        if message["type"] == "error":
            assert message["code"] in ("stale_version", "not_your_turn", "game_not_running"), (
                message
            )
        return message


async def close_tables(tables: list[Table]) -> None:
    for table in tables:
        await table.player.close()


async def logs(database_url: str) -> dict[str, list[tuple[int, int, str, str]]]:
    """Every room's move log as stored: (seq, seat, kind, move JSON) per row, in order."""
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(
                text("SELECT room_id, seq, seat, kind, move FROM moves ORDER BY room_id, seq")
            )
            found: dict[str, list[tuple[int, int, str, str]]] = {}
            for room_id, seq, seat, kind, move in rows:
                found.setdefault(room_id, []).append((seq, seat, kind, move))
            return found
    finally:
        await engine.dispose()
