"""The soak's private components: a PostgreSQL cluster, a Redis and two Agora processes.

Nothing here touches the machine's shared services, so the faults hurt nobody else:

- PostgreSQL is a fresh cluster (``initdb`` into the run's temporary directory, on a
  free port, its socket in that directory). The server refuses to run as root, so when
  the soak is root every ``initdb``/``pg_ctl`` runs as the ``postgres`` OS user
  (``runuser``). Its output goes to a log file the soak opens, so ``pg_ctl restart``
  needs no ``-l``.
- Redis is a ``redis-server`` on a free port, without persistence.
- The two app processes are ``python -m app`` from this checkout, with the same
  ``SECRET_KEY`` (a cookie works on both), ``DATABASE_URL`` and ``REDIS_URL`` given in
  their environment, and the settings a soak needs (no abuse limits, high socket rates,
  a short deadline poll). A killed process restarts on the same port.

Faults act on these objects (:mod:`soak_faults`): :meth:`AppProcess.kill`,
:meth:`AppProcess.pause`, :meth:`PrivateRedis.stop` / ``start``,
:meth:`PrivatePostgres.restart_fast`.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
PG_BIN = Path(os.environ.get("SOAK_PG_BIN", "/usr/lib/postgresql/15/bin"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


class PrivatePostgres:
    def __init__(self, workdir: Path, log: Path) -> None:
        self.root = workdir / "postgres"
        self.data = self.root / "data"
        self.port = free_port()
        self.log_path = log
        # As root, the cluster belongs to the postgres OS user (the server refuses root).
        self.user = "postgres" if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/agora"

    @property
    def dsn(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/agora"

    def _run(self, *args: str, check: bool = True) -> None:
        command = [str(PG_BIN / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        with self.log_path.open("ab") as log:
            # The postmaster inherits these descriptors: a pipe would never reach EOF.
            subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, check=check,
                           stdin=subprocess.DEVNULL, timeout=120)  # fmt: skip

    def init(self) -> None:
        self.root.mkdir(parents=True)
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "-E", "UTF8", "--locale=C", "--no-sync")  # fmt: skip
        settings = {
            "port": str(self.port),
            "listen_addresses": "'127.0.0.1'",
            "unix_socket_directories": f"'{self.root}'",
            "max_connections": "200",  # two processes' pools (30 + 10 each) and writers
            "shared_buffers": "'64MB'",
        }
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.writelines(f"{key} = {value}\n" for key, value in settings.items())

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-t", "60", "start")

    def restart_fast(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "restart")

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop",
                      check=False)  # fmt: skip

    async def create_database(self) -> None:
        import asyncpg

        conn = await asyncpg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres")
        try:
            await conn.execute("CREATE DATABASE agora")
        finally:
            await conn.close()


class PrivateRedis:
    def __init__(self, workdir: Path, log: Path) -> None:
        self.port = free_port()
        self.dir = workdir / "redis"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.log_path = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--dir", str(self.dir)],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            )  # fmt: skip
        deadline = time.monotonic() + 10
        while not port_open(self.port):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
            self.process = None


class AppProcess:
    """One ``python -m app`` on a fixed port: started, killed, paused, restarted."""

    def __init__(self, index: int, env: dict[str, str], log: Path) -> None:
        self.index = index
        self.port = free_port()
        self.env = {**env, "PORT": str(self.port)}
        self.log_path = log
        self.process: subprocess.Popen[bytes] | None = None
        self.children: set[int] = set()  # bot workers and the like: ended at teardown
        self.paused = False

    @property
    def name(self) -> str:
        return f"app-{self.index}"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def spawn(self) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "app"], cwd=ROOT, env=self.env,
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            )  # fmt: skip

    async def wait_ready(self, timeout: float = 180.0) -> float:
        """Seconds until ``/readyz`` answers 200 (raises if the process exits or times out)."""
        started = time.monotonic()
        # A generous timeout: on a loaded machine /readyz (a query and a Redis ping) can
        # take seconds, and a probe that gives up at 1 s would never see it ready.
        async with httpx.AsyncClient(timeout=10, trust_env=False) as client:
            while time.monotonic() - started < timeout:
                if self.process is None or self.process.poll() is not None:
                    raise RuntimeError(f"{self.name} exited (see {self.log_path})")
                try:
                    if (await client.get(f"{self.url}/readyz")).status_code == 200:
                        return time.monotonic() - started
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.2)
        raise RuntimeError(f"{self.name} not ready after {timeout} s")

    def remember_children(self) -> None:
        if self.pid is None:
            return
        try:
            self.children |= {c.pid for c in psutil.Process(self.pid).children(recursive=True)}
        except psutil.Error:
            pass

    def bot_cpu_seconds(self) -> float:
        """CPU time of this process's children so far (its bot workers' searches)."""
        total = 0.0
        try:
            for child in psutil.Process(self.pid).children(recursive=True):
                times = child.cpu_times()
                total += times.user + times.system
        except (psutil.Error, ValueError):
            pass
        return total

    def kill(self) -> None:
        """kill -9: no shutdown at all, its leases and sockets are left as they are."""
        self.remember_children()
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)

    def pause(self) -> None:
        if self.pid is not None:
            os.kill(self.pid, signal.SIGSTOP)
            self.paused = True

    def resume(self) -> None:
        if self.pid is not None and self.paused:
            os.kill(self.pid, signal.SIGCONT)
        self.paused = False

    def stop(self) -> None:
        self.resume()
        self.remember_children()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        for pid in self.children:  # only the ones this process started
            try:
                psutil.Process(pid).kill()
            except psutil.Error:
                pass


def app_env(
    database_url: str, redis_url: str, secret: str, extra: dict[str, str]
) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "REDIS_URL", "PORT")}  # fmt: skip
    env.update({
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "SECRET_KEY": secret,  # one key: a guest's cookie works on both processes
        "HOST": "127.0.0.1",
        "RATE_LIMITS": "false",  # hundreds of guests and rooms from one address
        "WS_RATE_PER_SECOND": "1000",
        "WS_RATE_BURST": "1000",
        "WS_SEND_QUEUE": "1024",
        "SCHEDULER_POLL_SECONDS": "0.5",
        "EXPIRY_SWEEP_SECONDS": "0",
        "REDIS_TIMEOUT": "1",
        "METRICS_PUBLIC": "true",
        "LOG_LEVEL": "info",  # every accepted move: who committed a version nobody saw
        "PYTHONUNBUFFERED": "1",
    })  # fmt: skip
    env.update(extra)
    return env


class Cluster:
    """PostgreSQL, Redis and the app processes of one soak run, in ``workdir``."""

    def __init__(self, workdir: Path, logs: Path, processes: int, secret: str,
                 extra_env: dict[str, str]) -> None:  # fmt: skip
        self.workdir = workdir
        self.postgres = PrivatePostgres(workdir, logs / "postgres.log")
        self.redis = PrivateRedis(workdir, logs / "redis.log")
        env = app_env(self.postgres.url, self.redis.url, secret, extra_env)
        self.apps = [AppProcess(i, env, logs / f"app-{i}.log") for i in range(processes)]

    def ports(self) -> list[int]:
        return [app.port for app in self.apps]

    async def start(self) -> None:
        from app.db.migrate import upgrade_async

        await asyncio.to_thread(self.postgres.init)
        await asyncio.to_thread(self.postgres.start)
        await self.postgres.create_database()
        await upgrade_async(self.postgres.url)  # once, before two processes race to do it
        self.redis.start()
        for app in self.apps:
            app.spawn()
        for app in self.apps:
            await app.wait_ready()

    def stop(self) -> None:
        for app in self.apps:
            app.stop()
        self.redis.stop()
        self.postgres.stop()
        shutil.rmtree(self.workdir, ignore_errors=True)
