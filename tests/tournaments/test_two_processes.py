"""A bot tournament served by two app processes (PostgreSQL and Redis): created and started
on one, watched on the other, its rounds started exactly once whichever process stores a
game's end (the conditional UPDATEs of app.tournaments.runner)."""

from __future__ import annotations

import asyncio
import secrets
import subprocess
import time
from collections.abc import Iterator

import pytest

from app.db.migrate import upgrade
from tests.conftest import (
    POSTGRES_URL,
    Player,
    RunningServer,
    base_settings,
    free_port,
    need_service,
    port_open,
)
from tests.realtime.test_scale_out import spawn, wait_ready

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def two_servers() -> Iterator[list[RunningServer]]:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    need_service("Redis", port_open("127.0.0.1", 6379))
    upgrade(POSTGRES_URL)
    secret = "shared-secret-for-both-processes"
    ports = [free_port(), free_port()]
    processes: list[subprocess.Popen[bytes]] = [
        spawn(port, secret, BOT_DELAY_SECONDS="0") for port in ports
    ]
    try:
        servers = []
        for port, process in zip(ports, processes, strict=True):
            url = f"http://127.0.0.1:{port}"
            wait_ready(url, process)
            servers.append(
                RunningServer(url, base_settings(secret_key=secret), None, None, None)  # type: ignore[arg-type]
            )
        yield servers
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=20)


async def test_swiss_runs_once_across_two_processes(two_servers: list[RunningServer]) -> None:
    near = Player(two_servers[0], "Host")
    registered = await near.http.post(
        "/api/accounts",
        json={"username": f"host_{secrets.token_hex(3)}", "password": "long enough pw"},
    )
    assert registered.status_code == 201
    far = Player(two_servers[1], "Host")
    far.http.cookies = near.http.cookies
    made = (
        await near.http.post(
            "/api/tournaments",
            json={"game": "race", "seats": 2, "format": "swiss", "rounds": 3,
                  "options": {"target": 3}},
        )
    ).json()  # fmt: skip
    for host in (near, far, near, far, near, far):  # six bots, entered through both
        added = await host.http.post(
            f"/api/tournaments/{made['id']}/bots", json={"level": "random"}
        )
        assert added.status_code == 200
    assert (await far.http.post(f"/api/tournaments/{made['id']}/start")).status_code == 200
    deadline = time.monotonic() + 120  # a bound for a stuck run, not a timing assertion
    while True:
        seen = (await near.http.get(f"/api/tournaments/{made['id']}")).json()
        if seen["status"] == "finished":
            break
        assert time.monotonic() < deadline, seen
        await asyncio.sleep(0.5)
    # Every round once: three tables a round, no round doubled, every game counted once.
    assert sorted(t["round"] for t in seen["tables"]) == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert all(s["games"] == 3 for s in seen["standings"])
    assert sum(s["points"] for s in seen["standings"]) == pytest.approx(9)
    there = (await far.http.get(f"/api/tournaments/{made['id']}")).json()
    assert (there["standings"], there["tables"]) == (seen["standings"], seen["tables"])
    await near.http.aclose()
    await far.http.aclose()
