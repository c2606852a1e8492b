"""Chat moderation: report, delete, mute; admins see reports; everything audited."""

from __future__ import annotations

import secrets
from typing import Any

from app.cli import create_admin
from tests.conftest import Player, RunningServer


async def admin_player(server: RunningServer) -> Player:
    name = f"mod_{secrets.token_hex(3)}"
    await create_admin(server.settings.database_url, name, "admin password 1")
    admin = Player(server, "Admin")
    login = await admin.http.post(
        "/api/login", json={"username": name, "password": "admin password 1"}
    )
    assert login.status_code == 200
    admin.user = login.json()
    return admin


async def test_report_delete_mute_and_the_audit_log(server: RunningServer, players: Any) -> None:
    host, rude, watcher = await players("Host"), await players("Rude"), await players("Watcher")
    room = (await host.http.post("/api/rooms", json={"game": "race", "seats": 3})).json()
    assert (await rude.http.post(f"/api/rooms/{room['id']}/join", json={})).status_code == 200
    socks = {p.name: await p.socket(room["id"]) for p in (host, rude, watcher)}
    for sock in socks.values():
        await sock.receive_until("snapshot")
    await socks["Rude"].send({"type": "chat", "text": "something rude"})
    line = await socks["Watcher"].receive_until("chat", text="something rude")
    assert line["user_id"] == rude.user["id"]
    message_id = line["id"]
    base = f"/api/rooms/{room['id']}"

    # A spectator reports it; admins see the report.
    report = await watcher.http.post(f"{base}/chat/{message_id}/report", json={"reason": "rude"})
    assert report.status_code == 201, report.text
    admin = await admin_player(server)
    listed = (await admin.http.get("/api/admin/reports")).json()
    mine = [r for r in listed if r["id"] == report.json()["id"]]
    assert mine and mine[0]["text"] == "something rude" and mine[0]["reporter"] == "Watcher"
    assert (await watcher.http.get("/api/admin/reports")).status_code == 403
    missing = await watcher.http.post(f"{base}/chat/999999/report", json={})
    assert missing.status_code == 404

    # Only the host (or an admin) deletes; every socket is told.
    refused = await watcher.http.post(f"{base}/chat/{message_id}/delete", json={})
    assert refused.status_code == 403
    deleted = await host.http.post(f"{base}/chat/{message_id}/delete", json={"reason": "rude"})
    assert deleted.status_code == 200
    gone = await socks["Rude"].receive_until("chat_deleted")
    assert gone["id"] == message_id
    history = (await watcher.http.get(f"{base}/chat")).json()
    [kept] = [m for m in history if m["id"] == message_id]
    assert kept["text"] == "" and kept["deleted"] is True

    # Muted: chat refused until unmuted. The host cannot be muted; others cannot mute.
    assert (
        await watcher.http.post(f"{base}/mute", json={"user_id": rude.user["id"]})
    ).status_code == 403
    assert (
        await rude.http.post(f"{base}/mute", json={"user_id": host.user["id"]})
    ).status_code == 403
    muted = await host.http.post(f"{base}/mute", json={"user_id": rude.user["id"]})
    assert muted.status_code == 200
    assert (await host.http.get(f"{base}/mutes")).json() == [rude.user["id"]]
    await socks["Rude"].send({"type": "chat", "text": "again"})
    error = await socks["Rude"].receive_until("error")
    assert error["code"] == "muted"
    unmuted = await admin.http.post(f"{base}/unmute", json={"user_id": rude.user["id"]})
    assert unmuted.status_code == 200
    await socks["Rude"].send({"type": "chat", "text": "sorry"})
    await socks["Host"].receive_until("chat", text="sorry")

    # The admin resolves the report; the audit log holds every action.
    resolved = await admin.http.post(f"/api/admin/reports/{report.json()['id']}/resolve", json={})
    assert resolved.status_code == 200
    open_ids = [r["id"] for r in (await admin.http.get("/api/admin/reports")).json()]
    assert report.json()["id"] not in open_ids
    actions = [
        (entry["action"], entry["admin"])
        for entry in (await admin.http.get("/api/admin/audit")).json()
    ]
    for expected in [
        ("report_message", "Watcher"), ("delete_message", "Host"), ("mute", "Host"),
        ("unmute", admin.user["name"]), ("resolve_report", admin.user["name"]),
    ]:  # fmt: skip
        assert expected in actions, (expected, actions[:10])
    for sock in socks.values():
        await sock.close()
    await admin.close()
