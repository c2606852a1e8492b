"""Shared fixtures: real servers on SQLite and PostgreSQL, real Redis, HTTP and socket clients.

A test that needs PostgreSQL or Redis skips locally with the reason when the service
is down, and FAILS under CI (``CI=true``), where the services are required.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
import uvicorn
import websockets
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# Before the app is imported: argon2id at its lowest cost (app.accounts.security), for
# this process and the servers it starts; tests/accounts/test_hashing.py puts the real
# cost back where the cost itself is under test.
os.environ.setdefault("PASSWORD_HASH_PROFILE", "test")

from app import native  # noqa: E402
from app.config import Settings  # noqa: E402
from app.main import create_app  # noqa: E402
from app.realtime.wire import SERVER_OPTIONS  # noqa: E402
from tests.run_lock import RunLock  # noqa: E402

# pytest-xdist's workers ("gw0", "gw1", … under `pytest -n N`) each get a database and a
# Redis database of their own: the first keeps the configured ones ("test", Redis 15), the
# next ones use "test_gw1", … (created on demand) and Redis 14, 13, …
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
WORKER_INDEX = int(WORKER[2:]) if WORKER.startswith("gw") and WORKER[2:].isdigit() else 0
CONFIGURED_POSTGRES_URL = os.environ.get(
    "TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)
POSTGRES_URL = f"{CONFIGURED_POSTGRES_URL}_{WORKER}" if WORKER_INDEX else CONFIGURED_POSTGRES_URL
_REDIS_BASE, _, _REDIS_DB = os.environ.get(
    "TEST_REDIS_URL", "redis://127.0.0.1:6379/15"
).rpartition("/")
REDIS_URL = f"{_REDIS_BASE}/{int(_REDIS_DB) - WORKER_INDEX}"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
# How long a run waits for another run on the same databases (tests/run_lock.py).
LOCK_WAIT_SECONDS = float(os.environ.get("TEST_LOCK_WAIT_SECONDS", 1800))

# Tests never assert on wall-clock time, Hypothesis's per-example deadline included (its
# 200 ms default failed tests/rooms/test_diff.py on a loaded machine), nor its too_slow
# health check (generation time). Under CI the examples are the same every run
# (derandomize): a red CI is a change's doing, never a new draw; local runs explore.
hypothesis_settings.register_profile(
    "agora", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.register_profile(
    "agora-ci", hypothesis_settings.get_profile("agora"), derandomize=True, database=None
)
hypothesis_settings.load_profile("agora-ci" if IN_CI else "agora")


def need_service(name: str, reachable: bool) -> None:
    if reachable:
        if name in ("PostgreSQL", "Redis"):
            claim_databases()
        return
    message = f"{name} is not reachable"
    if IN_CI:
        pytest.fail(f"{message}, and CI requires it")
    pytest.skip(f"{message} (start it to run this test; CI requires it)")


def port_open(host: str, port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((host, port)) == 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def create_worker_database() -> None:
    """This xdist worker's PostgreSQL database, made from the configured one's server."""
    import asyncpg

    async def create() -> None:
        conn = await asyncpg.connect(CONFIGURED_POSTGRES_URL.replace("+asyncpg", ""))
        try:
            name = POSTGRES_URL.rpartition("/")[2]
            if not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
                await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    asyncio.run(create())


_RUN_LOCK: list[RunLock] = []  # this process's claim, once taken
_CONFIG: list[pytest.Config] = []


def claim_databases() -> None:
    """Lock this process's PostgreSQL and Redis databases until it ends (waiting for
    another run that holds them: tests/run_lock.py). Called before their first use."""
    if _RUN_LOCK or not port_open("127.0.0.1", 5432):
        return  # no PostgreSQL: its tests skip, and there is nowhere to lock
    names = f"PostgreSQL {POSTGRES_URL.rpartition('/')[2]!r} and Redis {REDIS_URL!r}"
    lock = RunLock(
        CONFIGURED_POSTGRES_URL.replace("+asyncpg", "").rpartition("/")[0] + "/postgres",
        [f"postgres:{POSTGRES_URL.rpartition('/')[2]}", f"redis:{REDIS_URL}"],
        f"agora-tests pid {os.getpid()}",
    )

    def say(holders: str) -> None:
        message = (
            f"\n[{WORKER or 'pytest'}] another test run ({holders}) is using {names}:"
            f" waiting for it to end (at most {LOCK_WAIT_SECONDS:.0f} s)\n"
        )
        capture = _CONFIG[0].pluginmanager.getplugin("capturemanager") if _CONFIG else None
        if capture is None:
            print(message, file=sys.stderr, flush=True)
            return
        with capture.global_and_fixture_disabled():
            print(message, file=sys.stderr, flush=True)

    if not lock.acquire(LOCK_WAIT_SECONDS, say):
        pytest.exit(
            f"another test run ({lock.holders}) held {names} for {LOCK_WAIT_SECONDS:.0f} s;"
            " stop it, or give this run other databases (TEST_POSTGRES_URL, TEST_REDIS_URL)",
            returncode=3,
        )
    _RUN_LOCK.append(lock)


def pytest_unconfigure(config: pytest.Config) -> None:
    for lock in _RUN_LOCK:
        lock.release()


def pytest_configure(config: pytest.Config) -> None:
    _CONFIG.append(config)
    stale = native.stale()
    if stale:  # the tests would run the compiled old code, not the sources
        pytest.exit(f"the mypyc build is out of date ({'; '.join(stale)}): run `make native`", 2)
    if WORKER_INDEX and port_open("127.0.0.1", 5432):
        create_worker_database()


def reset_postgres() -> None:
    import asyncpg

    claim_databases()

    async def reset() -> None:
        conn = await asyncpg.connect(POSTGRES_URL.replace("+asyncpg", ""))
        try:
            await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
        finally:
            await conn.close()

    asyncio.run(reset())


def flush_redis() -> None:
    import redis

    claim_databases()
    redis.Redis.from_url(REDIS_URL).flushdb()


@dataclass
class RunningServer:
    url: str
    settings: Settings
    app: Any
    server: uvicorn.Server
    thread: threading.Thread

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def start_server(settings: Settings) -> RunningServer:
    app = create_app(settings)
    port = free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        **SERVER_OPTIONS,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("test server did not start")
        time.sleep(0.02)
    return RunningServer(f"http://127.0.0.1:{port}", settings, app, server, thread)


def base_settings(**overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "agora_test_games": True,
        "secret_key": "test-secret",
        "bot_delay_seconds": 0.0,
        "bot_workers": 1,
        # reviews of random games find mistakes at any depth; 192 took minutes of CI time
        "review_iterations": 24,
        "expiry_sweep_seconds": 0,
        "ws_rate_per_second": 200.0,
        "ws_rate_burst": 400,
        # The suite makes hundreds of guests, rooms and logins from 127.0.0.1: the abuse
        # limits are tested with small values of their own (tests/api/test_rate_limits.py).
        "guests_per_address": 1_000_000,
        "registrations_per_address": 1_000_000,
        "rooms_per_user": 1_000_000,
        "chat_per_user": 1_000_000,
        "login_free_failures_address": 1_000_000,
    }
    values.update(overrides)
    return Settings(**values)


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[RunningServer]:
    """One real server per database (the whole HTTP/WS suite runs on both)."""
    if request.param == "postgres":
        need_service("PostgreSQL", port_open("127.0.0.1", 5432))
        reset_postgres()
        url = POSTGRES_URL
    else:
        path: Path = tmp_path_factory.mktemp("db") / "agora.db"
        url = f"sqlite+aiosqlite:///{path}"
    running = start_server(base_settings(database_url=url))
    yield running
    running.stop()


@pytest.fixture
async def http(server: RunningServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server.url) as client:
        yield client


class Player:
    """One person's HTTP client (its own cookies) plus helpers for sockets."""

    def __init__(self, server: RunningServer, name: str) -> None:
        self.server = server
        self.name = name
        self.http = httpx.AsyncClient(base_url=server.url)
        self.user: dict[str, Any] = {}
        self.sockets: list[RoomSocket] = []

    async def as_guest(self) -> Player:
        response = await self.http.post("/api/guests", json={"name": self.name})
        assert response.status_code == 201, response.text
        self.user = response.json()
        return self

    def cookie_header(self) -> dict[str, str]:
        cookies = "; ".join(f"{key}={value}" for key, value in self.http.cookies.items())
        return {"Cookie": cookies} if cookies else {}

    async def socket(self, room_id: str, code: str | None = None) -> RoomSocket:
        url = f"{self.server.ws_url}/ws/rooms/{room_id}"
        if code:
            url += f"?code={code}"
        ws = await websockets.connect(url, additional_headers=self.cookie_header())
        sock = RoomSocket(ws)
        self.sockets.append(sock)
        return sock

    async def close(self) -> None:
        for sock in self.sockets:
            await sock.close()
        await self.http.aclose()


class RoomSocket:
    """A test client of the socket protocol that keeps its view up to date."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.version = -1
        self.view: Any = None
        self.seen_versions: list[int] = []
        self.messages: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(orjson.dumps(message).decode())

    async def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        message: dict[str, Any] = orjson.loads(raw)
        self.messages.append(message)
        if message["type"] == "snapshot":
            self.version, self.view = message["version"], message["view"]
        elif message["type"] == "patch":
            import jsonpatch

            assert message["version"] == self.version + 1, "version gap"
            self.view = (
                jsonpatch.apply_patch(self.view, message["ops"]) if message["ops"] else self.view
            )
            self.version = message["version"]
            self.seen_versions.append(self.version)
        return message

    async def receive_until(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise TimeoutError
                message = await self.receive(left)
            except TimeoutError:
                raise TimeoutError(
                    f"no {kind} message matching {match} in {timeout} s (version {self.version});"
                    f" last received: {self.recent()}"
                ) from None
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message
            if kind != "error" and message["type"] == "error" and "id" in match:
                if message.get("id") == match["id"]:  # the awaited move was refused: say why
                    raise AssertionError(f"waiting for {kind} {match}, got {message}")

    def recent(self, count: int = 8) -> list[tuple[Any, ...]]:
        """The last messages in short (for a failure's message)."""
        keys = ("type", "version", "id", "code")
        return [tuple(m.get(k) for k in keys) for m in self.messages[-count:]]

    async def wait_version(self, version: int, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while self.version < version:
            await self.receive(max(0.01, deadline - time.monotonic()))

    async def close(self) -> None:
        await self.ws.close()


async def play_race_to_the_end(sockets: dict[int, RoomSocket], step: int = 1) -> int:
    """Play Race through the sockets of the seats given (others are bots); returns moves sent.

    The first socket is the observer whose view decides who acts; every seat listed
    moves when its turn comes, with a versioned, numbered move.
    """
    observer = next(iter(sockets.values()))
    sent = 0
    while observer.view["result"] is None:
        acting = observer.view["to_act"][0]
        mover = sockets.get(acting)
        if mover is None:
            await observer.receive()  # a bot's turn
            continue
        sent += 1
        await mover.send(
            {"type": "move", "id": sent, "move": {"add": step}, "version": mover.version}
        )
        ack = await mover.receive_until("ack", id=sent)
        for sock in sockets.values():
            await sock.wait_version(ack["version"])
    return sent


@pytest.fixture
async def players(server: RunningServer) -> AsyncIterator[Any]:
    made: list[Player] = []

    async def make(name: str, *, guest: bool = True) -> Player:
        player = Player(server, name)
        if guest:
            await player.as_guest()
        made.append(player)
        return player

    yield make
    for player in made:
        await player.close()
