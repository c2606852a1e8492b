"""Presence across processes: a killed process's sockets stop counting within the TTL.

A child process (``python -c``) counts two sockets in a room through
:class:`RedisPresence` with its heartbeat running, then is killed with SIGKILL (no
goodbye). This process sees the child's two sockets plus its own, and after the TTL
only its own. A process that stops cleanly removes its counts at once.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import subprocess
import sys
import time

import pytest

from app.realtime.hub import Hub
from app.realtime.presence import RedisPresence
from tests.conftest import REDIS_URL, free_port, need_service, port_open

pytestmark = pytest.mark.redis
TTL = 0.9

CHILD = """
import asyncio, sys
from app.realtime.presence import RedisPresence

async def main():
    presence = RedisPresence(sys.argv[1], "child", ttl_seconds=float(sys.argv[3]))
    await presence.start()
    await presence.change(sys.argv[2], "0", 1)
    await presence.change(sys.argv[2], "s", 1)
    print("ready", flush=True)
    await asyncio.sleep(120)

asyncio.run(main())
"""


async def wait_for(presence: RedisPresence, room: str, expected: dict[str, int]) -> float:
    start = time.monotonic()
    while time.monotonic() - start < 10:
        if await presence.read(room) == expected:
            return time.monotonic() - start
        await asyncio.sleep(0.05)
    raise AssertionError(f"presence never became {expected}: {await presence.read(room)}")


async def test_a_killed_process_stops_counting_within_the_ttl() -> None:
    need_service("Redis", port_open("127.0.0.1", 6379))
    room = f"room-{secrets.token_hex(4)}"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, REDIS_URL, room, str(TTL)],
        stdout=subprocess.PIPE,
        text=True,
    )
    mine = RedisPresence(REDIS_URL, "parent", ttl_seconds=TTL)
    await mine.start()
    try:
        assert child.stdout is not None
        assert await asyncio.to_thread(child.stdout.readline) == "ready\n"
        assert await mine.change(room, "1", 1) == {"0": 1, "1": 1, "s": 1}
        # The heartbeat keeps both alive past several TTLs.
        await asyncio.sleep(TTL * 2)
        assert await mine.read(room) == {"0": 1, "1": 1, "s": 1}
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
        waited = await wait_for(mine, room, {"1": 1})
        assert waited <= TTL + 1.0
    finally:
        if child.poll() is None:
            child.kill()
        await mine.stop()


async def test_a_clean_stop_removes_the_counts_at_once() -> None:
    need_service("Redis", port_open("127.0.0.1", 6379))
    room = f"room-{secrets.token_hex(4)}"
    first, second = Hub(), Hub()
    first.use_presence(RedisPresence(REDIS_URL, first.origin, ttl_seconds=30))
    second.use_presence(RedisPresence(REDIS_URL, second.origin, ttl_seconds=30))
    await first.start()
    await second.start()
    try:
        assert await first.presence_change(room, "0", 1) == {"0": 1}
        assert await second.presence_change(room, "0", 1) == {"0": 2}
        assert await second.presence_change(room, "1", 1) == {"0": 2, "1": 1}
        await first.stop()
        assert await second.presence(room) == {"0": 1, "1": 1}
        assert await second.presence_change(room, "0", -1) == {"1": 1}
    finally:
        await second.stop()


@pytest.mark.slow
async def test_a_killed_app_process_sockets_stop_counting() -> None:
    """Two app processes on PostgreSQL and Redis: a socket on the second counts as
    online in the first's snapshots until the second is killed (SIGKILL), then not,
    within the TTL."""
    from app.db.migrate import upgrade
    from tests.conftest import POSTGRES_URL, Player, base_settings, start_server
    from tests.realtime.test_scale_out import spawn, wait_ready

    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    need_service("Redis", port_open("127.0.0.1", 6379))
    await asyncio.to_thread(upgrade, POSTGRES_URL)
    secret = "shared-secret-for-both-processes"
    port = free_port()
    other = spawn(port, secret, PRESENCE_TTL_SECONDS=str(TTL))
    here = start_server(
        base_settings(
            database_url=POSTGRES_URL,
            redis_url=REDIS_URL,
            secret_key=secret,
            presence_ttl_seconds=TTL,
        )
    )
    people: list[Player] = []
    try:
        wait_ready(f"http://127.0.0.1:{port}", other)
        host = await Player(here, "Host").as_guest()
        people.append(host)
        room = (await host.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
        remote = Player(here, "Host")
        remote.server = type(here)(f"http://127.0.0.1:{port}", here.settings, None, None, None)  # type: ignore[arg-type]
        people.append(remote)
        remote.http.cookies.update({"agora_session": host.http.cookies["agora_session"]})
        far = await remote.socket(room["id"])
        assert (await far.receive_until("snapshot"))["seat"] == 0

        async def seen_online() -> dict[str, int]:
            watcher = await Player(here, "Watcher").as_guest()
            people.append(watcher)
            sock = await watcher.socket(room["id"])
            snapshot = await sock.receive_until("snapshot")
            await sock.close()
            return dict(snapshot["presence"])

        assert (await seen_online()).get("0") == 1
        os.kill(other.pid, signal.SIGKILL)
        other.wait(timeout=10)
        start = time.monotonic()
        while (await seen_online()).get("0"):
            assert time.monotonic() - start < TTL + 3, "the killed process's socket still counts"
            await asyncio.sleep(0.2)
    finally:
        if other.poll() is None:
            other.kill()
        for person in people:
            await person.close()
        here.stop()
