"""Losing an app process under load (issue 42): N processes behind nginx, one SIGKILL.

    .venv/bin/python bench/process_loss.py                       # 4 processes, 1,000 rooms
    .venv/bin/python bench/process_loss.py --rooms 40 --warmup 10 --after 15

Built from the soak's parts (``bench/soak_*.py``): a private PostgreSQL, Redis and
``--processes`` app processes of this checkout (:mod:`soak_cluster`), a real nginx in
front running ``deploy/nginx.conf`` (room affinity, :mod:`nginx_front`), and ``--rooms``
tables over the four games played by guest clients that behave like the browser
(:mod:`soak_clients`: think, play random legal moves, reconnect with backoff), every
HTTP call and socket going through nginx. Page reloads are off, so a socket that opens
again after the kill was moved by it.

After ``--warmup`` seconds of play, the victim is killed with SIGKILL the first moment
a process holds a deadline lease (a bot thinking there): of those holding one, the one
with the most sockets (its ``/metrics``). It is never restarted. Then ``--after`` seconds
of play, a settle, and:

- **resume**: for each room whose sockets were on the victim, the seconds from the kill
  until every one of them had reconnected through nginx to another process and had its
  snapshot (the room is playable again); and until its first acknowledged move (this
  one includes the person's thinking, 5-15 s by default);
- **deadlines taken over**: the leases the victim held when it died (its id matched to
  its PostgreSQL session), the seconds until another process claimed each (the lease
  owner changed) and until the bot's move was committed;
- **lost**: acknowledged moves missing from the move log (``soak_accounting``), with
  the soak's other verdicts (stalls, sockets behind, internal errors).

Prints a table, writes ``summary.json`` and the components' logs under
``bench/results/process-loss/<run>/``, exits 1 when a move is lost, a room never
resumes, a lease is never taken over or an internal error is answered.
``tests/deploy/test_process_loss.py`` runs it small in CI.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import nginx_front  # noqa: E402
from soak_accounting import StallTracker, check_moves, table  # noqa: E402
from soak_clients import Context, SeatClient  # noqa: E402
from soak_cluster import ROOT, AppProcess, Cluster, free_port  # noqa: E402
from soak_monitor import Database, Monitor  # noqa: E402
from soak_slots import Api, Slot, make_plans  # noqa: E402

WAL_QUERY = "SELECT pg_current_wal_lsn()::text AS lsn, (SELECT count(*) FROM moves) AS moves"
RESULTS = ROOT / "bench" / "results" / "process-loss"
#: the resume target of issue 42 (a figure to print, not a test's assertion)
RESUME_TARGET_S = 2.0


def cpu_by_component() -> dict[str, float]:
    """CPU seconds so far of every process on the machine, by program (the app processes
    by port): where the reconnections' work went."""
    spent: dict[str, float] = {}
    for process in psutil.process_iter(["name", "cmdline", "cpu_times"]):
        times = process.info["cpu_times"]
        if times is None:
            continue
        name = process.info["name"] or "?"
        command = process.info["cmdline"] or []
        if command[1:3] == ["-m", "app"]:
            name = "app"
        elif "process_loss.py" in " ".join(command[:3]):
            name = "load generator"
        spent[name] = spent.get(name, 0.0) + times.user + times.system
    return spent


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--rooms", type=int, default=1000, help="tables played at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds of play before")
    parser.add_argument("--after", type=float, default=20.0, help="seconds of play after")
    parser.add_argument("--settle", type=float, default=10.0)
    parser.add_argument("--think", type=float, nargs=2, default=(5.0, 15.0), metavar=("MIN", "MAX"))
    parser.add_argument("--bot-share", type=float, default=0.3, help="share of rooms with bots")
    # No hard bots by default: 1.8 s of CPU a move for 1,000 rooms' worth is more than two
    # cores have; their deadlines behave as the others'.
    parser.add_argument("--levels", default="random=3,easy=3,medium=2")
    parser.add_argument("--results", type=Path, default=RESULTS)
    return parser.parse_args(argv)


def quantiles(values: list[float]) -> str:
    """``p50 / p99 / max (n)`` of seconds."""
    if not values:
        return "-"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{ordered[len(ordered) // 2]:.2f} / {p99:.2f} / {ordered[-1]:.2f} (n = {len(ordered)})"


def lsn(text: str) -> int:
    """A WAL position (``16/B374D848``) as a byte count."""
    high, low = text.split("/")
    return (int(high, 16) << 32) + int(low, 16)


def sockets_of(app: AppProcess) -> float:
    """The process's open sockets (its ``agora_sockets`` gauge)."""
    try:
        text = httpx.get(f"{app.url}/metrics", timeout=5, trust_env=False).text
    except httpx.HTTPError:
        return 0.0
    found = re.search(r"^agora_sockets (\S+)", text, re.M)
    return float(found.group(1)) if found else 0.0


class Loss:
    """One run: the cluster behind nginx, the load, the kill and what followed it."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        self.out = args.results / f"{stamp}-p{args.processes}-r{args.rooms}"
        self.out.mkdir(parents=True, exist_ok=True)
        workdir = Path(tempfile.mkdtemp(prefix="agora-loss-"))
        workdir.chmod(0o755)  # the postgres OS user must reach its cluster inside
        # Each process's pool sized so that N of them fit under max_connections (200).
        pool = max(5, 160 // args.processes - 10)
        extra = {"DB_POOL_SIZE": str(pool), "DB_POOL_OVERFLOW": "10"}
        self.cluster = Cluster(workdir, self.out, args.processes, f"loss-{args.seed}", extra)
        self.proxy: Any = None
        rng = random.Random(args.seed)
        self.ctx = Context(ports=[], rng=random.Random(rng.random()), think=tuple(args.think),
                           reload_every=0.0)  # fmt: skip
        levels = {k: float(v) for k, v in (w.split("=") for w in args.levels.split(","))}
        self.plans = make_plans(args.rooms, random.Random(rng.random()), args.bot_share, levels)
        self.slots: list[Slot] = []
        self.lines: list[str] = []
        self.figures: list[tuple[str, Any]] = []
        self.failures: dict[str, int] = {}

    def say(self, text: str) -> None:
        line = f"[{self.ctx.clock():7.1f}s] {text}"
        self.lines.append(line)
        print(line, flush=True)

    async def start(self) -> None:
        self.say(f"starting PostgreSQL, Redis and {self.args.processes} app processes")
        await self.cluster.start()
        listen = free_port()
        prefix = self.cluster.workdir / "nginx"
        prefix.mkdir()
        self.proxy = nginx_front.start(self.cluster.ports(), listen, prefix)
        self.ctx.ports = [listen]  # every call and socket through nginx
        for _ in range(100):
            try:
                httpx.get(f"http://127.0.0.1:{listen}/readyz", timeout=2, trust_env=False)
                break
            except httpx.HTTPError:
                await asyncio.sleep(0.1)
        self.say(f"nginx :{listen} before {self.cluster.ports()}")

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.terminate()
            self.proxy.wait(timeout=10)
            log = self.cluster.workdir / "nginx" / "error.log"
            if log.exists():  # kept with the components' logs (the workdir goes)
                shutil.copy(log, self.out / "nginx-error.log")
        self.cluster.stop()

    async def main(self) -> int:
        await self.start()
        api = Api(self.ctx)
        db = Database(self.cluster.postgres.dsn)
        tracker = StallTracker(self.args.think[1] + 10.0)  # a person thinking is no stall
        monitor = Monitor(db, self.ctx, tracker, 5.0, self.say)
        setup = asyncio.Semaphore(12)
        self.slots = [
            Slot(self.ctx, api, i, plan, monitor.register) for i, plan in enumerate(self.plans)
        ]
        tasks = [asyncio.create_task(slot.run(setup)) for slot in self.slots]
        watch = asyncio.create_task(monitor.run())
        try:
            while sum(1 for slot in self.slots if slot.room_id) < len(self.slots):
                await asyncio.sleep(0.5)
            self.say(f"{len(self.slots)} rooms playing; {self.args.warmup} s of play")
            # Its own connection: the monitor's is busy with its polls (one user each).
            watcher = Database(self.cluster.postgres.dsn)
            try:
                await self.steady_state(watcher)
                await self.kill_and_watch(watcher)
            finally:
                await watcher.close()
            self.say(f"clients stop moving; settling {self.args.settle} s")
            self.ctx.freeze = True
            await asyncio.sleep(self.args.settle)
            watch.cancel()
            await asyncio.gather(watch, return_exceptions=True)  # its query ends first
            logged, rows, _bots = await db.logged_moves(sorted(monitor.games))
            moves = check_moves(self.ctx.acks, self.ctx.refusals, logged)
        finally:
            for task in (*tasks, watch):
                task.cancel()
            await asyncio.gather(*(slot.stop_clients() for slot in self.slots))
            await api.close()
            await db.close()
        counts = self.ctx.counts
        self.failures |= {
            "lost": len(moves.lost),
            "misplaced": len(moves.misplaced),
            "stalled rooms": len(tracker.stalled_rooms()),
            "internal errors": sum(
                n for key, n in counts.items() if key.endswith((":internal_error", ":500"))
            ),  # fmt: skip
        }
        self.figures += [
            ("moves acked (clients) / logged (all seats)", f"{len(self.ctx.acks)} / {rows}"),
            *self.failures.items(),
            (
                "disconnects / refused handshakes",
                f"{counts['disconnects']} / {counts['handshakes_refused']}",
            ),  # fmt: skip
            ("HTTP calls retried", counts["http_retries"]),
        ]
        print("\n" + table(self.figures))
        summary = {"args": {k: str(v) for k, v in vars(self.args).items()},
                   "figures": dict(self.figures), "failures": self.failures,
                   "counts": dict(counts), "log": self.lines,
                   "lost": [vars(a) for a in moves.lost[:100]]}  # fmt: skip
        (self.out / "summary.json").write_text(json.dumps(summary, indent=1, default=str))
        print(f"\nsummary and the components' logs: {self.out}")
        return 1 if any(self.failures.values()) else 0

    async def steady_state(self, db: Database) -> None:
        """``--warmup`` seconds of play, measured: moves logged and the app processes' CPU
        (their own, not their bot workers') a move, before anything is killed."""
        apps = self.cluster.apps
        cpu = [psutil.Process(app.pid) for app in apps if app.pid is not None]
        moves = "SELECT count(*) AS n FROM moves"
        before_cpu = sum(sum(p.cpu_times()[:2]) for p in cpu)
        before = (await db.fetch(moves))[0]["n"]
        await asyncio.sleep(self.args.warmup)
        used = sum(sum(p.cpu_times()[:2]) for p in cpu) - before_cpu
        made = (await db.fetch(moves))[0]["n"] - before
        self.figures += [
            ("steady play: moves logged a second", f"{made / self.args.warmup:.0f}"),
            (
                "steady play: app CPU a move (all four games, sockets, HTTP)",
                f"{1000 * used / max(1, made):.2f} ms",
            ),  # fmt: skip
        ]

    async def owner_of(self, db: Database, app: AppProcess) -> str | None:
        """The process's id in leases: its heartbeat session's ``application_name``."""
        rows = await db.fetch(
            "SELECT application_name, client_port FROM pg_stat_activity "
            "WHERE application_name LIKE 'agora:%'"
        )
        pg_port = self.cluster.postgres.port
        mine = {
            c.laddr.port
            for c in psutil.Process(app.pid).net_connections(kind="tcp")
            if c.raddr and c.raddr.port == pg_port
        }
        return next((r["application_name"][6:] for r in rows if r["client_port"] in mine), None)

    async def kill_and_watch(self, db: Database) -> None:
        apps = self.cluster.apps
        counts = [await asyncio.to_thread(sockets_of, app) for app in apps]
        owners = [await self.owner_of(db, app) for app in apps]
        lease_query = (
            "SELECT id, version, lease_owner FROM rooms WHERE status = 'playing' "
            "AND lease_owner IS NOT NULL AND deadline_at = lease_until"
        )
        # The victim: of the processes holding a lease (a bot thinking there) the first
        # moment one does, the one with the most sockets (any, after 30 s without).
        victim = apps[max(range(len(apps)), key=lambda n: counts[n])]
        leased: list[Any] = []
        waited = time.monotonic()
        while time.monotonic() - waited < 30:
            rows = await db.fetch(lease_query)
            holders = [n for n in range(len(apps)) if owners[n] in {r["lease_owner"] for r in rows}]
            if holders:
                victim = apps[max(holders, key=lambda n: counts[n])]
                leased = [r for r in rows if r["lease_owner"] == owners[apps.index(victim)]]
                break
            await asyncio.sleep(0.02)
        owner = owners[apps.index(victim)]
        clients = [c for slot in self.slots for c in slot.clients if c.ws is not None]
        wal_before = await db.fetch(WAL_QUERY)
        victim.kill()
        t_kill = self.ctx.clock()
        held = {row["id"]: row["version"] for row in leased}
        self.say(f"SIGKILL {victim.name} (sockets per process {counts}; {len(held)} "
                 f"lease(s) held)")  # fmt: skip
        back: dict[SeatClient, float] = {}
        taken: dict[str, float] = {}
        fired: dict[str, float] = {}
        until = t_kill + self.args.after
        lags: list[float] = []
        sampler = asyncio.create_task(self.sample_lag(lags))
        me, cpu = psutil.Process(), None
        me.cpu_percent(None)
        spent, usage = cpu_by_component(), ""
        while self.ctx.clock() < until:
            for client in clients:
                since = client.connected_since
                if client not in back and since is not None and since > t_kill:
                    back[client] = since - t_kill
            if held and len(fired) < len(held):
                rows = await db.fetch(
                    "SELECT id, version, lease_owner FROM rooms WHERE id = ANY($1::varchar[])",
                    list(held),
                )
                now = self.ctx.clock() - t_kill
                for row in rows:
                    moved = row["version"] > held[row["id"]]
                    if row["id"] not in taken and (row["lease_owner"] != owner or moved):
                        taken[row["id"]] = now
                    if row["id"] not in fired and moved:
                        fired[row["id"]] = now
            if cpu is None and self.ctx.clock() > t_kill + 5:
                cpu = me.cpu_percent(None)
                usage = ", ".join(
                    f"{name} {(seconds - spent.get(name, 0.0)) / 5 * 100:.0f} %"
                    for name, seconds in sorted(cpu_by_component().items())
                    if seconds - spent.get(name, 0.0) > 0.05
                )
            await asyncio.sleep(0.05)
        sampler.cancel()
        self.figures += [
            ("load generator: loop lag after the kill, s", quantiles(lags)),
            ("load generator: CPU in the 5 s after the kill", f"{cpu or 0:.0f} %"),
            ("the machine's CPU in the 5 s after the kill, by program", usage),
        ]
        self.account(t_kill, victim, clients, back, held, taken, fired, counts)
        await self.load_figures(db, wal_before[0])

    async def sample_lag(self, lags: list[float], every: float = 0.05) -> None:
        """How late this process's loop wakes up: a late loop reads reconnections late, so
        the resume figures are upper bounds by about this much."""
        while True:
            before = time.monotonic()
            await asyncio.sleep(every)
            lags.append(time.monotonic() - before - every)

    async def load_figures(self, db: Database, before: Any) -> None:
        """Moves logged a second and WAL bytes a move since the kill (the capacity model's
        write volume of one primary, docs/scaling.md)."""
        after = (await db.fetch(WAL_QUERY))[0]
        moves = after["moves"] - before["moves"]
        wal = lsn(after["lsn"]) - lsn(before["lsn"])
        self.figures += [
            ("moves logged a second after the kill", f"{moves / self.args.after:.0f}"),
            ("WAL bytes a move (all writes)", f"{wal / max(1, moves):.0f}"),
        ]

    def account(self, t_kill: float, victim: AppProcess, clients: list[SeatClient],
                back: dict[SeatClient, float], held: dict[str, int], taken: dict[str, float],
                fired: dict[str, float], counts: list[float]) -> None:  # fmt: skip
        rooms: dict[str, list[SeatClient]] = {}
        for client in back:
            rooms.setdefault(client.room_id, []).append(client)
        # A room resumed when every one of its sockets that dropped is back.
        dropped = {c.room_id for c in clients if c.connected_since is None or c in back}
        resumed = {room: max(back[c] for c in mine) for room, mine in rooms.items()
                   if all(c in back for c in clients if c.room_id == room
                          and (c.connected_since is None or c in back))}  # fmt: skip
        first_ack: dict[str, float] = {}
        for ack in self.ctx.acks:
            if ack.room_id in dropped and ack.at > t_kill:
                first_ack.setdefault(ack.room_id, ack.at - t_kill)
        within = sum(1 for s in resumed.values() if s <= RESUME_TARGET_S)
        self.failures["rooms never resumed"] = len(dropped) - len(resumed)
        self.failures["leases never taken over"] = len(held) - len(taken)
        self.figures += [
            ("processes / rooms", f"{len(self.cluster.apps)} / {len(self.slots)}"),
            ("sockets per process before the kill", " / ".join(f"{n:.0f}" for n in counts)),
            ("killed", f"{victim.name} at {t_kill:.1f} s"),
            ("rooms that lost their process", len(dropped)),
            ("sockets that reconnected", f"{len(back)} of {len(clients)} open"),
            ("room resumed, s: p50 / p99 / max", quantiles(list(resumed.values()))),
            (f"rooms resumed within {RESUME_TARGET_S:.0f} s", f"{within} of {len(dropped)}"),
            (
                "first acked move after the kill, s (thinking included)",
                quantiles(list(first_ack.values())),
            ),  # fmt: skip
            ("leases the victim held", len(held)),
            ("lease taken over, s", quantiles(list(taken.values()))),
            ("bot move committed after takeover, s", quantiles(list(fired.values()))),
        ]


def main() -> None:
    run = Loss(parse_args())
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        code = asyncio.run(run.main())
    except KeyboardInterrupt:
        code = 130
    finally:
        run.stop()
    sys.exit(code)


if __name__ == "__main__":
    main()
