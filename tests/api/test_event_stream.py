"""The event stream a program listens to: challenges, game starts and ends, on reconnect too."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx

from tests.api.tables import account, finish_race, sockets_for
from tests.api.test_challenges import challenge
from tests.api.test_tokens import make_token
from tests.conftest import RunningServer


class Listener:
    def __init__(self, response: httpx.Response) -> None:
        self.lines = response.aiter_lines()
        self.seen: list[dict[str, Any]] = []

    async def next(self, kind: str, timeout: float = 15.0) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            while True:
                line = await anext(self.lines)
                if not line.strip():
                    continue  # keep-alive
                event = json.loads(line)
                self.seen.append(event)
                if event["type"] == kind:
                    return dict(event)


@asynccontextmanager
async def listening(server: RunningServer, token: str, **params: str) -> AsyncIterator[Listener]:
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx.AsyncClient(base_url=server.url, headers=headers, timeout=30) as client,
        client.stream("GET", "/api/stream/events", params=params) as response,
    ):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/x-ndjson")
        yield Listener(response)


async def test_challenge_start_and_finish_reach_the_program(
    server: RunningServer, players: Any
) -> None:
    ana, robo = await account(players, "Ana"), await account(players, "Robo")
    token = (await make_token(robo, "play"))["token"]
    async with listening(server, token) as stream:
        asked = await challenge(ana, robo)
        told = await stream.next("challenge")
        assert told["challenge"]["id"] == asked["id"]
        assert told["challenge"]["from"]["id"] == ana.user["id"]
        accepted = await robo.http.post(f"/api/challenges/{asked['id']}/accept")
        room_id = accepted.json()["room_id"]
        started = await stream.next("gameStart")
        assert started["game"] == {"room_id": room_id, "game": "race", "seat": 1}
        socks = await sockets_for([ana, robo], room_id)
        await finish_race(socks, dict(enumerate(socks)))
        ended = await stream.next("gameFinish", timeout=20)
        assert ended["game"]["room_id"] == room_id and ended["game"]["seat"] == 1
        # Each thing once: the challenge was not told again meanwhile.
        assert [e["type"] for e in stream.seen].count("challenge") == 1


async def test_a_reconnecting_program_misses_nothing_that_matters(
    server: RunningServer, players: Any
) -> None:
    ana, robo = await account(players, "Ana"), await account(players, "Robo")
    token = (await make_token(robo, "read"))["token"]
    pending = await challenge(ana, robo)
    running = await challenge(ana, robo)
    room_id = (await robo.http.post(f"/api/challenges/{running['id']}/accept")).json()["room_id"]
    # Away while these happened: on connect the stream says what is pending now.
    async with listening(server, token) as stream:
        assert (await stream.next("challenge"))["challenge"]["id"] == pending["id"]
        assert (await stream.next("gameStart"))["game"]["room_id"] == room_id
    # A game that ended while away is told with ?since.
    before = (await robo.http.get(f"/api/challenges/{running['id']}")).json()["created_at"]
    socks = await sockets_for([ana, robo], room_id)
    await finish_race(socks, dict(enumerate(socks)))
    async with listening(server, token, since=before) as stream:
        assert (await stream.next("gameFinish"))["game"]["room_id"] == room_id
    # The sender hears of a declined challenge.
    sender = (await make_token(ana, "read"))["token"]
    async with listening(server, sender) as stream:
        await asyncio.sleep(1.5)  # the stream has seen the challenge open
        await robo.http.post(f"/api/challenges/{pending['id']}/decline")
        declined = await stream.next("challengeDeclined")
        assert declined["challenge"]["id"] == pending["id"]


async def test_the_stream_needs_a_valid_token_or_session(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as client:
        assert (await client.get("/api/stream/events")).status_code == 401
        bad = await client.get("/api/stream/events", headers={"Authorization": "Bearer agora_nope"})
        assert bad.status_code == 401
