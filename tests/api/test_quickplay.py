"""One-click play over HTTP: catalogue, bot kinds, a started game against bots, joining the
fullest open table, and the tutorial script. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from tests.conftest import Player, RunningServer


async def test_catalogue_and_bots(server: RunningServer) -> None:
    person = Player(server, "c")
    catalogue = (await person.http.get("/api/catalogue")).json()
    ids = [entry["id"] for entry in catalogue]
    assert ids[:2] == ["akropolis", "agorapolis"] and "race" not in ids
    akropolis = catalogue[0]
    assert akropolis["pitch"]["fr"] and akropolis["minutes"] and akropolis["tutorial"] is True
    assert akropolis["options"] and any(bot["id"] == "random" for bot in akropolis["bots"])
    bots = (await person.http.get("/api/bots")).json()
    assert bots[0]["id"] == "random" and set(bots[0]["label"]) == {"en", "fr", "de"}
    await person.close()


async def test_play_against_bots_starts_a_private_game_at_once(server: RunningServer) -> None:
    alice = await Player(server, "Alice").as_guest()
    response = await alice.http.post("/api/play/bots", json={"game": "agorapolis"})
    assert response.status_code == 201, response.text
    room = response.json()
    assert room["status"] == "playing" and room["private"] is True and room["your_seat"] == 0
    assert [seat["kind"] for seat in room["seats"]] == ["player", "bot", "bot"]
    two = await alice.http.post("/api/play/bots", json={"game": "akropolis", "seats": 3})
    assert [seat["kind"] for seat in two.json()["seats"]] == ["player", "bot", "bot"]
    refused = await alice.http.post("/api/play/bots", json={"game": "akropolis", "bot": "nope"})
    assert refused.status_code == 422 and refused.json()["code"] == "unknown_bot"
    unknown = await alice.http.post("/api/play/bots", json={"game": "race"})
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_game"
    anonymous = Player(server, "anon")
    assert (
        await anonymous.http.post("/api/play/bots", json={"game": "akropolis"})
    ).status_code == 401
    await alice.close()
    await anonymous.close()


async def test_join_takes_the_fullest_waiting_table_else_opens_one(server: RunningServer) -> None:
    players = [await Player(server, name).as_guest() for name in ("Ana", "Bea", "Cy", "Dan", "Eve")]
    ana, bea, cy, dan, eve = players
    # Two public Agorapolis tables: Ana's (1 of 4 seated) and Bea's (2 of 4 seated).
    first = (await ana.http.post("/api/rooms", json={"game": "agorapolis", "seats": 4})).json()
    second = (await bea.http.post("/api/rooms", json={"game": "agorapolis", "seats": 4})).json()
    joined = await cy.http.post(f"/api/rooms/{second['id']}/join", json={})
    assert joined.status_code == 200
    mine = (await dan.http.post("/api/play/join", json={"game": "agorapolis"})).json()
    assert mine["id"] == second["id"] and mine["your_seat"] == 2
    again = (await dan.http.post("/api/play/join", json={"game": "agorapolis"})).json()
    assert again["id"] == second["id"]  # clicking twice keeps the same seat
    # No waiting Akropolis table: Eve gets a new public one with the card's seat count.
    fresh = (await eve.http.post("/api/play/join", json={"game": "akropolis"})).json()
    assert fresh["id"] not in (first["id"], second["id"]) and fresh["private"] is False
    assert fresh["seat_count"] == 2 and fresh["status"] == "waiting"
    lobby = (await eve.http.get("/api/rooms")).json()
    assert fresh["id"] in {room["id"] for room in lobby}
    for player in players:
        await player.close()


async def test_tutorial_script(server: RunningServer) -> None:
    person = Player(server, "t")
    script = (await person.http.get("/api/tutorials/akropolis")).json()
    assert [step["lesson"] for step in script["steps"]] == ["ground", "raise", "plaza"]
    assert (await person.http.get("/api/tutorials/race")).status_code == 404  # has none
    assert (await person.http.get("/api/tutorials/..%2Fsecrets")).status_code == 404
    await person.close()
