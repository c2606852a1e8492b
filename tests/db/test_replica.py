"""The read replica (app.db.replica, docs/read-replica.md) on a real streaming replica.

A scratch primary (initdb, ``wal_level=replica``) and a replica made of it with
``pg_basebackup -R`` run on free ports; the app runs with ``DATABASE_URL`` = primary and
``DATABASE_REPLICA_URL`` = replica. Replay paused on the replica, a finished game is
written on the primary: another player sees the profile as it was (the replica), while
its player, and a reader who has just written, see it at once (the primary). Replay
resumed, everyone catches up; lagging past the bound, or stopped, the replica is left for
the primary without a failed page.
"""

from __future__ import annotations

import asyncio
import glob
import math
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import asyncpg
import pytest

from app.db.replica import PRIMARY_COOKIE, ReplicaReads, create_replica, primary_until
from tests.api.tables import account, sockets_for, table
from tests.conftest import (
    Player,
    RunningServer,
    base_settings,
    free_port,
    need_service,
    play_race_to_the_end,
    start_server,
)

pytestmark = pytest.mark.slow


def _as_postgres(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class Cluster:
    """A PostgreSQL cluster under ``pg_ctl`` (a data directory, a port)."""

    def __init__(self, bin_dir: str, data: str, sockets: str, port: int) -> None:
        self.bin_dir, self.data, self.sockets, self.port = bin_dir, data, sockets, port

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def start(self, *settings: str) -> None:
        options = [f"-p {self.port}", f"-k {self.sockets}", "-c listen_addresses=127.0.0.1",
                   "-c fsync=off", *(f"-c {setting}" for setting in settings)]  # fmt: skip
        subprocess.run(
            _as_postgres([f"{self.bin_dir}/pg_ctl", "-D", self.data, "-l", f"{self.data}.log",
                          "-w", "-t", "30", "-o", " ".join(options), "start"]),
            check=True, capture_output=True,
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        subprocess.run(
            _as_postgres([f"{self.bin_dir}/pg_ctl", "-D", self.data, "-m", mode, "-w", "stop"]),
            capture_output=True,
        )

    async def execute(self, sql: str) -> Any:
        conn = await asyncpg.connect(self.url.replace("+asyncpg", ""))
        try:
            return await conn.fetchval(sql)
        finally:
            await conn.close()


@pytest.fixture(scope="module")
def clusters() -> Iterator[tuple[Cluster, Cluster]]:
    """A primary and its streaming replica, stopped and removed whatever happens."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_basebackup"))
    need_service("PostgreSQL server binaries (/usr/lib/postgresql/*/bin)", bool(found))
    bin_dir = os.path.dirname(found[-1])
    root = tempfile.mkdtemp(prefix="agora-replica-")
    if os.geteuid() == 0:
        shutil.chown(root, user="postgres")  # initdb refuses root: the clusters are its
    primary = Cluster(bin_dir, os.path.join(root, "primary"), root, free_port())
    replica = Cluster(bin_dir, os.path.join(root, "replica"), root, free_port())
    try:
        subprocess.run(
            _as_postgres([f"{bin_dir}/initdb", "-D", primary.data, "-U", "postgres",
                          "--auth=trust", "-E", "UTF8", "--no-sync"]),
            check=True, capture_output=True,
        )  # fmt: skip
        primary.start("wal_level=replica", "max_wal_senders=4")
        # -R: standby.signal and primary_conninfo, so it starts as a streaming replica.
        subprocess.run(
            _as_postgres([f"{bin_dir}/pg_basebackup", "-h", "127.0.0.1", "-p", str(primary.port),
                          "-U", "postgres", "-D", replica.data, "-R", "-X", "stream",
                          "-c", "fast", "--no-sync"]),
            check=True, capture_output=True,
        )  # fmt: skip
        replica.start("hot_standby=on")
        yield primary, replica
    finally:
        replica.stop("immediate")
        primary.stop("immediate")
        shutil.rmtree(root, ignore_errors=True)


async def eventually(check: Callable[[], Awaitable[bool]], what: str, timeout: float = 20) -> None:
    """Wait for a state (never for a time)."""
    deadline = time.monotonic() + timeout
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not {what} after {timeout} s")
        await asyncio.sleep(0.05)


async def recent(reader: Player, username: str) -> list[Any]:
    response = await reader.http.get(f"/api/users/{username}")
    assert response.status_code == 200, response.text
    return list(response.json()["recent"])


async def play_a_game(player: Player) -> str:
    """A race against a bot, played to its end (committed on the primary); its room id."""
    room = await table([player], bots=1)
    (sock,) = await sockets_for([player], room["id"])
    await play_race_to_the_end({room["your_seat"]: sock})
    await sock.close()
    player.sockets.clear()
    return str(room["id"])


async def moves_scanned(cluster: Cluster) -> int:
    """Scans of the move log on that server (its statistics arrive within ~10 s)."""
    return int(await cluster.execute(
        "SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) FROM pg_stat_user_tables "
        "WHERE relname = 'moves'"
    ))  # fmt: skip


async def pause_replay(replica: Cluster) -> None:
    await replica.execute("SELECT pg_wal_replay_pause()")

    async def paused() -> bool:
        return await replica.execute("SELECT pg_get_wal_replay_pause_state()") == "paused"

    await eventually(paused, "paused")


async def test_replica_reads_lag_and_the_writer_reads_the_primary(
    clusters: tuple[Cluster, Cluster],
) -> None:
    primary, replica = clusters
    running: RunningServer = start_server(
        base_settings(database_url=primary.url, database_replica_url=replica.url)
    )
    made: list[Player] = []
    try:
        reads: ReplicaReads = running.app.state.replica
        reads.max_lag = math.inf  # replay stays paused as long as the checks take

        async def make(name: str, *, guest: bool = True) -> Player:
            made.append(player := Player(running, name))
            return player

        async def person(name: str) -> Player:
            return await account(make, name)  # type: ignore[no-any-return]

        alice, bob = await person("Alice"), await person("Bob")
        carol = await make("Carol")  # a visitor, signed in nowhere
        name = alice.user["username"]
        for reader in (alice, bob):  # neither has written for a while after this
            reader.http.cookies.delete(PRIMARY_COOKIE)

        async def carol_sees_alice() -> bool:
            return (await carol.http.get(f"/api/users/{name}")).status_code == 200

        await eventually(carol_sees_alice, "replicated")  # the accounts reached the replica

        await pause_replay(replica)
        room_id = await play_a_game(alice)

        # (1) Others read the replica: the game is not there yet.
        assert await recent(carol, name) == []
        assert await recent(bob, name) == []
        page = await carol.http.get(f"/u/{name}")
        assert page.status_code == 200 and room_id not in page.text
        # (2) Alice's own profile is read on the primary, with or without her write's cookie.
        assert alice.http.cookies.get(PRIMARY_COOKIE)  # she created and started a room
        assert [game["room"] for game in await recent(alice, name)] == [room_id]
        alice.http.cookies.delete(PRIMARY_COOKIE)
        assert [game["room"] for game in await recent(alice, name)] == [room_id]
        assert room_id in (await alice.http.get(f"/u/{name}")).text
        summary = await alice.http.get(f"/api/rooms/{room_id}")  # her room: the primary
        assert summary.json()["status"] == "finished"
        # A reader who has just written reads the primary for a while (the cookie).
        followed = await bob.http.post(f"/api/users/{name}/follow")
        assert followed.status_code == 200, followed.text
        profile = (await bob.http.get(f"/api/users/{name}")).json()
        assert profile["following"] is True
        assert [game["room"] for game in profile["recent"]] == [room_id]
        assert await recent(carol, name) == []  # still paused: carol still reads the replica
        # A finished game the replica does not hold yet: its log and replay from the primary.
        replay = await carol.http.get(f"/api/rooms/{room_id}/replay")
        assert replay.status_code == 200, replay.text
        frames = len(replay.json()["frames"])
        assert frames > 1
        verified = (await carol.http.get(f"/api/rooms/{room_id}/verify")).json()
        assert verified["verified"]

        # (3) Replay resumed: the replica catches up.
        await replica.execute("SELECT pg_wal_replay_resume()")

        async def caught_up() -> bool:
            return [game["room"] for game in await recent(carol, name)] == [room_id]

        await eventually(caught_up, "caught up")
        # Once the replica holds the finished game, its replay is read there: the replica's
        # own count of scans of the move log grows (the probes never read that table).
        scanned = await moves_scanned(replica)
        replay = await carol.http.get(f"/api/rooms/{room_id}/replay")
        assert replay.status_code == 200 and len(replay.json()["frames"]) == frames

        async def read_there() -> bool:
            return await moves_scanned(replica) > scanned

        await eventually(read_there, "the replay read on the replica", timeout=30)

        # Lagging past the bound: the primary (the lag is probed at most every second).
        reads.max_lag = 0.0
        await pause_replay(replica)
        second = await play_a_game(alice)

        async def from_primary() -> bool:
            return len(await recent(carol, name)) == 2

        await eventually(from_primary, "read on the primary while the replica lags")
        assert math.isfinite(reads.lag) and reads.lag > 0
        await replica.execute("SELECT pg_wal_replay_resume()")

        # (4) The replica stopped: every page answers, from the primary, from the first one.
        reads.max_lag = math.inf
        replica.stop("fast")
        rooms = [game["room"] for game in await recent(carol, name)]
        assert rooms == [second, room_id]
        assert (await carol.http.get(f"/u/{name}")).status_code == 200
        assert (await carol.http.get("/api/leaderboard/race")).status_code == 200
        assert math.isinf(reads.lag)
    finally:
        for player in made:
            await player.close()
        running.stop()


def test_a_replica_needs_postgresql_on_both_sides() -> None:
    assert create_replica(base_settings()) is None  # no DATABASE_REPLICA_URL: no replica
    for primary, replica in [
        ("sqlite+aiosqlite:///agora.db", "postgresql+asyncpg://r/agora"),
        ("postgresql+asyncpg://p/agora", "sqlite+aiosqlite:///copy.db"),
    ]:
        settings = base_settings(database_url=primary, database_replica_url=replica)
        with pytest.raises(ValueError, match="PostgreSQL"):
            create_replica(settings)


def test_the_read_your_writes_cookie_holds_until_its_time() -> None:
    assert primary_until("1000.5", now=1000.0)
    assert not primary_until("1000", now=1000.0)
    assert not primary_until(None, now=1000.0)
    assert not primary_until("soon", now=1000.0)  # a forged or garbled cookie: no effect


async def test_without_a_replica_a_write_sets_no_cookie(server: RunningServer) -> None:
    player = await Player(server, "Dora").as_guest()
    try:
        created = await player.http.post(
            "/api/rooms", json={"game": "race", "seats": 2, "options": {}}
        )
        assert created.status_code == 201, created.text
        assert PRIMARY_COOKIE not in created.cookies
        assert server.app.state.replica is None
    finally:
        await player.close()
