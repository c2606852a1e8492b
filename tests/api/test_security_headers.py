"""Security headers on every page and API answer; Secure cookies over HTTPS, behind a proxy.

The pages are every GET route of the app (``app.routes``) with its path filled in with a
real room, user and game, so a new page is covered as soon as it exists.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
from fastapi.routing import iter_route_contexts

from app.main import create_app
from tests.conftest import RunningServer, base_settings

EXPECTED = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
}


def assert_secure_headers(response: httpx.Response, where: str) -> None:
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, (where, name, response.headers.get(name))
    policy = response.headers.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in policy, where
    if not where.startswith(("/docs", "/redoc")):
        script_src = re.search(r"script-src ([^;]*)", policy)
        assert script_src and script_src.group(1).strip() == "'self'", (where, policy)
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, where


async def test_every_get_route_sends_the_security_headers(
    server: RunningServer, players: Any
) -> None:
    guest = await players("Header")
    room = (await guest.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    fill = {"room_id": room["id"], "game_id": "akropolis", "game": "akropolis",
            "name": guest.user["id"], "language": "fr", "user_id": guest.user["id"]}  # fmt: skip
    seen = 0
    for context in iter_route_contexts(server.app.routes):
        if "GET" not in (getattr(context, "methods", None) or ()):
            continue
        assert context.path is not None  # a route with methods has a path
        path = re.sub(r"\{(\w+)\}", lambda m: fill.get(m.group(1), "x"), context.path)
        if path.startswith("/api/stream/"):  # streams for as long as one listens: headers only
            async with guest.http.stream("GET", path) as streamed:
                assert streamed.status_code == 200, path
                assert_secure_headers(streamed, path)
            seen += 1
            continue
        response = await guest.http.get(path)
        assert response.status_code < 500, path
        assert_secure_headers(response, path)
        seen += 1
    assert seen > 40
    for path in ["/static/css/agora.css", "/no/such/page", "/api/rooms/nope"]:
        assert_secure_headers(await guest.http.get(path), path)
    too_big = await guest.http.post("/api/guests", content=b"x" * (1 << 17))
    assert too_big.status_code == 413
    assert_secure_headers(too_big, "413")


async def test_https_behind_a_trusted_proxy_gives_secure_cookies(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as client:
        plain = await client.post("/api/guests", json={"name": "Plain"})
        assert "secure" not in plain.headers["set-cookie"].lower()
        assert "strict-transport-security" not in plain.headers
        proxied = await client.post(
            "/api/guests", json={"name": "Proxied"}, headers={"X-Forwarded-Proto": "https"}
        )
        assert "; secure" in proxied.headers["set-cookie"].lower()
        assert proxied.headers["strict-transport-security"].startswith("max-age=")


async def test_forwarded_headers_from_untrusted_addresses_are_ignored() -> None:
    app = create_app(base_settings(trusted_proxies=[]))
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5000))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        response = await client.get("/api/games", headers={"X-Forwarded-Proto": "https"})
    assert response.status_code == 200
    assert "strict-transport-security" not in response.headers
    app = create_app(base_settings(trusted_proxies=["10.0.0.1"]))
    transport = httpx.ASGITransport(app=app, client=("10.0.0.1", 5000))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        response = await client.get("/api/games", headers={"X-Forwarded-Proto": "https"})
    assert "strict-transport-security" in response.headers
