"""Abuse limits: 429 with Retry-After, then allowed again once the window has passed.

A server of its own with tiny limits; its in-memory limiter's clock is a fake one the
tests move on past the window, so nothing sleeps (and slow password hashing on a busy
machine cannot make a window pass early). Other addresses are simulated with
X-Forwarded-For (loopback is a trusted proxy by default).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from app.errors import RateLimited
from app.limits import Limiter, MemoryStore, RedisStore
from tests.conftest import (
    REDIS_URL,
    Player,
    RoomSocket,
    RunningServer,
    base_settings,
    need_service,
    port_open,
    start_server,
)

WINDOW = 60.0
SLOW_WINDOW = 120.0


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


CLOCK = FakeClock()


async def pass_window(seconds: float) -> None:
    CLOCK.advance(seconds + 0.1)


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    path: Path = tmp_path_factory.mktemp("limits") / "agora.db"
    running = start_server(
        base_settings(
            database_url=f"sqlite+aiosqlite:///{path}",
            guests_per_address=2,
            guests_window_seconds=WINDOW,
            registrations_per_address=2,
            registrations_window_seconds=SLOW_WINDOW,
            rooms_per_user=2,
            rooms_window_seconds=WINDOW,
            chat_per_user=2,
            chat_window_seconds=WINDOW,
            token_requests_per_window=4,
            token_moves_per_window=2,
            token_window_seconds=WINDOW,
            login_free_failures_account=2,
            login_free_failures_address=4,
            login_failure_window_seconds=1000,
            login_backoff_seconds=SLOW_WINDOW,
            login_backoff_max_seconds=1000,
        )
    )
    running.app.state.limiter.store.clock = CLOCK
    yield running
    running.stop()


def assert_429(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    assert response.json()["code"] == "rate_limited"
    assert int(response.headers["retry-after"]) >= 1


def address() -> dict[str, str]:
    return {"X-Forwarded-For": f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.7"}


async def test_guests_per_address(limited: RunningServer) -> None:
    here, elsewhere = address(), address()
    async with httpx.AsyncClient(base_url=limited.url) as client:
        for _ in range(2):
            made = await client.post("/api/guests", json={"name": "G"}, headers=here)
            assert made.status_code == 201
        assert_429(await client.post("/api/guests", json={"name": "G"}, headers=here))
        other = await client.post("/api/guests", json={"name": "G"}, headers=elsewhere)
        assert other.status_code == 201
        await pass_window(WINDOW)
        again = await client.post("/api/guests", json={"name": "G"}, headers=here)
        assert again.status_code == 201


async def test_registrations_per_address(limited: RunningServer) -> None:
    here = address()
    async with httpx.AsyncClient(base_url=limited.url) as client:

        async def register() -> httpx.Response:
            body = {"username": f"r_{secrets.token_hex(4)}", "password": "long enough"}
            client.cookies.clear()
            return await client.post("/api/accounts", json=body, headers=here)

        assert [(await register()).status_code for _ in range(2)] == [201, 201]
        assert_429(await register())
        await pass_window(SLOW_WINDOW)
        assert (await register()).status_code == 201


async def test_failed_logins_back_off_per_account(limited: RunningServer) -> None:
    name, here = f"l_{secrets.token_hex(4)}", address()
    async with httpx.AsyncClient(base_url=limited.url) as client:
        made = await client.post(
            "/api/accounts", json={"username": name, "password": "right password"}, headers=here
        )
        assert made.status_code == 201

        async def login(password: str, headers: dict[str, str]) -> httpx.Response:
            body = {"username": name, "password": password}
            return await client.post("/api/login", json=body, headers=headers)

        # Two free failures, the third locks the account for WINDOW seconds...
        assert [(await login("wrong", address())).status_code for _ in range(3)] == [401] * 3
        # ...from every address, even with the right password.
        assert_429(await login("right password", address()))
        await pass_window(SLOW_WINDOW)
        assert (await login("right password", address())).status_code == 200
        # A success clears the account's failures: two free ones again.
        assert [(await login("wrong", address())).status_code for _ in range(3)] == [401] * 3
        assert_429(await login("wrong", address()))


async def test_failed_logins_back_off_per_address(limited: RunningServer) -> None:
    here = address()
    async with httpx.AsyncClient(base_url=limited.url) as client:
        for _ in range(5):  # five accounts that do not exist, from one address
            body = {"username": f"nobody_{secrets.token_hex(4)}", "password": "whatever"}
            assert (await client.post("/api/login", json=body, headers=here)).status_code == 401
        body = {"username": f"nobody_{secrets.token_hex(4)}", "password": "whatever"}
        assert_429(await client.post("/api/login", json=body, headers=here))
        assert (await client.post("/api/login", json=body, headers=address())).status_code == 401


async def test_rooms_and_chat_per_user(limited: RunningServer) -> None:
    player = await Player(limited, "Host").as_guest()
    rooms = []
    for _ in range(2):
        made = await player.http.post("/api/rooms", json={"game": "race", "seats": 2})
        assert made.status_code == 201
        rooms.append(made.json())
    assert_429(await player.http.post("/api/rooms", json={"game": "race", "seats": 2}))
    assert_429(await player.http.post("/api/play/bots", json={"game": "akropolis"}))
    await pass_window(WINDOW)
    again = await player.http.post("/api/rooms", json={"game": "race", "seats": 2})
    assert again.status_code == 201

    sock = await player.socket(rooms[0]["id"])
    await sock.receive_until("snapshot")
    for line in ("one", "two"):
        await sock.send({"type": "chat", "text": line})
        await sock.receive_until("chat", text=line)
    await sock.send({"type": "chat", "text": "three"})
    refused = await sock.receive_until("error")
    assert refused["code"] == "rate_limited"
    await pass_window(WINDOW)
    await sock.send({"type": "chat", "text": "four"})
    await sock.receive_until("chat", text="four")
    await player.close()


async def test_a_tokens_requests_and_moves(limited: RunningServer) -> None:
    """Per API token (issue 37): requests, then moves on the socket; the window passes."""
    person = Player(limited, "Program")
    name = f"prog_{secrets.token_hex(3)}"
    made = await person.http.post(
        "/api/accounts", json={"username": name, "password": "long enough pw"}, headers=address()
    )
    assert made.status_code == 201, made.text
    token = (
        await person.http.post("/api/tokens", json={"name": "bot", "scopes": ["play"]})
    ).json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=limited.url, headers=headers) as program:
        room = (await program.post("/api/rooms", json={"game": "race", "seats": 2})).json()
        await program.post(f"/api/rooms/{room['id']}/bots", json={"bot": "random"})
        await program.post(f"/api/rooms/{room['id']}/start")
        assert (await program.get("/api/my-games")).status_code == 200
        assert_429(await program.get("/api/my-games"))  # the fifth request in the window
        # The socket's handshake is not a request; its moves count on their own.
        ws = await websockets.connect(
            f"{limited.ws_url}/ws/rooms/{room['id']}", additional_headers=headers
        )
        sock = RoomSocket(ws)
        try:
            await sock.receive_until("snapshot")
            answers = []
            for index in range(3):
                await sock.send({"type": "move", "id": f"m{index}", "move": {"add": 1}})
                while True:
                    answer = await sock.receive()
                    if answer.get("id") == f"m{index}" and answer["type"] in ("ack", "error"):
                        answers.append(answer)
                        break
            codes = [a.get("code", a["type"]) for a in answers]
            assert codes[2] == "rate_limited", codes
        finally:
            await sock.close()
        await pass_window(WINDOW)
        assert (await program.get("/api/my-games")).status_code == 200
    await person.close()


async def test_backoff_doubles_and_is_capped() -> None:
    now = [0.0]
    limiter = Limiter(MemoryStore(clock=lambda: now[0]))
    locks = [await limiter.failure("k", free=2, window=100, base=1.0, cap=8.0) for _ in range(7)]
    assert locks == [0.0, 0.0, 1.0, 2.0, 4.0, 8.0, 8.0]
    assert await limiter.store.locked_for("k") == 8.0
    now[0] = 8.5
    await limiter.check_lock("k", what="tries")  # unlocked again


REDIS_WINDOW = 0.6


@pytest.mark.redis
async def test_limits_are_shared_between_processes_through_redis() -> None:
    need_service("Redis", port_open("127.0.0.1", 6379))
    first, second = RedisStore(REDIS_URL), RedisStore(REDIS_URL)
    key = f"test:{secrets.token_hex(4)}"
    try:
        a, b = Limiter(first), Limiter(second)
        await a.hit(key, limit=2, window=REDIS_WINDOW, what="tries")
        await b.hit(key, limit=2, window=REDIS_WINDOW, what="tries")
        with pytest.raises(RateLimited) as refused:
            await a.hit(key, limit=2, window=REDIS_WINDOW, what="tries")
        assert getattr(refused.value, "retry_after", 0) >= 1
        await a.failure(key + ":f", free=0, window=10, base=REDIS_WINDOW, cap=5)
        with pytest.raises(RateLimited):
            await b.check_lock(key + ":f", what="tries")
        await asyncio.sleep(REDIS_WINDOW + 0.1)
        await b.hit(key, limit=2, window=REDIS_WINDOW, what="tries")
        await b.check_lock(key + ":f", what="tries")
    finally:
        await first.close()
        await second.close()


async def test_a_redis_outage_lets_requests_through() -> None:
    broken = Limiter(RedisStore("redis://127.0.0.1:1/0"))
    for _ in range(3):
        await broken.hit("x", limit=1, window=10, what="tries")
    await broken.check_lock("x", what="tries")
    await broken.store.close()  # type: ignore[attr-defined]
