"""A chaos soak to run before a release (issue 38): real play through faults, then checks.

    python bench/soak.py                       # 20 minutes, 200 rooms, seed 1
    python bench/soak.py --minutes 3 --rooms 60 --seed 7

Design (one asyncio process driving everything; docs/soak.md says how to read it):

1. **Its own cluster** (:mod:`soak_cluster`): a private PostgreSQL (initdb on a free
   port, as the ``postgres`` OS user when root), a private ``redis-server``, two
   ``python -m app`` processes of this checkout serving the same rooms. Nothing shared
   is touched, so the faults hurt nobody else.
2. **Steady play** (:mod:`soak_slots`, :mod:`soak_clients`): ``--rooms`` tables over
   the four games, some with bots (random to hard), played by guest clients that behave
   like the browser with a person behind it; a finished game is followed by another.
3. **Faults** (:mod:`soak_faults`): every 20-60 s (seeded) one of kill -9 (aimed at a
   thinking bot), Redis restart, PostgreSQL fast restart, SIGSTOP pause.
4. **Watching** (:mod:`soak_monitor`): the database's versions every second; a room
   stuck past ``--stall-seconds`` while a bot or a connected client is to act is a stall.
5. **Verdicts** (:mod:`soak_accounting`): after the faults stop and the clients stop
   moving, ``--settle`` seconds, then: acked moves missing from the ``moves`` table
   (lost), stalls, sockets whose version is not the database's (behind), internal
   errors (an internal_error or a 500 answered to any client). Prints a table
   and the fault log, writes ``bench/results/soak/<run>/summary.json`` next to the
   components' logs, and exits 1 when any verdict is non-zero.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

# This checkout's app (the soak's modules import it), not the one the venv was built from.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from soak_accounting import (  # noqa: E402
    MoveCheck,
    SocketEnd,
    StallTracker,
    behind_sockets,
    check_moves,
    committers,
    likely_cause,
    table,
)
from soak_clients import Context  # noqa: E402
from soak_cluster import ROOT, Cluster  # noqa: E402
from soak_faults import KINDS, Faults  # noqa: E402
from soak_monitor import Database, Monitor  # noqa: E402
from soak_slots import Api, Slot, make_plans  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "soak"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=20.0, help="load with faults")
    parser.add_argument("--rooms", type=int, default=200, help="tables played at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--settle", type=float, default=15.0, help="seconds of calm before checks")
    parser.add_argument("--fault-every", type=float, nargs=2, default=(20.0, 60.0),
                        metavar=("MIN", "MAX"), help="seconds between faults")  # fmt: skip
    parser.add_argument("--faults", default=",".join(KINDS),
                        help="kinds to draw from (comma separated; 'none' for none)")  # fmt: skip
    parser.add_argument("--bot-share", type=float, default=0.3, help="share of rooms with bots")
    parser.add_argument("--levels", default="random=4,easy=3,medium=2,hard=1",
                        help="bot level weights")  # fmt: skip
    parser.add_argument("--think", type=float, nargs=2, default=(0.2, 2.0), metavar=("MIN", "MAX"))
    parser.add_argument("--reload-every", type=float, default=60.0,
                        help="mean seconds between a client's page reloads (0: never)")  # fmt: skip
    parser.add_argument("--stall-seconds", type=float, default=10.0)
    parser.add_argument("--grace", type=float, default=5.0,
                        help="seconds a socket is open before its seat may act")  # fmt: skip
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                        help="extra environment for the app processes (repeatable)")  # fmt: skip
    parser.add_argument("--results", type=Path, default=RESULTS)
    return parser.parse_args(argv)


@dataclass
class Verdicts:
    behind: list[tuple[SocketEnd, int]]
    unconnected: list[SocketEnd]
    pending: list[tuple[str, str, str]]  # (room, who, move id) still unanswered
    moves: MoveCheck
    rows: int  # move log rows of the run's rooms
    bot_rows: int
    end: float
    failures: dict[str, int] = field(default_factory=dict)
    # (room, version) -> which process committed it (from the apps' logs), for evidence
    committed: dict[tuple[str, int], str] = field(default_factory=dict)


class Run:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        self.out = args.results / f"{stamp}-seed{args.seed}"
        self.out.mkdir(parents=True, exist_ok=True)
        workdir = Path(tempfile.mkdtemp(prefix="agora-soak-"))
        workdir.chmod(0o755)  # the postgres OS user must reach its cluster inside
        extra = dict(item.split("=", 1) for item in args.env)
        self.cluster = Cluster(workdir, self.out, 2, f"soak-{args.seed}", extra)
        rng = random.Random(args.seed)
        self.ctx = Context(ports=[], rng=random.Random(rng.random()), think=tuple(args.think),
                           reload_every=args.reload_every)  # fmt: skip
        self.fault_rng = random.Random(rng.random())
        self.plans = make_plans(args.rooms, random.Random(rng.random()), args.bot_share,
                                {k: float(v) for k, v in
                                 (w.split("=") for w in args.levels.split(","))})  # fmt: skip
        self.lines: list[str] = []
        self.lags: list[float] = []
        self.spread: list[float] = []
        self.slots: list[Slot] = []

    def say(self, text: str) -> None:
        line = f"[{self.ctx.clock():7.1f}s] {text}"
        self.lines.append(line)
        print(line, flush=True)

    async def sampler(self) -> None:
        """How late the client loop wakes up (a late loop makes late moves, not stalls),
        and every 10 s the share of rooms with open sockets on both processes."""
        while True:
            before = time.monotonic()
            await asyncio.sleep(0.25)
            self.lags.append(time.monotonic() - before - 0.25)
            if len(self.lags) % 40 == 0 and not self.ctx.freeze:
                both = sum(1 for slot in self.slots if slot.on_both_processes())
                self.spread.append(both / max(1, len(self.slots)))

    async def main(self) -> int:
        args, ctx = self.args, self.ctx
        self.say(f"starting the private cluster in {self.cluster.workdir}; logs in {self.out}")
        await self.cluster.start()
        ctx.ports = self.cluster.ports()
        pg, redis = self.cluster.postgres.port, self.cluster.redis.port
        self.say(f"cluster up: postgres :{pg}, redis :{redis}, apps {ctx.ports}")
        api = Api(ctx)
        db = Database(self.cluster.postgres.dsn)
        self.tracker = StallTracker(args.stall_seconds)
        self.monitor = Monitor(db, ctx, self.tracker, args.grace, self.say)
        setup = asyncio.Semaphore(12)  # rooms made at once (first ones and next games)
        self.slots = [
            Slot(ctx, api, i, plan, self.monitor.register) for i, plan in enumerate(self.plans)
        ]
        tasks = [asyncio.create_task(slot.run(setup)) for slot in self.slots]
        watch = [asyncio.create_task(self.monitor.run()), asyncio.create_task(self.sampler())]
        try:
            await self.load()
            self.say(f"faults stopped, clients stop moving; settling {args.settle} s")
            ctx.freeze = True
            await asyncio.sleep(args.settle)
            for task in watch:
                task.cancel()
            await asyncio.gather(*watch, return_exceptions=True)
            verdicts = await self.check(db)
        finally:
            for task in (*tasks, *watch):
                task.cancel()
            await asyncio.gather(*(slot.stop_clients() for slot in self.slots))
            await api.close()
            await db.close()
        figures = self.figures(verdicts)
        self.report(figures, verdicts)
        self.write(figures, verdicts)
        failed = self.faults.errors or self.faults.crashes
        return 1 if any(verdicts.failures.values()) or failed else 0

    async def load(self) -> None:
        """Every room playing, then ``--minutes`` of play with faults (the last repaired)."""
        args, ctx = self.args, self.ctx
        while sum(1 for slot in self.slots if slot.room_id) < len(self.slots):
            await asyncio.sleep(0.5)
        self.load_start = ctx.clock()
        self.say(f"{len(self.slots)} rooms playing; load with faults for {args.minutes} min")
        kinds = [] if args.faults == "none" else args.faults.split(",")
        self.faults = Faults(self.cluster, self.fault_rng, kinds, tuple(args.fault_every),
                             ctx.clock, self.say)  # fmt: skip
        stop_at = self.load_start + args.minutes * 60
        supervisor = asyncio.create_task(self.faults.supervise())
        try:
            if kinds:
                await self.faults.run(stop_at)
            await asyncio.sleep(max(0.0, stop_at - ctx.clock()))
        finally:
            supervisor.cancel()
            await asyncio.gather(supervisor, return_exceptions=True)
        self.both = sum(1 for slot in self.slots if slot.on_both_processes())
        self.load_end = ctx.clock()

    async def check(self, db: Database) -> Verdicts:
        """The verdicts after the settle: sockets against the database, acks against the log."""
        rooms = [slot.room_id for slot in self.slots if slot.room_id]
        ends = [client.end() for slot in self.slots for client in slot.clients]
        behind, unconnected = behind_sockets(ends, await db.versions(rooms))
        if behind:  # a patch may be in flight: a second look a little later decides
            await asyncio.sleep(2.0)
            ends = [client.end() for slot in self.slots for client in slot.clients]
            behind, unconnected = behind_sockets(ends, await db.versions(rooms))
        pending = [
            (client.room_id, client.label, client.pending.move_id)
            for slot in self.slots for client in slot.clients if client.pending is not None
        ]  # fmt: skip
        logged, rows, bot_rows = await db.logged_moves(sorted(self.monitor.games))
        moves = check_moves(self.ctx.acks, self.ctx.refusals, logged)
        verdicts = Verdicts(behind, unconnected, pending, moves, rows, bot_rows, self.ctx.clock())
        wanted = {(s.room_id, s.version) for s in self.tracker.stalls}
        wanted |= {(end.room_id, version) for end, version in behind}
        logs = {app.name: app.log_path.read_text(errors="replace").splitlines()
                for app in self.cluster.apps}  # fmt: skip
        verdicts.committed = committers(logs, wanted)
        return verdicts

    def figures(self, v: Verdicts) -> list[tuple[str, Any]]:
        c, slots, load = self.ctx.counts, len(self.slots), self.load_end - self.load_start
        v.failures = {
            "lost": len(v.moves.lost), "misplaced": len(v.moves.misplaced),
            "refused but logged": len(v.moves.refused_but_logged),
            "stalled rooms": len(self.tracker.stalled_rooms()), "sockets behind": len(v.behind),
            "sockets unconnected": len(v.unconnected), "moves unanswered": len(v.pending),
            "ack conflicts": c["ack_conflicts"],
            # A fault is the database or Redis away, never a bug: no answer may be a 5xx
            # or an internal_error (retried or not).
            "internal errors": sum(n for key, n in c.items()
                                   if key.endswith((":internal_error", ":500"))),
        }  # fmt: skip
        return [
            ("load minutes", f"{load / 60:.1f}"), ("rooms at once", slots),
            ("rooms played", len(self.monitor.games)),
            ("games started / finished", f"{c['games_started']} / {c['games_finished']}"),
            ("rooms on both processes, mean / at the end", f"{_mean(self.spread):.0%} / "
             f"{self.both} of {slots}"),  # fmt: skip
            ("faults", _counts(Counter(f.kind for f in self.faults.log)) or "none"),
            ("app processes that died by themselves", len(self.faults.crashes)),
            ("moves acked (clients)", len(self.ctx.acks)), ("moves logged (all seats)", v.rows),
            ("bot moves logged", v.bot_rows),
            ("moves/s logged", f"{v.rows / max(1.0, v.end - self.load_start):.1f}"),
            ("stall episodes: near a fault / none near", self.stall_causes()),
            *v.failures.items(),
            ("refused moves", _counts(c, "refused:") or "0"),
            ("moves refused, then acked on a resend", len(v.moves.refused_then_acked)),
            ("moves given up", len(self.ctx.gave_up)), ("move retries", c["move_retries"]),
            ("moves resent on snapshot", c["moves_resent"]),
            ("disconnects / refused handshakes / reloads",
             f"{c['disconnects']} / {c['handshakes_refused']} / {c['reloads']}"),  # fmt: skip
            ("move retries by code", _counts(c, "retried:") or "0"),
            ("refused handshakes by status", _counts(c, "handshake:") or "0"),
            ("HTTP calls retried by status", _counts(c, "http:") or "0"),
            ("socket errors (no move id)", _counts(c, "error:") or "0"),
            ("resyncs (gap)", c["resyncs"]), ("snapshots backwards", c["snapshots_backwards"]),
            ("bot turn p50 / p99 / max s", _quantiles(sorted(self.ctx.bot_turns))),
            ("client loop lag p50 / p99 / max s", _quantiles(sorted(self.lags))),
            *((f"app-{i} healthz p50 / p99 / max s", _quantiles(self.monitor.probe.latencies(i)))
              for i in range(len(self.ctx.ports))),  # fmt: skip
            ("monitor polls / failed", f"{self.monitor.polls} / {self.monitor.errors}"),
        ]  # fmt: skip

    def stall_causes(self) -> str:
        near = sum(1 for s in self.tracker.stalls if likely_cause(s, self.faults.log))
        return f"{near} / {len(self.tracker.stalls) - near}"

    def report(self, figures: list[tuple[str, Any]], v: Verdicts) -> None:
        print("\n" + table(figures))
        print("\nfaults (seconds since start):")
        for f in self.faults.log:
            print(f"  {f.at:7.1f}s {f.kind:<8} {f.target:<8} {f.seconds:5.1f} s  {f.detail}")
        for crash in self.faults.crashes:
            print(f"  CRASH {crash}")
        for s in self.tracker.stalls:
            cause = likely_cause(s, self.faults.log)
            near = f"{cause.kind} at {cause.at:.1f}s" if cause else "no fault near"
            still = "" if s.until else " (still stuck)"
            made = v.committed.get((s.room_id, s.version), "")
            print(f"  STALL {s.room_id} {self.monitor.games.get(s.room_id)} v{s.version} from "
                  f"{s.since:.1f}s for {s.seconds(v.end):.1f} s{still}; {near}; "
                  f"{'; '.join([*s.waiting_on, made])}")  # fmt: skip
        for e, version in v.behind:
            made = v.committed.get((e.room_id, version), "")
            print(f"  BEHIND {e.room_id} {e.who} on app-{e.process}: v{e.version}, "
                  f"database v{version}; {made}")  # fmt: skip
        for e in v.unconnected:
            print(f"  UNCONNECTED {e.room_id} {e.who} (last v{e.version})")
        for a in v.moves.lost[:20]:
            print(f"  LOST {a.room_id} {a.logged_id} acked v{a.version} at {a.at:.1f}s")
        for ack, seq in v.moves.misplaced[:20]:
            print(f"  MISPLACED {ack.room_id} {ack.logged_id} acked v{ack.version}, seq {seq}")
        for r in v.moves.refused_but_logged[:20]:
            print(f"  REFUSED BUT LOGGED {r.room_id} {r.logged_id} ({r.code} at {r.at:.1f}s)")
        for room_id, who, move_id in v.pending[:20]:
            print(f"  UNANSWERED {room_id} {who} {move_id}")

    def write(self, figures: list[tuple[str, Any]], v: Verdicts) -> None:
        games = self.monitor.games
        summary = {
            "args": {k: str(a) if isinstance(a, Path) else a for k, a in vars(self.args).items()},
            "figures": dict(figures), "failures": v.failures, "counts": dict(self.ctx.counts),
            "faults": [vars(f) for f in self.faults.log], "fault_errors": self.faults.errors,
            "stalls": [{**vars(s), "game": games.get(s.room_id),
                        "committed": v.committed.get((s.room_id, s.version))}
                       for s in self.tracker.stalls],
            "behind": [{**vars(e), "db_version": version,
                        "committed": v.committed.get((e.room_id, version))}
                       for e, version in v.behind],
            "refused_then_acked": [vars(r) for r in v.moves.refused_then_acked[:100]],
            "unconnected": [vars(e) for e in v.unconnected],
            "lost": [vars(a) for a in v.moves.lost[:100]],
            "refused_but_logged": [vars(r) for r in v.moves.refused_but_logged[:100]],
            "unanswered": v.pending[:100], "notes": self.ctx.notes, "log": self.lines,
        }  # fmt: skip
        (self.out / "summary.json").write_text(json.dumps(summary, indent=1, default=str))
        print(f"\nsummary and the components' logs: {self.out}")


def _counts(counts: Counter[str], prefix: str = "") -> str:
    """``name n, ...`` of the counts whose key starts with ``prefix`` (dropped)."""
    return ", ".join(
        f"{key[len(prefix) :]} {n}" for key, n in sorted(counts.items()) if key.startswith(prefix)
    )


def _mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def _quantiles(values: list[float]) -> str:
    if not values:
        return "-"
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return f"{statistics.median(values):.2f} / {p99:.2f} / {values[-1]:.2f}"


def main() -> None:
    args = parse_args()
    run = Run(args)
    # SIGTERM tears the cluster down like Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        code = asyncio.run(run.main())
    except KeyboardInterrupt:
        code = 130
    finally:
        run.cluster.stop()
    sys.exit(code)


if __name__ == "__main__":
    main()
