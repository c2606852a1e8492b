"""A local Redis Cluster for tests: three primaries, no replicas, in a temporary directory.

Each node is a ``redis-server --cluster-enabled yes`` on a free port, with its cluster bus
on a second free port (``cluster-port``, Redis 7), no persistence, and its nodes file in
the temporary directory, so a node killed and started again rejoins with its slots (its
keys are gone: nothing is saved). ``redis-cli --cluster create`` assigns the slots; the
cluster is ready once every node reports ``cluster_state:ok``.

:func:`redis_cluster` is a session fixture (one cluster per xdist worker). Without
``redis-server`` the tests that use it skip, and fail under CI (``need_service``).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import free_port, need_service, port_open

PRIMARIES = 3
# A node silent this long is marked failed by the others; a restart in a test is faster.
NODE_TIMEOUT_MS = 5000


class LocalCluster:
    def __init__(self, primaries: int = PRIMARIES) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="agora-cluster-"))
        self.ports = [free_port() for _ in range(primaries)]
        self.bus_ports = [free_port() for _ in range(primaries)]
        self.processes: dict[int, subprocess.Popen[bytes]] = {}

    @property
    def url(self) -> str:
        """The app's setting: ``redis+cluster://`` and every node as a startup node."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{port}" for port in self.ports)

    def start(self) -> None:
        for port in self.ports:
            self.start_node(port, wait=False)
        for port in self.ports:
            self._wait_port(port)
        nodes = [f"127.0.0.1:{port}" for port in self.ports]
        subprocess.run(
            ["redis-cli", "--cluster", "create", *nodes, "--cluster-replicas", "0",
             "--cluster-yes"],
            check=True, capture_output=True, timeout=60,
        )  # fmt: skip
        self.wait_ok()

    def start_node(self, port: int, *, wait: bool = True) -> None:
        bus = self.bus_ports[self.ports.index(port)]
        self.processes[port] = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1",
             "--cluster-enabled", "yes", "--cluster-port", str(bus),
             "--cluster-config-file", f"nodes-{port}.conf",
             "--cluster-node-timeout", str(NODE_TIMEOUT_MS), "--dir", str(self.dir),
             "--save", "", "--appendonly", "no", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        if wait:
            self._wait_port(port)
            self.wait_ok()

    def kill_node(self, port: int) -> None:
        process = self.processes.pop(port, None)
        if process is not None:
            process.kill()
            process.wait(timeout=10)

    def node_of(self, key: str) -> int:
        """The port of the primary that serves ``key``'s slot (a channel's, too)."""
        slot = int(self.cli(self.ports[0], "CLUSTER", "KEYSLOT", key))
        for line in self.cli(self.ports[0], "CLUSTER", "NODES").splitlines():
            fields = line.split()  # id addr@bus flags master ping pong epoch state slots…
            for span in fields[8:]:
                low, _, high = span.partition("-")
                if low.isdigit() and int(low) <= slot <= int(high or low):
                    return int(fields[1].partition("@")[0].rpartition(":")[2])
        raise AssertionError(f"no node serves slot {slot}")

    def move_slot(self, key: str, target: int) -> None:
        """Give the slot of ``key`` (and its keys) to the node on port ``target``, as a
        resharding does, one slot at a time."""
        source, slot = self.node_of(key), self.cli(self.ports[0], "CLUSTER", "KEYSLOT", key)
        ids = {port: self.cli(port, "CLUSTER", "MYID") for port in (source, target)}
        self.cli(target, "CLUSTER", "SETSLOT", slot, "IMPORTING", ids[source])
        self.cli(source, "CLUSTER", "SETSLOT", slot, "MIGRATING", ids[target])
        keys = self.cli(source, "CLUSTER", "GETKEYSINSLOT", slot, "1000").split()
        if keys:
            self.cli(source, "MIGRATE", "127.0.0.1", str(target), "", "0", "5000", "KEYS", *keys)
        # The new owner first, then the old one, then the others (Redis's documented order).
        for port in [target, source, *(p for p in self.ports if p not in (source, target))]:
            self.cli(port, "CLUSTER", "SETSLOT", slot, "NODE", ids[target])
        self.wait_ok()

    def cli(self, port: int, *args: str) -> str:
        done = subprocess.run(
            ["redis-cli", "-p", str(port), *args], check=True, capture_output=True, timeout=10
        )
        return done.stdout.decode().strip()

    def wait_ok(self, timeout: float = 30.0) -> None:
        """Until every running node says ``cluster_state:ok`` (and knows all the others)."""
        deadline = time.monotonic() + timeout
        while True:
            states = [self._state(port) for port in self.processes]
            if states and all(state == "ok" for state in states):
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the cluster never became ok: {states}")
            time.sleep(0.05)

    def _state(self, port: int) -> str:
        try:
            info = self.cli(port, "CLUSTER", "INFO")
        except subprocess.SubprocessError:
            return "down"
        fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
        known = fields.get("cluster_known_nodes") == str(len(self.ports))
        return fields.get("cluster_state", "").strip() if known else "joining"

    def _wait_port(self, port: int) -> None:
        deadline = time.monotonic() + 10
        while not port_open("127.0.0.1", port):
            process = self.processes.get(port)
            if process is not None and process.poll() is not None:
                raise RuntimeError(f"redis-server on {port} exited with {process.returncode}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server on {port} did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        for port in list(self.processes):
            self.kill_node(port)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[LocalCluster]:
    if shutil.which("redis-server") is None or shutil.which("redis-cli") is None:
        need_service("redis-server binary (Redis Cluster tests)", False)
    cluster = LocalCluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
