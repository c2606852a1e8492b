"""A frozen database answers 503 with Retry-After in bounded time, and the app recovers.

A scratch PostgreSQL cluster (initdb into a temporary directory, a free port) is paused
with SIGSTOP (every process of it: frozen, not down), then resumed with SIGCONT. The
timings go to the test's log; the test asserts only on answers (and on the httpx
timeout, far above the app's own, as a "did not hang" guard).
"""

from __future__ import annotations

import asyncio
import glob
import logging
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator

import httpx
import psutil
import pytest
import websockets

from tests.conftest import IN_CI, Player, RunningServer, base_settings, free_port, start_server

log = logging.getLogger(__name__)
pytestmark = pytest.mark.slow


def _as_postgres(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@pytest.fixture(scope="module")
def scratch_postgres() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not bins:
        if IN_CI:
            pytest.fail("PostgreSQL server binaries are required in CI")
        pytest.skip("no PostgreSQL server binaries (/usr/lib/postgresql/*/bin)")
    bin_dir = os.path.dirname(bins[-1])
    root = tempfile.mkdtemp(prefix="agora-pg-")
    os.chmod(root, 0o777)
    data = os.path.join(root, "data")
    subprocess.run(
        _as_postgres([f"{bin_dir}/initdb", "-D", data, "-U", "postgres", "--auth=trust",
                      "-E", "UTF8", "--no-sync"]),
        check=True, capture_output=True,
    )  # fmt: skip
    port = free_port()
    process = subprocess.Popen(
        _as_postgres([f"{bin_dir}/postgres", "-D", data, "-p", str(port), "-k", root,
                      "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while subprocess.run(
        [f"{bin_dir}/pg_isready", "-h", "127.0.0.1", "-p", str(port)], capture_output=True
    ).returncode:
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("scratch PostgreSQL did not start")
        time.sleep(0.2)
    try:
        yield f"postgresql+asyncpg://postgres@127.0.0.1:{port}/postgres", process
    finally:
        _signal_cluster(process, signal.SIGCONT)
        _signal_cluster(process, signal.SIGTERM)
        try:
            _wait_exit(process, timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(root, ignore_errors=True)


def _wait_exit(process: subprocess.Popen[bytes], timeout: float) -> None:
    """Wait for ``runuser`` (the cluster's parent) to exit, continuing it if it stopped.

    runuser stops itself when it sees its child stopped (util-linux su: ``kill(getpid(),
    SIGSTOP)`` on a stopped child, then ``SIGCONT`` to the child once resumed). When it
    notices the postmaster's SIGSTOP only after our SIGCONT reached it, it stays stopped
    for good: the postmaster exits and nobody reaps it. That made this test fail about
    one run in four on a slow host, waiting 30 s twice on a process that could not exit.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            process.wait(timeout=0.2)
            return
        except subprocess.TimeoutExpired:
            if time.monotonic() > deadline:
                raise
            try:
                if psutil.Process(process.pid).status() == psutil.STATUS_STOPPED:
                    os.kill(process.pid, signal.SIGCONT)
            except psutil.NoSuchProcess:
                continue


def _signal_cluster(process: subprocess.Popen[bytes], signum: int) -> None:
    """Signal the postmaster and every backend (runuser's child included)."""
    try:
        parent = psutil.Process(process.pid)
        targets = [*parent.children(recursive=True), parent]
    except psutil.NoSuchProcess:
        return
    for target in targets:
        try:
            target.send_signal(signum)
        except psutil.NoSuchProcess:
            continue


async def test_frozen_database_answers_503_and_recovers(
    scratch_postgres: tuple[str, subprocess.Popen[bytes]],
) -> None:
    url, cluster = scratch_postgres
    server: RunningServer = start_server(
        base_settings(
            database_url=url, db_connect_timeout=2.0, db_statement_timeout=2.0,
            db_pool_timeout=2.0, request_timeout=6.0,
        )
    )  # fmt: skip
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
            guest = await client.post("/api/guests", json={"name": "Frida"})
            assert guest.status_code == 201
            room_id = (await client.post("/api/rooms", json={"game": "race", "seats": 2})).json()[
                "id"
            ]
            gus = Player(server, "Gus")
            await gus.as_guest()
            assert (await gus.http.post(f"/api/rooms/{room_id}/join", json={})).is_success
            assert (await client.post(f"/api/rooms/{room_id}/start")).is_success
            frida = Player(server, "Frida")
            frida.http.cookies = client.cookies
            sock = await frida.socket(room_id)
            await sock.receive_until("snapshot")
            # A room with chat: a new socket must read it (one known to have none is
            # served from memory, and its handshake would not touch the database).
            await sock.send({"type": "chat", "text": "before the freeze"})
            await sock.receive_until("chat")
            assert (await client.get("/api/rooms")).status_code == 200
            _signal_cluster(cluster, signal.SIGSTOP)
            try:
                answers: list[tuple[str, int | str | None, float]] = []
                # (The lobby, GET /api/rooms, is served from memory: a move log is read.)
                for method, path, body in (
                    ("GET", f"/api/rooms/{room_id}/log", None),
                    ("POST", "/api/guests", {"name": "Gus"}),
                    ("POST", "/api/rooms", {"game": "race", "seats": 2}),
                ):
                    started = time.perf_counter()
                    response = await client.request(method, path, json=body)
                    elapsed = time.perf_counter() - started
                    answers.append((path, response.status_code, round(elapsed, 2)))
                    assert response.status_code == 503, (path, response.text)
                    assert response.headers["retry-after"].isdigit()
                    assert response.json()["code"] == "service_unavailable"
                started = time.perf_counter()
                async with websockets.connect(f"{server.ws_url}/ws/rooms/{room_id}") as ws:
                    with pytest.raises(websockets.ConnectionClosed):
                        while True:  # an error message, then the close (1013: try again)
                            await asyncio.wait_for(ws.recv(), 30)
                answers.append(
                    ("ws handshake", ws.close_code, round(time.perf_counter() - started, 2))
                )
                assert ws.close_code == 1013
                started = time.perf_counter()
                await sock.send({"type": "move", "id": "frozen", "move": {"add": 1}})
                refused = await sock.receive_until("error", timeout=30, id="frozen")
                answers.append(("move", refused["code"], round(time.perf_counter() - started, 2)))
                assert refused["code"] == "storage_error"
                # The room's cache stale (another process moved, say): the move must read
                # the room first, and the database's absence is still a storage_error
                # (it was an internal_error under the soak's PostgreSQL restarts).
                server.app.state.rooms.invalidate(room_id)  # sets a flag: any thread
                started = time.perf_counter()
                await sock.send({"type": "move", "id": "reload", "move": {"add": 1}})
                refused = await sock.receive_until("error", timeout=30, id="reload")
                answers.append(("reload", refused["code"], round(time.perf_counter() - started, 2)))
                assert refused["code"] == "storage_error"
                log.warning("database frozen: %s (path, status, seconds)", answers)
            finally:
                _signal_cluster(cluster, signal.SIGCONT)
            started = time.perf_counter()
            for _ in range(100):
                response = await client.get("/api/rooms")
                if response.status_code == 200:
                    break
                await asyncio.sleep(0.2)
            log.warning("database resumed: first 200 after %.2f s", time.perf_counter() - started)
            assert response.status_code == 200
            created = await client.post("/api/rooms", json={"game": "race", "seats": 2})
            assert created.status_code == 201, created.text
            await sock.send({"type": "move", "id": "thawed", "move": {"add": 1}})
            assert (await sock.receive_until("ack", timeout=30, id="thawed"))["version"] == 2
            await frida.close()
            await gus.close()
            # Down (not frozen): a fast shutdown, then the same answer.
            _signal_cluster(cluster, signal.SIGINT)
            try:
                _wait_exit(cluster, timeout=30)
            except subprocess.TimeoutExpired:  # a loaded CI machine: stop it at once
                _signal_cluster(cluster, signal.SIGQUIT)
                _wait_exit(cluster, timeout=30)
            down = await client.get("/api/rooms")
            assert down.status_code == 503 and "retry-after" in down.headers
    finally:
        server.stop()
