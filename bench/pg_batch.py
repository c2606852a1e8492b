"""CPU per move of the group commit's statement, in our process and in PostgreSQL's.

Migrates the database to head, makes ``--rooms`` playing rooms of the race game, then
commits ``--batches`` batches of one move per room with :class:`app.rooms.store.PostgresWriter`
and prints the CPU per move of this process (asyncpg's encoding) and of the PostgreSQL
backend that ran the statement (read from /proc through psutil), with the wall time.

    python bench/pg_batch.py --rooms 200 --batches 60 --repeat 3

The database is ``BENCH_POSTGRES_URL``'s, by default ``bench`` (created when missing). Its
tables are dropped first: never point it at a database in use.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

import orjson
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import POSTGRES_URL as URL  # noqa: E402  (BENCH_POSTGRES_URL)
from bench_server import reset_postgres  # noqa: E402
from sqlalchemy import text  # noqa: E402
from sqlalchemy.ext.asyncio import create_async_engine  # noqa: E402

from app.db.migrate import upgrade_async  # noqa: E402
from app.rooms.store import PendingMove, PostgresWriter  # noqa: E402

STATE = orjson.dumps({"to_act": 0, "scores": [5, 7], "target": 1_000_000}).decode()


async def make_rooms(url: str, count: int) -> list[str]:
    await asyncio.to_thread(reset_postgres, url)  # it runs its own event loop
    await upgrade_async(url)
    engine = create_async_engine(url)
    ids = [f"bench{index:05d}" for index in range(count)]
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text("INSERT INTO users (id, display_name, is_guest, is_admin, banned, created_at)"
                     " VALUES ('bench', 'Bench', true, false, false, now())")
            )  # fmt: skip
            await conn.execute(
                text(
                    "INSERT INTO rooms (id, invite_code, game, rules_version, options, seat_count,"
                    " private, host_id, status, state, version, created_at, updated_at, rated)"
                    " VALUES (:id, :id, 'race', 1, '{}', 2, false, 'bench', 'playing', :state, 1,"
                    " now(), now(), false)"
                ),
                [{"id": room_id, "state": STATE} for room_id in ids],
            )
    finally:
        await engine.dispose()
    return ids


async def measure(url: str, ids: list[str], batches: int, versions: dict[str, int]) -> str:
    engine = create_async_engine(url)
    writer = PostgresWriter(engine)
    try:
        raw = await writer.connection()
        backend = psutil.Process(await raw.fetchval("SELECT pg_backend_pid()"))
        before, ours, wall = backend.cpu_times(), time.process_time(), time.perf_counter()
        for _ in range(batches):
            batch = [
                PendingMove(
                    room_id=room_id,
                    old_version=versions[room_id],
                    seat=versions[room_id] % 2,
                    client_move_id=f"m{versions[room_id]}",
                    move_json='{"op":"step"}',
                    state_json=STATE,
                    status="playing",
                )
                for room_id in ids
            ]
            committed = await writer.write(batch)
            assert len(committed) == len(ids), "every move of the batch commits"
            for room_id in ids:
                versions[room_id] += 1
        after = backend.cpu_times()
        moves = batches * len(ids)
        database = (after.user + after.system - before.user - before.system) / moves
        client = (time.process_time() - ours) / moves
        elapsed = (time.perf_counter() - wall) / moves
        return (
            f"| {len(ids)} | {batches} | {1e6 * client:.1f} | {1e6 * database:.1f} "
            f"| {1e6 * elapsed:.1f} |"
        )
    finally:
        await writer.close()
        await engine.dispose()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=200, help="moves per batch")
    parser.add_argument("--batches", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ids = await make_rooms(URL, args.rooms)
    versions = dict.fromkeys(ids, 1)
    print("| moves a batch | batches | our CPU µs/move | PostgreSQL CPU µs/move | wall µs/move |")
    print("|---:|---:|---:|---:|---:|")
    await measure(URL, ids, 2, versions)  # warm up: the statement's plan, the caches
    for _ in range(args.repeat):
        print(await measure(URL, ids, args.batches, versions), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
