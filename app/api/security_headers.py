"""Security headers on every HTTP response, and the client's real scheme behind a proxy.

- ``Content-Security-Policy``: scripts, styles, images, fonts and connections from this
  origin only, no inline script or style (the templates carry none: data travels in
  ``<script type="application/json">`` blocks, which are never executed, and every
  handler lives in static/js), no plugins, ``frame-ancestors 'none'`` (no clickjacking).
  FastAPI's /docs and /redoc pages load their viewer from a CDN: they get a looser policy.
- ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` (older browsers),
  ``Referrer-Policy: same-origin`` (invite codes in room URLs never leave the site),
  ``Cross-Origin-Opener-Policy``, a ``Permissions-Policy`` denying what no page uses,
  and ``Strict-Transport-Security`` on HTTPS.

Behind a reverse proxy, :class:`uvicorn.middleware.proxy_headers.ProxyHeadersMiddleware`
(wrapped by :func:`install_security`) takes ``X-Forwarded-Proto`` and
``X-Forwarded-For`` from the ``trusted_proxies`` setting's addresses only, so the
request scheme is https when the client's was and session cookies are ``Secure``.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from fastapi import FastAPI
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.config import Settings

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
CDN = "https://cdn.jsdelivr.net"
DOCS_CSP = (
    f"default-src 'self'; script-src 'self' 'unsafe-inline' {CDN}; "
    f"style-src 'self' 'unsafe-inline' {CDN}; img-src 'self' data: https:; "
    "worker-src 'self' blob:; object-src 'none'; frame-ancestors 'none'"
)
DOCS = ("/docs", "/redoc")
COMMON = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=(), usb=()"),
]
HSTS = (b"strict-transport-security", b"max-age=31536000")


class SecurityHeaders:
    """Pure ASGI: adds the headers to every HTTP response (errors and 413s included)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Awaitable[None]:
        # Sockets pass straight through, with no frame of ours held for their whole life
        # (bench/ws_idle.py: memory per idle socket).
        if scope["type"] != "http":
            return self.app(scope, receive, send)  # type: ignore[no-any-return]
        return self._http(scope, receive, send)

    async def _http(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path: str = scope.get("path", "")
        policy = DOCS_CSP if path.startswith(DOCS) else CSP
        extra = [*COMMON, (b"content-security-policy", policy.encode())]
        if scope.get("scheme") == "https":
            extra.append(HSTS)

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                headers = list(message.get("headers", []))
                headers += [(name, value) for name, value in extra if name not in names]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def install_security(app: FastAPI, settings: Settings) -> None:
    """Outermost middlewares: the proxy's headers first, then the security headers."""
    app.add_middleware(SecurityHeaders)
    if settings.trusted_proxies:
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)


def is_https(scheme: str, settings: Settings) -> bool:
    """Whether a cookie set on this request must be ``Secure``."""
    return settings.cookie_secure or scheme in ("https", "wss")
