"""Guests, accounts, sessions."""

from __future__ import annotations

import secrets
from typing import Any

from tests.conftest import Player, RunningServer


async def test_guest_registers_and_keeps_its_games(server: RunningServer) -> None:
    guest = await Player(server, "Zoé").as_guest()
    room = (await guest.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    username = f"zoe_{secrets.token_hex(3)}"
    registered = await guest.http.post(
        "/api/accounts", json={"username": username, "password": "correct horse"}
    )
    assert registered.status_code == 201
    assert registered.json()["id"] == guest.user["id"] and registered.json()["guest"] is False
    await guest.http.post("/api/logout")
    assert (await guest.http.get("/api/me")).json() == {"user": None}
    again = Player(server, "again")
    login = await again.http.post(
        "/api/login", json={"username": username, "password": "correct horse"}
    )
    assert login.status_code == 200 and login.json()["id"] == guest.user["id"]
    summary = (await again.http.get(f"/api/rooms/{room['id']}")).json()
    assert summary["your_seat"] == 0 and summary["host"] is True
    await guest.close()
    await again.close()


async def test_account_errors_have_codes(server: RunningServer) -> None:
    person = Player(server, "p")
    cases: list[tuple[str, dict[str, Any], int, str]] = [
        ("/api/accounts", {"username": "x", "password": "long enough"}, 422, "invalid_username"),
        ("/api/accounts", {"username": "okname", "password": "short"}, 422, "weak_password"),
        (
            "/api/login",
            {"username": "nobody_here", "password": "whatever1"},
            401,
            "bad_credentials",
        ),
        ("/api/guests", {"name": "   "}, 422, "invalid_name"),
        ("/api/guests", {}, 422, "invalid_request"),
    ]
    for path, body, status, code in cases:
        response = await person.http.post(path, json=body)
        assert (response.status_code, response.json()["code"]) == (status, code), path
    name = f"dup_{secrets.token_hex(3)}"
    assert (
        await person.http.post("/api/accounts", json={"username": name, "password": "password1"})
    ).status_code == 201
    other = Player(server, "o")
    taken = await other.http.post("/api/accounts", json={"username": name, "password": "password2"})
    assert (taken.status_code, taken.json()["code"]) == (409, "username_taken")
    await person.close()
    await other.close()


async def test_session_cookie_is_httponly_and_samesite(server: RunningServer) -> None:
    person = Player(server, "c")
    response = await person.http.post("/api/guests", json={"name": "Cookie"})
    header = response.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header
    forged = Player(server, "f")
    forged.http.cookies.set("agora_session", response.cookies["agora_session"] + "x")
    assert (await forged.http.get("/api/me")).json() == {"user": None}
    await person.close()
    await forged.close()
