"""Render the favicon, app icons and link-preview (Open Graph) images with chromium.

Run once after changing the artwork: ``.venv/bin/python tools/render_images.py``; the
PNG/ICO files it writes under ``static/img/`` are committed. It serves the app on a free
local port (SQLite in a temporary folder) and screenshots the game cards' own SVG art.
"""

from __future__ import annotations

import asyncio
import struct
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import base_settings, start_server  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

IMG = ROOT / "static" / "img"
GAMES = ("akropolis", "agorapolis")


def ico_from_png(png: bytes, size: int) -> bytes:
    """An .ico holding one PNG image (supported by every current browser)."""
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


async def icons(page: object, server_url: str) -> None:
    svg = (IMG / "favicon.svg").read_text()
    for name, size, pad in (
        ("favicon-32", 32, 0),
        ("icon-192", 192, 0),
        ("icon-512", 512, 0),
        ("icon-maskable-512", 512, 0.1),
    ):
        art = svg.replace("<svg ", "<svg width=100% height=100% ")
        html = (
            f"<body style='margin:0;background:#1d5f8a'><div style='width:{size}px;height:{size}px;"
            f"padding:{int(size * pad)}px;box-sizing:border-box'>{art}</div></body>"
        )
        await page.set_viewport_size({"width": size, "height": size})  # type: ignore[attr-defined]
        await page.set_content(html)  # type: ignore[attr-defined]
        png = await page.screenshot(omit_background=pad == 0)  # type: ignore[attr-defined]
        if name == "favicon-32":
            (IMG / "favicon.ico").write_bytes(ico_from_png(png, 32))
        else:
            (IMG / f"{name}.png").write_bytes(png)


CARD_JS = (Path(__file__).with_name("og_card.js")).read_text()


async def og_images(page: object, server_url: str) -> None:
    await page.set_viewport_size({"width": 1200, "height": 630})  # type: ignore[attr-defined]
    for game in GAMES:
        await page.goto(f"{server_url}/games/{game}")  # type: ignore[attr-defined]
        await page.wait_for_selector("body[data-diagrams=drawn]")  # type: ignore[attr-defined]
        title = await page.inner_text(".game-head h1")  # type: ignore[attr-defined]
        pitch = await page.inner_text(".game-head .pitch")  # type: ignore[attr-defined]
        await page.evaluate(CARD_JS, [title, pitch])  # type: ignore[attr-defined]
        await page.screenshot(path=str(IMG / "og" / f"{game}.png"))  # type: ignore[attr-defined]
    await page.goto(f"{server_url}/")  # type: ignore[attr-defined]
    await page.wait_for_selector(".game-card .art svg .ak-hex")  # type: ignore[attr-defined]
    title = "Agora"
    pitch = await page.inner_text("header .tagline")  # type: ignore[attr-defined]
    await page.evaluate(CARD_JS, [title, pitch])  # type: ignore[attr-defined]
    await page.screenshot(path=str(IMG / "og" / "agora.png"))  # type: ignore[attr-defined]


async def main() -> None:
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory() as folder:
        server = start_server(base_settings(database_url=f"sqlite+aiosqlite:///{folder}/a.db"))
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                context = await browser.new_context(locale="en-GB")
                page = await context.new_page()
                await icons(page, server.url)
                await og_images(page, server.url)
                await browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    asyncio.run(main())
