"""Room affinity through a real nginx running ``deploy/nginx.conf`` (issue 42).

Two app processes share PostgreSQL and Redis behind nginx, whose upstream lines are
rewritten to the two local ports (everything else is the deployed file). Which process
served a request is read from each process's own ``/metrics`` (requests by route, open
sockets): a room's page, API calls and socket all land on one process, rooms spread over
both, and when a room's process is killed its players reconnect through nginx to the other
one and finish the game with every acknowledged move kept.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.config import ROOT
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
from tests.realtime.test_scale_out import spawn, start_race, wait_ready

sys.path.insert(0, str(ROOT / "bench"))  # scripts import by name
import nginx_front  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def behind_nginx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    need_service(
        "nginx (make test installs Debian's nginx-light)", Path(nginx_front.NGINX).exists()
    )
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    need_service("Redis", port_open("127.0.0.1", 6379))
    upgrade(POSTGRES_URL)
    ports = [free_port(), free_port()]
    apps = [spawn(port, "affinity-shared-secret", METRICS_PUBLIC="true") for port in ports]
    listen = free_port()
    proxy = nginx_front.start(ports, listen, tmp_path_factory.mktemp("nginx"))
    try:
        for port, app in zip(ports, apps, strict=True):
            wait_ready(f"http://127.0.0.1:{port}", app)
        wait_ready(f"http://127.0.0.1:{listen}", proxy)
        yield {"url": f"http://127.0.0.1:{listen}", "ports": ports, "apps": apps}
    finally:
        proxy.terminate()
        for app in apps:
            if app.poll() is None:
                app.terminate()
        for process in (proxy, *apps):
            process.wait(timeout=20)


ROUTES = ("/r/{room_id}", "/api/rooms/{room_id}")


def served(ports: list[int]) -> list[tuple[float, ...]]:
    """Per process: GET requests answered on each of :data:`ROUTES`, then open sockets."""
    counts = []
    for port in ports:
        text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5).text
        row = []
        for route in ROUTES:
            labels = f'method="GET",route="{re.escape(route)}",status="200"'
            pattern = rf"agora_http_requests_total\{{{labels}\}} (\S+)"
            row.append(sum(float(value) for value in re.findall(pattern, text)))
        sockets = re.search(r"^agora_sockets (\S+)", text, re.M)
        row.append(float(sockets.group(1)) if sockets else 0.0)
        counts.append(tuple(row))
    return counts


def which(before: list[tuple[float, ...]], after: list[tuple[float, ...]]) -> int:
    """The one process whose page, API and socket counts all grew (the other's none)."""
    grew = [
        [b > a for a, b in zip(old, new, strict=True)]
        for old, new in zip(before, after, strict=True)
    ]
    (home,) = [n for n, row in enumerate(grew) if any(row)]
    assert all(grew[home]), grew
    return home


async def test_a_rooms_page_calls_and_socket_go_to_one_process(
    behind_nginx: dict[str, Any],
) -> None:
    server = RunningServer(behind_nginx["url"], base_settings(), None, None, None)  # type: ignore[arg-type]
    ports = behind_nginx["ports"]
    ann = await Player(server, "Ann").as_guest()
    homes = []
    try:
        for _ in range(10):
            made = await ann.http.post("/api/rooms", json={"game": "race", "seats": 2})
            room_id = made.json()["id"]
            before = served(ports)
            assert (await ann.http.get(f"/r/{room_id}")).status_code == 200
            assert (await ann.http.get(f"/api/rooms/{room_id}")).status_code == 200
            sock = await ann.socket(room_id)
            await sock.receive_until("snapshot")
            homes.append(which(before, served(ports)))
            await sock.close()
            ann.sockets.clear()
    finally:
        await ann.close()
    assert set(homes) == {0, 1}, homes  # 10 rooms on one process of two: 1 in 512


async def test_a_rooms_process_dies_and_its_players_finish_on_the_other(
    behind_nginx: dict[str, Any],
) -> None:
    server = RunningServer(behind_nginx["url"], base_settings(), None, None, None)  # type: ignore[arg-type]
    ports, apps = behind_nginx["ports"], behind_nginx["apps"]
    alice = await Player(server, "Alice").as_guest()
    bob = await Player(server, "Bob").as_guest()
    try:
        room_id = await start_race(alice, bob, target=30)
        before = served(ports)
        await alice.http.get(f"/r/{room_id}")
        await alice.http.get(f"/api/rooms/{room_id}")
        sockets = {0: await alice.socket(room_id), 1: await bob.socket(room_id)}
        for sock in sockets.values():
            await sock.receive_until("snapshot")
        home = which(before, served(ports))
        acked = await play(sockets, moves=10)
        os.kill(apps[home].pid, signal.SIGKILL)
        apps[home].wait(timeout=10)
        killed_at = time.monotonic()
        # The browser's socket reconnects by itself; here, each player opens a new one.
        sockets = {}
        for seat, player in ((0, alice), (1, bob)):
            player.sockets.clear()
            for _attempt in range(50):
                try:
                    sockets[seat] = await player.socket(room_id)
                    snapshot = await sockets[seat].receive_until("snapshot")
                    break
                except Exception:
                    await asyncio.sleep(0.1)
            else:
                raise AssertionError("no process took the room over")
        resumed = time.monotonic() - killed_at
        assert snapshot["version"] == acked + 1, "an acknowledged move was lost"
        acked += await play(sockets, moves=None)
        assert acked == 30
        verify = (await bob.http.get(f"/api/rooms/{room_id}/verify")).json()
        assert verify["verified"] and verify["moves"] == 30
        print(f"room resumed on the other process {resumed:.2f} s after SIGKILL; 0 moves lost")
    finally:
        for player in (alice, bob):
            await player.close()


async def play(sockets: dict[int, Any], moves: int | None) -> int:
    """Race moves by whoever is to act: ``moves`` of them, or to the end; returns the count."""
    observer = sockets[0]
    played = 0
    while observer.view["result"] is None and (moves is None or played < moves):
        mover = sockets[observer.view["to_act"][0]]
        move_id = f"m{observer.version}"
        await mover.send(
            {"type": "move", "id": move_id, "move": {"add": 1}, "version": mover.version}
        )
        ack = await mover.receive_until("ack", id=move_id)
        for sock in sockets.values():
            await sock.wait_version(ack["version"])
        played += 1
    return played
