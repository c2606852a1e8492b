"""A hint answered for a position that is already gone (the player moved a moment before
asking, and the answer came after the move's patch) is asked again, not dropped: CI saw
a French Akrotiri hint that never showed (2026-12-07). The socket is routed through the
test, which stamps the first hint answer with the version before the current one."""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.pages import become_guest, new_page
from tests.e2e.test_hints_akrotiri import ask, start_against_easy_bot


async def test_a_stale_hint_is_asked_again_and_shown(browser: Any, web_server: Any) -> None:
    page = await new_page(browser, web_server)
    asked: list[str] = []
    rewritten: list[int] = []

    async def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            text = message.decode() if isinstance(message, bytes) else message
            if json.loads(text).get("type") == "hint":
                asked.append(text)
            server.send(message)

        def to_page(message: str | bytes) -> None:
            text = message.decode() if isinstance(message, bytes) else message
            data = json.loads(text)
            if data.get("type") == "hint" and not rewritten:
                rewritten.append(data["version"])
                data["version"] -= 1  # as if computed before the player's last move
                message = json.dumps(data)
            ws.send(message)

        ws.on_message(to_server)
        server.on_message(to_page)

    await page.route_web_socket("**/ws/rooms/**", route)
    await become_guest(page, "Lina")
    await start_against_easy_bot(page)
    words = await ask(page)
    assert words.startswith("Hint: "), words
    assert rewritten and len(asked) == 2, (rewritten, asked)
    # the answer shown is the second, for the position on the board: playing it works
    await page.click("[data-testid=hint-play]")
    await page.locator("[data-testid=hinted-moves] li").first.wait_for()
    assert page.errors == []
