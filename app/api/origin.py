"""Cross-site request forgery guard: state-changing requests must come from the site.

SameSite=Lax cookies are not enough: a page on the same host at another port is
"same-site" and its no-cors POST carries the session cookie (issue 18, item 8). So a
POST, PUT, PATCH or DELETE is refused with 403 ``cross_origin`` when the browser says
it comes from elsewhere:

- ``Sec-Fetch-Site`` (sent by current browsers): only ``same-origin`` and ``none``
  (typed in the address bar) pass, unless ``Origin`` is in ``ALLOWED_ORIGINS``;
- otherwise ``Origin``: it must be the request's own host (``Host`` or
  ``X-Forwarded-Host``), the ``PUBLIC_BASE_URL`` origin, or listed in ``ALLOWED_ORIGINS``
  (``"*"`` allows any); ``Origin: null`` is refused;
- with neither header the client is not a browser (curl, bots, tests): no cookie can
  be ridden, the request passes.
"""

from __future__ import annotations

from collections.abc import Awaitable
from urllib.parse import urlsplit

import orjson
from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def origin_allowed(headers: dict[str, str], allowed: list[str], public_base_url: str = "") -> bool:
    origin = headers.get("origin")
    if "*" in allowed or (origin is not None and origin in allowed):
        return True
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None:
        return fetch_site in ("same-origin", "none")
    if origin is None:
        return True
    if origin == "null":
        return False
    if public_base_url and origin == _origin_of(public_base_url):
        return True
    netloc = urlsplit(origin).netloc
    hosts = {headers.get("host"), headers.get("x-forwarded-host")}
    return bool(netloc) and netloc in hosts


class OriginCheck:
    """ASGI middleware refusing cross-origin state-changing HTTP requests."""

    def __init__(self, app: ASGIApp, allowed: list[str], public_base_url: str = "") -> None:
        self.app = app
        self.allowed = allowed
        self.public_base_url = public_base_url

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Sockets pass straight through, with no frame of ours held for their whole life
        # (bench/ws_idle.py: memory per idle socket).
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            return self.app(scope, receive, send)
        return self._unsafe(scope, receive, send)

    async def _unsafe(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = {
            key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]
        }
        if origin_allowed(headers, self.allowed, self.public_base_url):
            await self.app(scope, receive, send)
            return
        body = orjson.dumps(
            {"code": "cross_origin", "message": "this request must come from the site itself"}
        )
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
