"""Two app processes sharing PostgreSQL and Redis serve one room."""

from __future__ import annotations

import asyncio
import os
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from app.db.migrate import upgrade
from tests.conftest import (
    POSTGRES_URL,
    REDIS_URL,
    Player,
    RunningServer,
    base_settings,
    free_port,
    need_service,
    play_race_to_the_end,
    port_open,
)

pytestmark = pytest.mark.slow


def spawn(port: int, secret: str, **extra: str) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": POSTGRES_URL,
        "REDIS_URL": REDIS_URL,
        "SECRET_KEY": secret,
        "AGORA_TEST_GAMES": "1",
        "WS_RATE_PER_SECOND": "1000",
        "WS_RATE_BURST": "1000",
        "EXPIRY_SWEEP_SECONDS": "0",
        "RATE_LIMITS": "false",  # the suite's guests and rooms all come from 127.0.0.1
        "PORT": str(port),
        "LOG_LEVEL": "warning",
        # The suite shares one PostgreSQL (max_connections 100) between its workers: a
        # process pool of 30 + 10 each, two or three at a time, ran out (app/db/pool_budget.py).
        "DB_POOL_SIZE": "10",
        "DB_POOL_OVERFLOW": "5",
        **extra,
    }
    return subprocess.Popen([sys.executable, "-m", "app"], env=env)


def wait_ready(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server {url} exited with {process.returncode}")
        try:
            if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server {url} not ready")


@pytest.fixture(scope="module")
def two_servers() -> Iterator[list[RunningServer]]:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    need_service("Redis", port_open("127.0.0.1", 6379))
    upgrade(POSTGRES_URL)
    secret = "shared-secret-for-both-processes"
    ports = [free_port(), free_port()]
    processes = [spawn(port, secret) for port in ports]
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


async def guests_on(servers: list[RunningServer]) -> tuple[Player, Player]:
    alice = await Player(servers[0], "Alice").as_guest()
    bob = await Player(servers[1], "Bob").as_guest()
    return alice, bob


async def start_race(alice: Player, bob: Player, target: int) -> str:
    created = await alice.http.post(
        "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": target}}
    )
    room = created.json()
    assert (await bob.http.post(f"/api/rooms/{room['id']}/join", json={})).status_code == 200
    assert (await alice.http.post(f"/api/rooms/{room['id']}/start")).status_code == 200
    return str(room["id"])


async def test_players_on_two_processes_play_a_full_game(two_servers: list[RunningServer]) -> None:
    alice, bob = await guests_on(two_servers)
    room_id = await start_race(alice, bob, target=40)
    sockets = [await alice.socket(room_id), await bob.socket(room_id)]
    for sock in sockets:
        await sock.receive_until("snapshot")
    assert await play_race_to_the_end(dict(enumerate(sockets))) == 40
    final = sockets[0].version
    assert final == 41
    for sock in sockets:
        assert sock.seen_versions == list(range(2, final + 1))
        assert sock.view == sockets[0].view or sock.view["result"] == sockets[0].view["result"]
    verify = (await bob.http.get(f"/api/rooms/{room_id}/verify")).json()
    assert verify["verified"] and verify["moves"] == 40
    await alice.close()
    await bob.close()


async def test_same_move_at_both_processes_is_accepted_once(
    two_servers: list[RunningServer],
) -> None:
    alice, bob = await guests_on(two_servers)
    room_id = await start_race(alice, bob, target=1_000)
    # Alice's seat is reached through both processes at once (two tabs, two replicas).
    alice_far = Player(two_servers[1], "Alice")
    alice_far.http.cookies = alice.http.cookies
    near, far = await alice.socket(room_id), await alice_far.socket(room_id)
    bob_sock = await bob.socket(room_id)
    for sock in (near, far, bob_sock):
        await sock.receive_until("snapshot")
    rounds = 60
    for number in range(rounds):
        version = bob_sock.version
        move = {"add": 1}
        await asyncio.gather(
            near.send({"type": "move", "id": f"n{number}", "move": move, "version": version}),
            far.send({"type": "move", "id": f"f{number}", "move": move, "version": version}),
        )
        answers: list[dict[str, Any]] = []
        for sock, move_id in ((near, f"n{number}"), (far, f"f{number}")):
            while True:
                message = await sock.receive()
                if message.get("id") == move_id and message["type"] in ("ack", "error"):
                    answers.append(message)
                    break
        accepted = [answer for answer in answers if answer["type"] == "ack"]
        assert len(accepted) == 1, answers
        refused = [answer for answer in answers if answer["type"] == "error"]
        assert refused[0]["code"] in ("stale_version", "not_your_turn")
        await bob_sock.wait_version(version + 1)
        await bob_sock.send({"type": "move", "id": f"b{number}", "move": move})
        await bob_sock.receive_until("ack", id=f"b{number}")
    log = (await bob.http.get(f"/api/rooms/{room_id}/log")).json()
    assert len(log["moves"]) == rounds * 2
    assert [entry["seat"] for entry in log["moves"]] == [0, 1] * rounds
    for player in (alice, alice_far, bob):
        await player.close()


async def test_a_session_revoked_on_one_process_is_refused_at_once_on_the_other(
    two_servers: list[RunningServer],
) -> None:
    """The second process keeps the users it read (app.accounts.user_cache); "log out
    everywhere" on the first makes it forget them through the relay, so the old cookie
    stops working there without waiting for the cache's TTL."""
    here = Player(two_servers[0], "Lina")
    there = Player(two_servers[1], "Lina")
    try:
        username = f"lina_{os.urandom(3).hex()}"
        made = await here.http.post(
            "/api/accounts", json={"username": username, "password": "long enough pw"}
        )
        assert made.status_code == 201, made.text
        there.http.cookies.update({"agora_session": here.http.cookies["agora_session"]})
        assert (await there.http.get("/api/me")).json()["user"]["username"] == username
        assert (await here.http.post("/api/account/logout-all")).status_code == 200
        start = time.monotonic()
        while (await there.http.get("/api/me")).json()["user"] is not None:
            assert time.monotonic() - start < 5, "the other process still trusts the cookie"
            await asyncio.sleep(0.05)
    finally:
        await here.close()
        await there.close()


async def test_a_programs_event_stream_served_by_the_other_process(
    two_servers: list[RunningServer],
) -> None:
    """A challenge made through one process reaches a program streaming from the other,
    and its acceptance there starts the game for both (issue 37: the stream reads the
    shared database, so any process serves any program)."""
    from tests.api.test_event_stream import listening
    from tests.api.test_tokens import make_token

    here, there = two_servers
    people = []
    for server, name in ((here, "Ana"), (here, "Robo")):
        person = Player(server, name)
        made = await person.http.post(
            "/api/accounts",
            json={
                "username": f"{name.lower()}_{secrets.token_hex(3)}",
                "password": "long enough pw",
            },
        )
        assert made.status_code == 201, made.text
        person.user = made.json()
        people.append(person)
    ana, robo = people
    token = (await make_token(robo, "play"))["token"]
    try:
        async with listening(there, token) as stream:
            asked = await ana.http.post(
                "/api/challenges", json={"to": robo.user["username"], "game": "race"}
            )
            assert asked.status_code == 201, asked.text
            told = await stream.next("challenge")
            assert told["challenge"]["id"] == asked.json()["id"]
            async with httpx.AsyncClient(
                base_url=there.url, headers={"Authorization": f"Bearer {token}"}
            ) as program:
                accepted = await program.post(f"/api/challenges/{asked.json()['id']}/accept")
                assert accepted.status_code == 200, accepted.text
            started = await stream.next("gameStart")
            assert started["game"]["room_id"] == accepted.json()["room_id"]
    finally:
        for person in people:
            await person.close()


async def test_a_chat_line_from_the_other_process_reaches_later_sockets(
    two_servers: list[RunningServer],
) -> None:
    """A process remembers a watched room's chat as empty (a burst of reconnecting sockets
    reads it once, not once each): a line written on the other process, relayed here,
    makes the next socket read it; so does a line written while nobody watched here."""
    alice, bob = await guests_on(two_servers)
    room_id = await start_race(alice, bob, target=40)
    first = await alice.socket(room_id)  # the room watched on process 0, its chat empty
    await first.receive_until("snapshot")
    second = await alice.socket(room_id)
    await second.receive_until("snapshot")
    there = await bob.socket(room_id)  # on process 1
    await there.receive_until("snapshot")
    await there.send({"type": "chat", "text": "hello from one"})
    await first.receive_until("chat", text="hello from one")  # relayed to process 0
    third = await alice.socket(room_id)
    await third.receive_until("chat", text="hello from one")  # in its history
    for sock in (first, second, third):
        await sock.close()
    await asyncio.sleep(0.3)  # nobody watches the room on process 0 now
    await there.send({"type": "chat", "text": "while away"})
    await there.receive_until("chat", text="while away")
    back = await alice.socket(room_id)
    await back.receive_until("chat", text="while away")
    await back.close()
    await there.close()
    await alice.close()
    await bob.close()
