"""examples/bot_client.py plays complete rated games of each game: against a person playing
through the API, and against another bot; each game verifies by replay and shows on both
profiles (issue 37)."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from examples.bot_client import play_room
from tests.api.tables import account
from tests.api.test_tokens import bearer, make_token
from tests.conftest import RunningServer

CLIENT = Path(__file__).resolve().parents[2] / "examples" / "bot_client.py"
GAMES = ("akropolis", "agorapolis", "akrotiri", "attika")
# A complete game with the room option that shortens Agorapolis (renown 6 instead of 18
# at two: a minute per database before, on the 2-core CI machine).
OPTIONS = {"agorapolis": {"renown_target": 6}}


@contextmanager
def bot_process(server: RunningServer, token: str, seed: int) -> Iterator[subprocess.Popen[str]]:
    """The reference client, run as its users run it."""
    process = subprocess.Popen(
        [sys.executable, str(CLIENT), "--url", server.url, "--token", token, "--seed", str(seed)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=10)


async def bot_account(server: RunningServer, players: Any, name: str) -> tuple[Any, str]:
    person = await account(players, name)
    token = (await make_token(person, "play", "bot"))["token"]
    async with bearer(server, token) as program:
        assert (await program.post("/api/account/bot")).json()["bot"] is True
    return person, token


async def finished(person: Any, room_id: str, timeout: float = 120) -> dict[str, Any]:
    async with asyncio.timeout(timeout):
        while True:
            answer = await person.http.get(f"/api/rooms/{room_id}")
            assert answer.status_code == 200, answer.text
            room = answer.json()
            if room["status"] == "finished":
                return dict(room)
            await asyncio.sleep(0.5)


async def check_the_game(room_id: str, people: list[Any]) -> None:
    verified = (await people[0].http.get(f"/api/rooms/{room_id}/verify")).json()
    assert verified["verified"] and verified["seed_matches_hash"], verified
    for person in people:
        profile = (await person.http.get(f"/api/users/{person.user['username']}")).json()
        assert room_id in {game["room"] for game in profile["recent"]}, profile["recent"]


@pytest.mark.parametrize("game", GAMES)
async def test_the_client_beats_or_loses_to_a_person_playing_through_the_api(
    server: RunningServer, players: Any, game: str
) -> None:
    robo, robo_token = await bot_account(server, players, "Robo")
    ana = await account(players, "Ana")
    ana_token = (await make_token(ana, "play"))["token"]
    with bot_process(server, robo_token, seed=1):
        asked = await ana.http.post(
            "/api/challenges",
            json={
                "to": robo.user["username"],
                "game": game,
                "options": {"rated": True, **OPTIONS.get(game, {})},
            },  # fmt: skip
        )
        assert asked.status_code == 201, asked.text
        challenge_id = asked.json()["id"]
        async with asyncio.timeout(30):  # the client accepts through its event stream
            while (seen := (await ana.http.get(f"/api/challenges/{challenge_id}")).json())[
                "status"
            ] != "accepted":
                await asyncio.sleep(0.3)
        room_id = seen["room_id"]
        person = asyncio.create_task(play_room(server.url, ana_token, room_id, random.Random(2)))
        room = await finished(ana, room_id)
        await asyncio.wait_for(person, timeout=10)
    assert room["rated"] is True
    await check_the_game(room_id, [ana, robo])


async def test_two_client_bots_play_each_other(server: RunningServer, players: Any) -> None:
    first, first_token = await bot_account(server, players, "Alpha")
    second, second_token = await bot_account(server, players, "Beta")
    with bot_process(server, first_token, seed=3), bot_process(server, second_token, seed=4):
        # A bot may challenge: through the API, with its token.
        async with bearer(server, first_token) as program:
            asked = await program.post(
                "/api/challenges",
                json={
                    "to": second.user["username"],
                    "game": "akrotiri",
                    "options": {"rated": True},
                },
            )
            assert asked.status_code == 201, asked.text
            challenge_id = asked.json()["id"]
            async with asyncio.timeout(30):
                while (seen := (await program.get(f"/api/challenges/{challenge_id}")).json())[
                    "status"
                ] != "accepted":
                    await asyncio.sleep(0.3)
        room = await finished(first, seen["room_id"])
    assert room["rated"] is True
    await check_the_game(seen["room_id"], [first, second])
