"""Page audits for browser tests: console errors, failed requests, and axe-core.

``watch(page)`` records every console error, failed request and HTTP error response of
a page; ``problems(page)`` lists them. ``axe_violations(page)`` runs axe-core (installed
from npm by ``make test``: ``npm ci``) and returns the serious and critical violations.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import need_service

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

AXE_RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
}"""


def watch(page: Any) -> Any:
    """Record console errors, failed requests and 4xx/5xx responses on ``page``."""
    seen: list[str] = []

    def on_console(message: Any) -> None:
        if message.type == "error":
            seen.append(f"console: {message.text}")

    def on_response(response: Any) -> None:
        if response.status >= 400:
            seen.append(f"{response.status} {response.request.method} {response.url}")

    def on_failed(request: Any) -> None:
        # A navigation cancels the previous page's pending requests: not a failure.
        if "ERR_ABORTED" not in (request.failure or ""):
            seen.append(f"failed {request.url}: {request.failure}")

    page.on("console", on_console)
    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    page.on("pageerror", lambda error: seen.append(f"page error: {error}"))
    page.problems = seen
    return page


def problems(page: Any) -> list[str]:
    return list(page.problems)


async def axe_violations(page: Any) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations of the page as it is now."""
    need_service("axe-core from npm (make test runs npm ci)", AXE.exists())
    if not await page.evaluate("typeof window.axe !== 'undefined'"):
        # Through the DevTools protocol: a <script> tag would be refused by the page's CSP.
        await page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    violations: list[dict[str, Any]] = await page.evaluate(AXE_RUN)
    return violations


async def scoped_axe(page: Any, selector: str) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations inside ``selector`` only."""
    await axe_violations(page)  # loads axe-core into the page
    found: list[dict[str, Any]] = await page.evaluate(
        """async (selector) => (await axe.run(selector, { resultTypes: ['violations'] }))
            .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }))""",
        selector,
    )
    return found


async def assert_clean(page: Any, where: str) -> None:
    """No console error, failed request or serious/critical axe violation on the page."""
    violations = await axe_violations(page)
    assert violations == [], f"{where}: axe {violations}"
    assert problems(page) == [], f"{where}: {problems(page)}"
