"""Malformed bodies to every endpoint: a 4xx every time, never a 5xx.

The routes are read from the app itself (``app.routes``), so a new endpoint is covered
as soon as it exists. Each is called by a logged-in guest (so a body is validated, not
refused for want of a session) with a form body, a wrong Content-Type, bytes that are
not UTF-8, a JSON array, and a body over ``http_max_body_bytes``.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator

import pytest
from fastapi.routing import iter_route_contexts

from tests.conftest import Player, RunningServer

BAD_BODIES: dict[str, tuple[bytes, str]] = {
    "form": (b"name=abc&password=x&game=race", "application/x-www-form-urlencoded"),
    "multipart": (
        b'--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc\r\n--b--\r\n',
        "multipart/form-data; boundary=b",
    ),
    "text": (b"hello", "text/plain"),
    "no_type": (b'{"name": "abc"}', ""),
    "not_utf8": (b'{"name": "\xff\xfe\xfa"}', "application/json"),
    "not_utf8_text": (b"\xc3\x28\xa0\xa1", "application/json; charset=utf-8"),
    "array": (b"[1, 2, 3]", "application/json"),
    "scalar": (b"12", "application/json"),
    "truncated": (b'{"name": ', "application/json"),
    "nested": (b"[" * 5000 + b"]" * 5000, "application/json"),
}


def endpoints(server: RunningServer) -> Iterator[tuple[str, str, bool]]:
    """(method, path with its parameters filled, takes a body) for every HTTP route."""
    for context in iter_route_contexts(server.app.routes):
        methods = getattr(context, "methods", None)
        if not methods:
            continue
        assert context.path is not None  # a route with methods has a path
        if context.path.startswith("/static"):
            continue
        route = context.original_route
        takes_body = getattr(route, "body_field", None) is not None
        path = re.sub(r"\{[^}]+\}", "x1", context.path)
        for method in sorted(methods - {"HEAD"}):
            yield method, path, takes_body


async def test_every_endpoint_refuses_bad_bodies_with_a_4xx(
    server: RunningServer, players: object
) -> None:
    guest: Player = await players("Fuzzy")  # type: ignore[operator]
    room = (await guest.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    failures = []
    calls = 0
    for method, path, takes_body in endpoints(server):
        path = path.replace("x1", room["id"]) if path.startswith("/api/rooms/") else path
        for name, (body, content_type) in BAD_BODIES.items():
            headers = {"content-type": content_type} if content_type else {}
            response = await guest.http.request(method, path, content=body, headers=headers)
            calls += 1
            bad = response.status_code >= 500 or (takes_body and response.status_code < 400)
            if bad:
                failures.append(f"{method} {path} [{name}] -> {response.status_code}")
            if takes_body and response.status_code == 422:
                assert response.json()["code"] in ("invalid_request", "invalid_json")
    assert not failures, failures
    assert calls > 300


async def test_oversized_bodies_are_refused_with_413(
    server: RunningServer, players: object
) -> None:
    guest: Player = await players("Big")  # type: ignore[operator]
    limit = server.settings.http_max_body_bytes
    huge = b'{"name": "' + b"a" * limit + b'"}'
    for method, path, _ in endpoints(server):
        response = await guest.http.request(
            method, path, content=huge, headers={"content-type": "application/json"}
        )
        assert response.status_code == 413, (method, path, response.status_code)
        assert response.json()["code"] == "body_too_large"

    async def chunks() -> AsyncIterator[bytes]:
        for _ in range(limit // 1024 + 2):
            yield b"a" * 1024

    chunked = await guest.http.post(
        "/api/guests", content=chunks(), headers={"content-type": "application/json"}
    )
    assert chunked.status_code == 413


@pytest.mark.parametrize("path", ["/api/rooms/%FF%FE", "/api/users/%C3%28", "/r/%00"])
async def test_bad_bytes_in_paths_are_4xx(http: object, path: str) -> None:
    response = await http.get(path)  # type: ignore[attr-defined]
    assert 400 <= response.status_code < 500, response.status_code


@pytest.mark.parametrize(
    "body", [b'{"name": "a\\u0000b"}', b'{"name": "a\x00b"}', b'{"text": "\\u0000"}']
)
async def test_nul_characters_in_bodies_are_refused(http: object, body: bytes) -> None:
    response = await http.post(  # type: ignore[attr-defined]
        "/api/guests", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_characters"
