"""Losing an app process under load (issue 42), small: ``bench/process_loss.py`` in CI.

Four app processes behind a real nginx (``deploy/nginx.conf``), a private PostgreSQL and
Redis, 24 tables over the four games (half with medium bots, each thinking about half a
second) played through nginx; a process is killed with SIGKILL while it holds a bot's
deadline lease. Every room it served must resume on another process, the lease be taken
over and the bot's move made, and no acknowledged move be missing from the log. The
figures (resume seconds, takeover seconds) are printed, not asserted: the bench prints
them at 1,000 rooms (docs/scaling.md).
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

from app.config import ROOT
from tests.conftest import need_service

sys.path.insert(0, str(ROOT / "bench"))  # scripts import by name
import nginx_front  # noqa: E402
import process_loss  # noqa: E402
from soak_cluster import PG_BIN  # noqa: E402

pytestmark = pytest.mark.slow


def test_a_killed_process_loses_no_move_and_its_rooms_and_deadlines_move_on(
    tmp_path: Path,
) -> None:
    need_service("nginx (make test installs Debian's nginx-light)",
                 Path(nginx_front.NGINX).exists())  # fmt: skip
    need_service("PostgreSQL binaries (initdb)", (PG_BIN / "initdb").exists())
    need_service("redis-server", shutil.which("redis-server") is not None)
    args = process_loss.parse_args(
        ["--rooms", "24", "--warmup", "8", "--after", "10", "--settle", "4",
         "--bot-share", "0.5", "--levels", "medium=1", "--think", "0.5", "2",
         "--results", str(tmp_path)]
    )  # fmt: skip
    run = process_loss.Loss(args)
    try:
        code = asyncio.run(run.main())
    finally:
        run.stop()
    figures = dict(run.figures)
    assert run.failures == dict.fromkeys(run.failures, 0), run.failures
    assert code == 0
    assert int(figures["rooms that lost their process"]) > 0
    assert int(figures["leases the victim held"]) > 0, "the kill landed while no bot thought"
