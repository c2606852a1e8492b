"""Tournaments over the API: whole bot tournaments run to ``finished`` on both databases,
every table's game verified by replay; the host's controls by role; bad input."""

from __future__ import annotations

import asyncio
import secrets
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from app.cli import create_admin
from tests.api.tables import account
from tests.conftest import Player, RunningServer

BOT = "random"  # the quickest bot entrant (the search levels play the same rooms)


async def create(host: Any, **body: Any) -> dict[str, Any]:
    response = await host.http.post(
        "/api/tournaments",
        json={"game": "race", "seats": 2, "format": "swiss", "rounds": 1, **body},
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


async def run_to_the_end(host: Any, made: dict[str, Any], bots: int) -> dict[str, Any]:
    """Enter ``bots`` bots, start, and wait (polling) until the tournament is finished."""
    for _ in range(bots):
        added = await host.http.post(f"/api/tournaments/{made['id']}/bots", json={"level": BOT})
        assert added.status_code == 200, added.text
    started = await host.http.post(f"/api/tournaments/{made['id']}/start")
    assert started.status_code == 200, started.text
    assert started.json()["status"] in ("running", "finished")
    deadline = time.monotonic() + 240  # a bound for a stuck run, not a timing assertion
    while True:
        seen = (await host.http.get(f"/api/tournaments/{made['id']}")).json()
        if seen["status"] == "finished":
            return dict(seen)
        assert time.monotonic() < deadline, f"still {seen['status']} in round {seen['round']}"
        await asyncio.sleep(1.0)


async def verified(host: Any, table: dict[str, Any]) -> None:
    code = table["url"].rpartition("code=")[2]
    check = (await host.http.get(f"/api/rooms/{table['room_id']}/verify?code={code}")).json()
    assert check["verified"] and check["seed_matches_hash"], check


async def test_swiss_of_eight_bots_in_akropolis(players: Any) -> None:
    host = await account(players, "Host")
    made = await create(host, game="akropolis", seats=2, rounds=3)
    assert made["url"].endswith(f"/tournaments/{made['id']}") and made["status"] == "waiting"
    done = await run_to_the_end(host, made, bots=8)
    standings, tables = done["standings"], done["tables"]
    assert len(standings) == 8 and len(tables) == 12 and done["byes"] == []
    assert all(s["games"] == 3 for s in standings)
    assert sum(s["points"] for s in standings) == pytest.approx(12)  # 1 a table
    assert [s["rank"] for s in standings] == sorted(s["rank"] for s in standings)
    assert standings[0]["rank"] == 1 and done["winners"]
    # Swiss: no two entrants met twice (8 entrants, 3 rounds: always possible).
    pairs = [frozenset(e["id"] for e in t["entrants"]) for t in tables]
    assert len(set(pairs)) == 12
    for table in tables:
        assert table["finished"] and table["room_status"] == "finished"
        assert sorted(table["points"]) in ([0, 1], [0.5, 0.5])
    await asyncio.gather(*(verified(host, table) for table in tables))


async def test_round_robin_of_four_bots_in_agorapolis(players: Any) -> None:
    host = await account(players, "Host")
    made = await create(
        host, game="agorapolis", seats=4, format="round_robin", options={"renown_target": 1}
    )
    done = await run_to_the_end(host, made, bots=4)
    assert done["rounds"] == 1 and len(done["tables"]) == 1  # four at one table: all meet
    table = done["tables"][0]
    assert len(table["entrants"]) == 4 and table["room_status"] == "finished"
    assert sum(table["points"]) == pytest.approx(2)  # (3 + 2 + 1 + 0) / 3
    standings = done["standings"]
    assert {s["name"] for s in standings} == {e["name"] for e in table["entrants"]}
    assert all(s["games"] == 1 for s in standings)
    await verified(host, table)


async def test_odd_field_gets_byes_and_people_play(players: Any) -> None:
    """Race (the test game): three bots and a guest who plays, 2 seats: a bye a round."""
    host = await account(players, "Host")
    made = await create(host, rounds=2, options={"target": 3})
    guest = await players("Guest")
    joined = await guest.http.post(f"/api/tournaments/{made['id']}/join", json={})
    assert joined.status_code == 200 and joined.json()["you"]["entrant"]
    for _ in range(2):
        await host.http.post(f"/api/tournaments/{made['id']}/bots", json={"level": BOT})
    started = (await host.http.post(f"/api/tournaments/{made['id']}/start")).json()
    assert len(started["byes"]) == 1 and started["byes"][0]["points"] == 0.5
    # The guest's table, if any, is a real room the guest plays.
    deadline = time.monotonic() + 60
    while True:
        seen = (await guest.http.get(f"/api/tournaments/{made['id']}")).json()
        if seen["status"] == "finished":
            break
        assert time.monotonic() < deadline, seen
        mine = seen["you"]["entrant"]
        for table in seen["tables"]:
            seated = [e["id"] for e in table["entrants"]]
            if table["room_status"] == "playing" and mine in seated:
                await play_race_seat(guest, table, seated.index(mine))
        await asyncio.sleep(0.2)
    byes = [b["entrant"]["id"] for b in seen["byes"]]
    assert len(byes) == 2 and len(set(byes)) == 2  # nobody sat out twice
    assert sum(s["games"] for s in seen["standings"]) == 4


async def test_removed_entrant_is_paired_no_more_and_cancel(players: Any) -> None:
    """A guest who does not play holds round 1 open: the host removes a bot meanwhile;
    round 2 goes on without it; cancelling closes the games in play."""
    host = await account(players, "Host")
    made = await create(host, rounds=3, options={"target": 3})
    guest = await players("Guest")
    await guest.http.post(f"/api/tournaments/{made['id']}/join", json={})
    for _ in range(3):
        await host.http.post(f"/api/tournaments/{made['id']}/bots", json={"level": BOT})
    started = (await host.http.post(f"/api/tournaments/{made['id']}/start")).json()
    me = (await guest.http.get(f"/api/tournaments/{made['id']}")).json()["you"]["entrant"]
    gone = next(s["id"] for s in started["standings"] if s["id"] != me)
    removed = await host.http.post(f"/api/tournaments/{made['id']}/remove", json={"entrant": gone})
    assert removed.status_code == 200 and removed.json()["round"] == 1
    table = next(t for t in removed.json()["tables"] if me in [e["id"] for e in t["entrants"]])
    await play_race_seat(guest, table, [e["id"] for e in table["entrants"]].index(me))
    deadline = time.monotonic() + 60
    while True:
        seen = (await host.http.get(f"/api/tournaments/{made['id']}")).json()
        # round 2 is paired at once, but a table shows once its room is made (CI saw the
        # bye alone): wait for the whole round
        second = [t for t in seen["tables"] if t["round"] == 2]
        seated = {e["id"] for t in second for e in t["entrants"]} | {
            b["entrant"]["id"] for b in seen["byes"] if b["round"] == 2
        }
        if seen["round"] >= 2 and len(seated) >= 3:
            break
        assert time.monotonic() < deadline, seen
        await asyncio.sleep(0.2)
    assert gone not in seated and len(seated) == 3
    assert next(s for s in seen["standings"] if s["id"] == gone)["removed"]
    cancelled = (await host.http.post(f"/api/tournaments/{made['id']}/cancel")).json()
    assert cancelled["status"] == "cancelled"
    for table in cancelled["tables"]:
        assert table["room_status"] in ("finished", "abandoned")
    again = await host.http.post(f"/api/tournaments/{made['id']}/cancel")
    assert again.status_code == 409 and again.json()["code"] == "tournament_over"


async def play_race_seat(player: Any, table: dict[str, Any], seat: int) -> None:
    """Play the player's seat of a Race table to the end (the bots play theirs)."""
    code = table["url"].rpartition("code=")[2]
    sock = await player.socket(table["room_id"], code)
    try:
        await sock.receive_until("snapshot")
        sent = 0
        while sock.view["result"] is None:
            if seat in sock.view["to_act"]:
                sent += 1
                move = {"type": "move", "id": sent, "move": {"add": 1}, "version": sock.version}
                await sock.send(move)
                await sock.receive_until("ack", id=sent)
            else:
                await sock.receive()
    finally:
        await sock.close()
        player.sockets.remove(sock)


ROLES = ("anonymous", "guest", "non_host", "host", "admin")
# role -> expected status for each host action on a waiting tournament.
HOST_ACTIONS = {
    "bots": {"anonymous": 401, "guest": 403, "non_host": 403, "host": 200, "admin": 200},
    "remove": {"anonymous": 401, "guest": 403, "non_host": 403, "host": 200, "admin": 200},
    "start": {"anonymous": 401, "guest": 403, "non_host": 403, "host": 200, "admin": 200},
    "cancel": {"anonymous": 401, "guest": 403, "non_host": 403, "host": 200, "admin": 200},
}


async def cast(server: RunningServer, players: Any) -> dict[str, Player]:
    people: dict[str, Player] = {"anonymous": await players("Anonymous", guest=False)}
    people["guest"] = await players("Guest")
    people["non_host"] = await account(players, "Other")
    people["host"] = await account(players, "Host")
    suffix = secrets.token_hex(3)
    await create_admin(server.settings.database_url, f"admin_{suffix}", "admin password 1")
    admin = people["admin"] = await players("Admin", guest=False)
    login = await admin.http.post(
        "/api/login", json={"username": f"admin_{suffix}", "password": "admin password 1"}
    )
    assert login.status_code == 200
    return people


async def test_host_actions_by_role(server: RunningServer, players: Any) -> None:
    people = await cast(server, players)
    host = people["host"]
    for action, expected in HOST_ACTIONS.items():
        for role in ROLES:
            made = await create(host, options={"target": 3})
            for _ in range(2):  # enough to start, and one to remove
                await host.http.post(f"/api/tournaments/{made['id']}/bots", json={"level": BOT})
            seen = (await host.http.get(f"/api/tournaments/{made['id']}")).json()
            body = {"bots": {"level": BOT}, "remove": {"entrant": seen["standings"][0]["id"]}}
            answer = await people[role].http.post(
                f"/api/tournaments/{made['id']}/{action}", json=body.get(action, {})
            )
            assert answer.status_code == expected[role], (action, role, answer.text)
            if answer.status_code == 403:
                assert answer.json()["code"] == "not_tournament_host"
            if action == "cancel" and answer.status_code == 200:
                assert answer.json()["status"] == "cancelled"
            elif action == "start" and answer.status_code == 200:
                assert answer.json()["status"] in ("running", "finished")


async def test_join_list_private_and_errors(players: Any) -> None:
    host = await account(players, "Host")
    guest = await players("Guest")
    refused = await guest.http.post(
        "/api/tournaments", json={"game": "race", "seats": 2, "format": "swiss", "rounds": 1}
    )
    assert refused.status_code == 403 and refused.json()["code"] == "account_required"
    bad: list[tuple[str, dict[str, Any]]] = [
        ("invalid_request", {"format": "knockout"}),
        ("invalid_request", {"rounds": 0}),
        ("invalid_request", {"format": "arena", "duration_minutes": 2}),
        ("invalid_request", {"seats": 1}),
        ("invalid_request", {"surprise": True}),
        ("invalid_seats", {"game": "akrotiri", "seats": 3}),
        ("invalid_options", {"options": {"target": "far"}}),
        ("unknown_game", {"game": "chess"}),
    ]
    for code, change in bad:
        body = {"game": "race", "seats": 2, "format": "swiss", "rounds": 1, **change}
        answer = await host.http.post("/api/tournaments", json=body)
        assert answer.status_code == 422 and answer.json()["code"] == code, (code, answer.text)
    arena = await create(host, format="arena", duration_minutes=30)
    assert arena["duration_minutes"] == 30 and arena["rounds"] is None
    # Public ones are listed; a private one only with its code.
    public = await create(host)
    hidden = await create(host, private=True)
    listed = {t["id"] for t in (await guest.http.get("/api/tournaments")).json()}
    assert public["id"] in listed and hidden["id"] not in listed
    for path in ("", "/join"):
        method = "GET" if not path else "POST"
        missing = await guest.http.request(
            method, f"/api/tournaments/{hidden['id']}{path}", json={} if path else None
        )
        assert missing.status_code == 404 and missing.json()["code"] == "tournament_not_found"
    code = hidden["invite_url"].rpartition("code=")[2]
    joined = await guest.http.post(
        f"/api/tournaments/{hidden['id']}/join", json={"invite_code": code}
    )
    assert joined.status_code == 200 and joined.json()["you"]["entrant"]
    assert (await guest.http.get(f"/api/tournaments/{hidden['id']}")).status_code == 200
    # Not enough entrants to start; unknown level; joining a started one.
    short = await host.http.post(f"/api/tournaments/{public['id']}/start")
    assert short.status_code == 409 and short.json()["code"] == "not_enough_entrants"
    level = await host.http.post(f"/api/tournaments/{public['id']}/bots", json={"level": "god"})
    assert level.status_code == 422 and level.json()["code"] == "unknown_bot"
    assert (await guest.http.get("/api/tournaments/nope")).status_code == 404
    page = await guest.http.get(f"/tournaments/{public['id']}")
    assert page.status_code == 200 and public["id"] in page.text


async def test_an_arena_seats_the_free_and_ends_when_time_is_up(
    server: RunningServer, players: Any
) -> None:
    """Five bots, tables of two, a short race: entrants are seated as they free up (one
    waits each time); moving the arena's start back ends it once the games in play end."""
    host = await account(players, "Host")
    made = await create(host, format="arena", duration_minutes=5, options={"target": 3})
    for _ in range(5):
        await host.http.post(f"/api/tournaments/{made['id']}/bots", json={"level": BOT})
    started = await host.http.post(f"/api/tournaments/{made['id']}/start")
    assert started.status_code == 200, started.text
    assert len(started.json()["tables"]) == 2  # four seated, the fifth waits
    deadline = time.monotonic() + 120  # a bound for a stuck run, not a timing assertion
    while (seen := (await host.http.get(f"/api/tournaments/{made['id']}")).json())["round"] < 3:
        assert time.monotonic() < deadline and seen["status"] == "running", seen
        await asyncio.sleep(0.3)
    # The clock moved: the arena's time is up. No new table; those in play end it.
    engine = create_async_engine(server.settings.database_url)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text("UPDATE tournaments SET started_at = :moved WHERE id = :id"),
                {"moved": datetime.now(UTC) - timedelta(minutes=6), "id": made["id"]},
            )
    finally:
        await engine.dispose()
    while (seen := (await host.http.get(f"/api/tournaments/{made['id']}")).json())[
        "status"
    ] != "finished":
        assert time.monotonic() < deadline, seen
        await asyncio.sleep(0.5)
    tables = seen["tables"]
    assert len(tables) >= 4 and all(table["room_status"] == "finished" for table in tables)
    waves: dict[int, list[int]] = {}
    for table in tables:
        waves.setdefault(table["round"], []).extend(e["id"] for e in table["entrants"])
    assert all(len(ids) == len(set(ids)) for ids in waves.values())  # nobody twice at once
    assert sum(entrant["games"] for entrant in seen["standings"]) == 2 * len(tables)
    await verified(host, tables[-1])


async def test_the_host_pauses_and_resumes(players: Any) -> None:
    """Paused: no new round starts though the first one ended; resumed: it goes on to the
    end. Only the host (or an admin) holds it; it reads as running, paused. A guest who
    plays holds round 1 open until the pause is in (bots alone could finish it first)."""
    host, other = await account(players, "Host"), await account(players, "Other")
    made = await create(host, rounds=2, options={"target": 3})
    api = f"/api/tournaments/{made['id']}"
    guest = await players("Guest")
    await guest.http.post(f"{api}/join", json={})
    await host.http.post(f"{api}/bots", json={"level": BOT})
    assert (await host.http.post(f"{api}/pause")).status_code == 409  # not running yet
    assert (await host.http.post(f"{api}/start")).status_code == 200
    assert (await other.http.post(f"{api}/pause")).status_code == 403
    paused = await host.http.post(f"{api}/pause")
    assert paused.status_code == 200 and paused.json()["paused"] is True
    assert paused.json()["status"] == "running" and paused.json()["round"] == 1
    assert (await host.http.post(f"{api}/pause")).status_code == 409  # paused already
    me = (await guest.http.get(api)).json()["you"]["entrant"]

    async def play_my_table(number: int) -> None:
        deadline = time.monotonic() + 60  # a bound for a stuck run, not a timing assertion
        while True:
            seen = (await guest.http.get(api)).json()
            mine = [t for t in seen["tables"] if t["round"] == number]
            if mine and mine[0]["room_status"] == "playing":
                seated = [e["id"] for e in mine[0]["entrants"]]
                await play_race_seat(guest, mine[0], seated.index(me))
                return
            assert time.monotonic() < deadline, seen
            await asyncio.sleep(0.2)

    await play_my_table(1)
    await asyncio.sleep(2.5)  # a sweep passes: still no round 2 while paused
    assert (await host.http.get(api)).json()["round"] == 1
    resumed = await host.http.post(f"{api}/resume")
    assert resumed.status_code == 200 and resumed.json()["paused"] is False
    await play_my_table(2)
    deadline = time.monotonic() + 60
    while (seen := await host.http.get(api)).json()["status"] != "finished":
        assert time.monotonic() < deadline, seen.json()
        await asyncio.sleep(0.3)
    assert seen.json()["round"] == 2


async def test_a_tournament_table_refuses_hints(players: Any) -> None:
    """A tournament's games count for its standings: no hints there, rated or not."""
    host = await account(players, "Host")
    made = await create(host, rounds=1, options={"target": 3})
    guest = await players("Guest")
    await guest.http.post(f"/api/tournaments/{made['id']}/join", json={})
    await host.http.post(f"/api/tournaments/{made['id']}/bots", json={"level": BOT})
    started = (await host.http.post(f"/api/tournaments/{made['id']}/start")).json()
    (table,) = started["tables"]
    code = table["url"].rpartition("code=")[2]
    room = (await guest.http.get(f"/api/rooms/{table['room_id']}?code={code}")).json()
    assert room["rated"] is False  # so the refusal is the tournament's, not the rating's
    sock = await guest.socket(table["room_id"], code)
    await sock.receive_until("snapshot")
    await sock.send({"type": "hint", "id": "hint-1"})
    refused = await sock.receive_until("error", id="hint-1")
    assert refused["code"] == "hints_forbidden", refused
    await host.http.post(f"/api/tournaments/{made['id']}/cancel")
