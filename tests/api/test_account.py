"""Accounts people manage: change password, log out everywhere, delete, export."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api.tables import account, finish_race, sockets_for, table
from tests.conftest import Player, RunningServer


async def second_session(server: RunningServer, username: str, password: str) -> Player:
    other = Player(server, "again")
    response = await other.http.post(
        "/api/login", json={"username": username, "password": password}
    )
    assert response.status_code == 200, response.text
    return other


async def me(player: Player) -> Any:
    return (await player.http.get("/api/me")).json()["user"]


async def test_change_password_ends_the_other_sessions(server: RunningServer, players: Any) -> None:
    lina = await account(players, "Lina")
    username = lina.user["username"]
    phone = await second_session(server, username, "long enough pw")
    wrong = await lina.http.post(
        "/api/account/password",
        json={"current_password": "not it", "new_password": "a new password"},
    )
    assert (wrong.status_code, wrong.json()["code"]) == (401, "bad_credentials")
    short = await lina.http.post(
        "/api/account/password", json={"current_password": "long enough pw", "new_password": "x"}
    )
    assert short.status_code == 422
    changed = await lina.http.post(
        "/api/account/password",
        json={"current_password": "long enough pw", "new_password": "a new password"},
    )
    assert changed.status_code == 200, changed.text
    assert (await me(lina))["id"] == lina.user["id"]  # this session got a new cookie
    assert await me(phone) is None  # the other one is over
    async with httpx.AsyncClient(base_url=server.url) as client:
        old = {"username": username, "password": "long enough pw"}
        assert (await client.post("/api/login", json=old)).status_code == 401
        new = {"username": username, "password": "a new password"}
        assert (await client.post("/api/login", json=new)).status_code == 200
    await phone.close()


async def test_log_out_everywhere_revokes_every_cookie(server: RunningServer, players: Any) -> None:
    lina = await account(players, "Lina")
    phone = await second_session(server, lina.user["username"], "long enough pw")
    old_cookie = {"agora_session": phone.http.cookies["agora_session"]}
    room = (await lina.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    done = await phone.http.post("/api/account/logout-all")
    assert done.status_code == 200
    assert await me(phone) is None and await me(lina) is None
    # A copy of the old cookie is refused too, on HTTP and on the socket.
    async with httpx.AsyncClient(base_url=server.url, cookies=old_cookie) as thief:
        assert (await thief.get("/api/me")).json()["user"] is None
        assert (
            await thief.post("/api/rooms", json={"game": "race", "seats": 2})
        ).status_code == 401
    lina.http.cookies.clear()
    lina.http.cookies.update(old_cookie)
    sock = await lina.socket(room["id"])
    snapshot = await sock.receive_until("snapshot")
    assert snapshot["seat"] is None  # a spectator now, not the host of seat 0
    await phone.close()


async def test_delete_account_keeps_the_games_under_deleted_player(
    server: RunningServer, players: Any
) -> None:
    lina = await account(players, "Lina")
    omar = await players("Omar")
    username = lina.user["username"]
    room = await table([lina, omar], options={"target": 5})
    socks = await sockets_for([lina, omar], room["id"])
    await socks[0].send({"type": "chat", "text": "good luck"})
    await socks[1].receive_until("chat", text="good luck")
    await finish_race(socks, {0: socks[0], 1: socks[1]})
    for sock in socks:
        await sock.close()

    refused = await lina.http.post("/api/account/delete", json={"password": "wrong"})
    assert refused.status_code == 401
    deleted = await lina.http.post("/api/account/delete", json={"password": "long enough pw"})
    assert deleted.status_code == 200, deleted.text
    assert await me(lina) is None

    summary = (await omar.http.get(f"/api/rooms/{room['id']}")).json()
    assert [seat["name"] for seat in summary["seats"]] == ["deleted player", "Omar"]
    chat = (await omar.http.get(f"/api/rooms/{room['id']}/chat")).json()
    said = [line for line in chat if line["user_id"] == lina.user["id"]]
    assert said and all(line["text"] == "" and line["name"] == "deleted player" for line in said)
    log = (await omar.http.get(f"/api/rooms/{room['id']}/log")).json()
    assert len(log["moves"]) >= 4  # the game stays whole
    assert (await omar.http.get(f"/api/rooms/{room['id']}/verify")).json()["verified"]
    async with httpx.AsyncClient(base_url=server.url) as client:
        body = {"username": username, "password": "long enough pw"}
        assert (await client.post("/api/login", json=body)).status_code == 401
        assert (await client.post("/api/accounts", json=body)).status_code == 201  # name free


async def test_a_guest_deletes_without_a_password(players: Any) -> None:
    guest = await players("Ghost")
    room = (await guest.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    assert (await guest.http.post("/api/account/delete", json={})).status_code == 200
    assert await me(guest) is None
    seats = (await guest.http.get(f"/api/rooms/{room['id']}")).json()["seats"]
    assert all(seat["kind"] == "open" for seat in seats), seats  # the waiting seat is freed


async def test_export_holds_my_games_with_their_moves(players: Any) -> None:
    lina = await account(players, "Lina")
    room = await table([lina], bots=1, options={"target": 5})
    socks = await sockets_for([lina], room["id"])
    await finish_race(socks, {0: socks[0]})
    await socks[0].close()
    response = await lina.http.get("/api/account/export")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    data = response.json()
    assert data["user"]["id"] == lina.user["id"]
    [game] = [g for g in data["games"] if g["room"] == room["id"]]
    assert game["status"] == "finished" and game["seat"] == 0
    assert game["moves"] and game["result"]["place"] in (1, 2)
