"""A test server's fixed seeds (``agora_test_seeds``): the same deal and the same random
bots in every room of that game, and a setting no production server can turn on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from app.config import Settings
from app.rooms.context import seed_commitment
from tests.conftest import Player, RunningServer, base_settings, play_race_to_the_end, start_server


def test_fixed_seeds_need_the_test_games() -> None:
    with pytest.raises(ValidationError, match="AGORA_TEST_GAMES"):
        Settings(agora_test_games=False, agora_test_seeds={"race": 5})


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    path: Path = tmp_path_factory.mktemp("seeds") / "agora.db"
    running = start_server(
        base_settings(database_url=f"sqlite+aiosqlite:///{path}", agora_test_seeds={"race": 5})
    )
    yield running
    running.stop()


async def game_against_a_random_bot(server: RunningServer) -> tuple[str, list[Any]]:
    """Alice adds 1 each turn against a random bot; the seed hash and the move log."""
    alice = await Player(server, "Alice").as_guest()
    try:
        created = await alice.http.post(
            "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": 60}}
        )
        room = created.json()
        await alice.http.post(f"/api/rooms/{room['id']}/bots", json={"bot": "random"})
        started = (await alice.http.post(f"/api/rooms/{room['id']}/start")).json()
        sock = await alice.socket(room["id"])
        await sock.receive_until("snapshot")
        await play_race_to_the_end({0: sock})
        log = (await alice.http.get(f"/api/rooms/{room['id']}/log")).json()["moves"]
        return started["seed_hash"], [(entry["seat"], entry["move"]) for entry in log]
    finally:
        await alice.close()


async def test_every_room_gets_the_seed_and_its_bots_replay(seeded_server: RunningServer) -> None:
    first_hash, first = await game_against_a_random_bot(seeded_server)
    second_hash, second = await game_against_a_random_bot(seeded_server)
    assert first_hash == second_hash == seed_commitment("5")
    bot_moves = [move["add"] for seat, move in first if seat == 1]
    assert len(bot_moves) >= 20 and set(bot_moves) == {1, 2}  # random, not constant
    assert second == first
