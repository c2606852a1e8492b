"""A second test run cannot reset the databases of a run in progress (tests/run_lock.py)."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import (
    _RUN_LOCK,
    CONFIGURED_POSTGRES_URL,
    POSTGRES_URL,
    REDIS_URL,
    need_service,
    port_open,
)
from tests.run_lock import RunLock, lock_key

ROOT = Path(__file__).resolve().parents[2]
SERVER = CONFIGURED_POSTGRES_URL.replace("+asyncpg", "").rpartition("/")[0] + "/postgres"


def probe(name: str) -> str:
    """A resource of this test alone (no real run locks it)."""
    return f"probe-{os.getpid()}-{name}"


@pytest.fixture
def held() -> Iterator[RunLock]:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    # One key negative: the holders' query must read both halves of a signed key.
    negative = next(n for n in (probe(str(i)) for i in itertools.count()) if lock_key(n) < 0)
    lock = RunLock(SERVER, [probe("a"), negative], "agora-tests first run")
    assert lock.acquire(0)
    yield lock
    lock.release()


def test_a_second_claim_waits_for_the_first(held: RunLock) -> None:
    second = RunLock(SERVER, [held.resources[1]], "agora-tests second run")
    assert not second.acquire(0)
    assert second.holders == "agora-tests first run"
    told = threading.Event()
    got: list[bool] = []
    waiter = threading.Thread(target=lambda: got.append(second.acquire(600, lambda _: told.set())))
    waiter.start()
    assert told.wait(60)  # it says it waits…
    held.release()
    waiter.join(60)
    assert got == [True]  # …and runs once the first is done
    second.release()


def test_a_claim_takes_all_of_its_locks_or_none(held: RunLock) -> None:
    both = RunLock(SERVER, [probe("b"), held.resources[0]], "agora-tests both")
    assert not both.acquire(0)
    alone = RunLock(SERVER, [probe("b")], "agora-tests alone")
    assert alone.acquire(0)  # the failed claim let go of what it had taken
    alone.release()


def test_a_run_holds_its_databases() -> None:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    assert _RUN_LOCK
    names = _RUN_LOCK[0].resources
    assert names == [f"postgres:{POSTGRES_URL.rpartition('/')[2]}", f"redis:{REDIS_URL}"]


def test_another_pytest_run_on_the_same_databases_stops_clearly() -> None:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))  # this run holds them now
    env = {key: value for key, value in os.environ.items() if key != "PYTEST_XDIST_WORKER"}
    env.update(TEST_POSTGRES_URL=POSTGRES_URL, TEST_REDIS_URL=REDIS_URL, TEST_LOCK_WAIT_SECONDS="0")
    test = "tests/db/test_run_lock.py::test_a_run_holds_its_databases"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-q", test],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 3, output
    assert "another test run (agora-tests pid " in output
    assert "TEST_POSTGRES_URL" in output
