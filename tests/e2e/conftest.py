"""Playwright driving Debian's chromium (headless), against a real server."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import RunningServer, base_settings, need_service, start_server

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# Every room of these games gets this deal, and its random bots the same choices: a test
# that needs a situation (an Agorapolis attack in round 1, an Akrotiri plan proven, Attika's
# costs picture) meets the same game each run. E2E_SEED=n tries other deals.
TEST_SEEDS = {
    game: int(os.environ.get("E2E_SEED", 1))
    for game in ("agorapolis", "akropolis", "akrotiri", "attika")
}


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    path = tmp_path_factory.mktemp("e2e") / "agora.db"
    running: RunningServer = start_server(
        base_settings(
            database_url=f"sqlite+aiosqlite:///{path}",
            bot_delay_seconds=0.05,
            leaderboard_min_games=1,  # one rated game puts a player on the leaderboard
            agora_test_seeds=TEST_SEEDS,
        )
    )
    yield running
    running.stop()


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    need_service("Debian chromium", shutil.which(CHROMIUM) is not None or Path(CHROMIUM).exists())
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield CspTolerantBrowser(browser)
        await browser.close()


class CspTolerantBrowser:
    """The browser, with contexts that let Playwright's own ``wait_for_function`` polling
    (an ``eval`` in the page) past the Content-Security-Policy. tests/e2e/test_csp.py opens
    its context with ``bypass_csp=False`` and checks that every page works under the policy."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    async def new_context(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return await self._browser.new_context(**options)

    async def new_page(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return await self._browser.new_page(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def shot_path(name: str) -> str:
    ARTIFACTS.mkdir(exist_ok=True)
    return str(ARTIFACTS / f"{name}.png")
