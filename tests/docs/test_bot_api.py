"""docs/bot-api.md's five-minute start, run as written against a test server (issue 37):
an account, a token, the bot switch, the reference bot; then a person challenges it."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import shutil
import signal
import subprocess
from pathlib import Path
from typing import Any

from tests.api.tables import account
from tests.conftest import RunningServer, need_service

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "bot-api.md"


def quick_start() -> list[str]:
    """The commands of the first shell block, continuation lines joined, comments out."""
    block = re.search(r"```sh\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert block is not None
    joined = block.group(1).replace("\\\n", " ")
    return [line for line in joined.splitlines() if line.strip() and not line.startswith("#")]


async def test_the_quick_start_runs_as_written(
    server: RunningServer, players: Any, tmp_path: Path
) -> None:
    need_service("curl", shutil.which("curl") is not None)
    name = f"doc_bot_{secrets.token_hex(3)}"
    commands = [
        line.replace("http://127.0.0.1:8000", server.url)
        .replace("my_bot", name)
        .replace("cookies.txt", str(tmp_path / "cookies.txt"))
        for line in quick_start()
    ]
    *setup, run_bot = commands
    assert run_bot.startswith(".venv/bin/python examples/bot_client.py")
    script = "set -e\n" + "\n".join(setup) + '\necho "TOKEN=$TOKEN"\n'
    done = subprocess.run(
        ["bash", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert '"bot":true' in done.stdout.replace(" ", ""), done.stdout
    token = done.stdout.strip().rsplit("TOKEN=", 1)[1]
    assert token.startswith("agora_")

    bot = subprocess.Popen(
        ["bash", "-c", f"exec {run_bot}"], cwd=ROOT, env={**os.environ, "TOKEN": token},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        ana = await account(players, "Ana")
        asked = await ana.http.post("/api/challenges", json={"to": name, "game": "akrotiri"})
        assert asked.status_code == 201, asked.text
        async with asyncio.timeout(30):
            while (await ana.http.get(f"/api/challenges/{asked.json()['id']}")).json()[
                "status"
            ] != "accepted":
                await asyncio.sleep(0.3)
    finally:
        bot.send_signal(signal.SIGINT)  # Ctrl-C, as the page says
        bot.wait(timeout=30)  # a loaded machine: closing its sockets takes a moment
