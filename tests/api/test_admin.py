"""Admin endpoints: refused to everyone but admins; moderation actions; /metrics."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import pytest
import websockets

from app.cli import create_admin
from tests.conftest import Player, RunningServer, play_race_to_the_end

ADMIN_CALLS: list[tuple[str, str, Any]] = [
    ("GET", "/admin", None),
    ("GET", "/api/admin/overview", None),
    ("GET", "/api/admin/rooms", None),
    ("GET", "/api/admin/rooms/{room}", None),
    ("POST", "/api/admin/rooms/{room}/close", {"reason": "x"}),
    ("POST", "/api/admin/rooms/{room}/seats/1/kick", {"reason": "x"}),
    ("POST", "/api/admin/rooms/{room}/seats/1/bot", {"reason": "x"}),
    ("POST", "/api/admin/rooms/{room}/message", {"text": "hello"}),
    ("GET", "/api/admin/users", None),
    ("GET", "/api/admin/users/{user}", None),
    ("POST", "/api/admin/users/{user}/ban", {"reason": "x"}),
    ("POST", "/api/admin/users/{user}/unban", {"reason": "x"}),
    ("POST", "/api/admin/users/{user}/admin", {"admin": True}),
    ("GET", "/api/admin/audit", None),
    ("GET", "/metrics", None),
]


async def login_admin(server: RunningServer) -> Player:
    name = f"admin_{secrets.token_hex(3)}"
    await create_admin(server.settings.database_url, name, "admin password 1")
    admin = Player(server, name)
    response = await admin.http.post(
        "/api/login", json={"username": name, "password": "admin password 1"}
    )
    assert response.status_code == 200
    return admin


async def started_room(
    server: RunningServer, target: int = 30
) -> tuple[Player, Player, dict[str, Any]]:
    host, player = await Player(server, "Host").as_guest(), await Player(server, "Pat").as_guest()
    room = (
        await host.http.post(
            "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": target}}
        )
    ).json()
    await player.http.post(f"/api/rooms/{room['id']}/join", json={})
    await host.http.post(f"/api/rooms/{room['id']}/start")
    return host, player, room


async def test_every_admin_endpoint_refuses_non_admins(server: RunningServer) -> None:
    host, player, room = await started_room(server)
    guest = await Player(server, "Guesty").as_guest()
    anonymous = Player(server, "anon")
    expected = {"anonymous": 401, "guest": 403, "player": 403, "host": 403}
    for role, person in (
        ("anonymous", anonymous),
        ("guest", guest),
        ("player", player),
        ("host", host),
    ):
        for method, path, body in ADMIN_CALLS:
            url = path.format(room=room["id"], user=player.user["id"])
            response = await person.http.request(method, url, json=body)
            assert response.status_code == expected[role], (role, method, url, response.text)
            assert response.json()["code"] in ("not_authenticated", "forbidden")
    admin = await login_admin(server)
    for method, path, _body in ADMIN_CALLS:
        if method == "GET":
            url = path.format(room=room["id"], user=player.user["id"])
            assert (await admin.http.get(url)).status_code == 200, url
    for person in (host, player, guest, anonymous, admin):
        await person.close()


async def test_metrics_after_a_played_game(server: RunningServer) -> None:
    host, player, room = await started_room(server, target=6)
    sockets = [await host.socket(room["id"]), await player.socket(room["id"])]
    for sock in sockets:
        await sock.receive_until("snapshot")
    assert await play_race_to_the_end(dict(enumerate(sockets))) == 6
    await sockets[0].send({"type": "move", "id": "late", "move": {"add": 1}})
    assert (await sockets[0].receive_until("error"))["code"] == "game_not_running"
    admin = await login_admin(server)
    text = (await admin.http.get("/metrics")).text
    values = {
        line.split(" ")[0]: float(line.split(" ")[1])
        for line in text.splitlines()
        if line and not line.startswith("#")
    }
    assert values['agora_moves_total{game="race"}'] >= 6
    assert values["agora_move_latency_seconds_count"] >= 6
    assert values['agora_move_latency_seconds_bucket{le="+Inf"}'] >= 6
    assert values['agora_refusals_total{code="game_not_running"}'] >= 1
    assert values["agora_sockets"] >= 2
    # The last move finished the game: it commits alone, outside the group commit.
    assert values["agora_commit_moves_total"] >= 5
    # A batch counts whether or not its moves committed (a refused commit, a version
    # taken meanwhile, is a batch of none): more batches than moves is possible (CI saw it).
    assert values["agora_commit_batches_total"] >= 1
    assert values["agora_commit_seconds_total"] > 0
    assert any(key.startswith("agora_http_requests_total{") for key in values)
    overview = (await admin.http.get("/api/admin/overview")).json()
    assert overview["recent"]["moves_last_minute"] >= 6 and overview["recent"]["p99_ms"] > 0
    assert overview["deadlines"]["overdue"] == []
    for person in (host, player, admin):
        await person.close()


async def test_moderation_actions_are_applied_and_audited(server: RunningServer) -> None:
    host, player, room = await started_room(server)
    admin = await login_admin(server)
    watcher = await host.socket(room["id"])
    await watcher.receive_until("snapshot")
    posted = await admin.http.post(
        f"/api/admin/rooms/{room['id']}/message", json={"text": "Be kind"}
    )
    assert posted.status_code == 200
    said = await watcher.receive_until("chat")
    assert said["name"] == "Agora" and said["system"] is True and said["text"] == "Be kind"
    player_sock = await player.socket(room["id"])
    await player_sock.receive_until("snapshot")
    kicked = await admin.http.post(
        f"/api/admin/rooms/{room['id']}/seats/1/kick", json={"reason": "afk"}
    )
    assert kicked.json()["seats"][1]["kind"] == "bot"
    with pytest.raises(websockets.exceptions.ConnectionClosed):
        for _ in range(50):
            await player_sock.receive(timeout=5)
    inspected = (await admin.http.get(f"/api/admin/rooms/{room['id']}")).json()
    assert (
        set(inspected["views"]) == {"0", "1", "s"}
        and "my_token" not in inspected["views"]["s"]["game"]
    )
    assert inspected["chat"][-1]["text"] == "Be kind"
    found = (
        await admin.http.get("/api/admin/rooms", params={"q": "host", "status": "playing"})
    ).json()
    assert room["id"] in [r["id"] for r in found]
    closed = await admin.http.post(f"/api/admin/rooms/{room['id']}/close", json={"reason": "test"})
    assert closed.json()["status"] == "abandoned"
    again = await admin.http.post(f"/api/admin/rooms/{room['id']}/close", json={})
    assert again.json()["code"] == "room_closed"
    actions = [
        (e["action"], e["target_id"]) for e in (await admin.http.get("/api/admin/audit")).json()
    ]
    for action in ("system_message", "kick_seat", "close_room"):
        assert (action, room["id"]) in actions
    for person in (host, player, admin):
        await person.close()


async def test_ban_closes_sockets_and_refuses_login(server: RunningServer) -> None:
    host, _player, room = await started_room(server)
    name = f"pat_{secrets.token_hex(3)}"
    pat = await Player(server, "Pat").as_guest()
    await pat.http.post("/api/accounts", json={"username": name, "password": "password 123"})
    sock = await pat.socket(room["id"])  # watching
    await sock.receive_until("snapshot")
    admin = await login_admin(server)
    banned = await admin.http.post(
        f"/api/admin/users/{pat.user['id']}/ban", json={"reason": "spam"}
    )
    assert banned.json()["banned"] is True
    with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
        for _ in range(50):
            await sock.receive(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003
    refused = await Player(server, "again").http.post(
        "/api/login", json={"username": name, "password": "password 123"}
    )
    assert (refused.status_code, refused.json()["code"]) == (403, "banned")
    assert (await pat.http.get("/api/me")).json() == {"user": None}
    assert (await pat.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()[
        "code"
    ] == "banned"
    retry = await pat.socket(room["id"])
    assert (await retry.receive())["code"] == "banned"
    history = (await admin.http.get(f"/api/admin/users/{pat.user['id']}")).json()
    assert history["audit"][0]["action"] == "ban" and history["audit"][0]["reason"] == "spam"
    assert (await admin.http.post(f"/api/admin/users/{pat.user['id']}/unban", json={})).json()[
        "banned"
    ] is False
    promoted = await admin.http.post(
        f"/api/admin/users/{pat.user['id']}/admin", json={"admin": True}
    )
    assert promoted.json()["admin"] is True
    self_ban = await admin.http.post(f"/api/admin/users/{admin.user.get('id', 'x')}/ban", json={})
    assert self_ban.status_code in (404, 422)
    for person in (host, pat, admin):
        await person.close()


async def test_metrics_with_the_metrics_token_and_without(server: RunningServer) -> None:
    """The scrapers' and benches' bearer token is read as the metrics token, not refused
    as an unknown API token first; a wrong one is still refused."""
    settings = server.app.state.settings
    saved, settings.metrics_token = settings.metrics_token, "scrape-me"
    try:
        async with httpx.AsyncClient(base_url=server.url) as client:
            good = await client.get("/metrics", headers={"Authorization": "Bearer scrape-me"})
            assert good.status_code == 200 and "agora_sockets" in good.text
            bad = await client.get("/metrics", headers={"Authorization": "Bearer nope"})
            assert bad.status_code == 401 and bad.json()["code"] == "bad_token"
            assert (await client.get("/metrics")).status_code == 401
    finally:
        settings.metrics_token = saved
