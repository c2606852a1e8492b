"""Rated and casual games end to end: who is rated, leavers, profiles, leaderboards."""

from __future__ import annotations

from typing import Any

from tests.api.tables import account, finish_race, race_target, sockets_for, table


async def profile(player: Any, name: str) -> dict[str, Any]:
    response = await player.http.get(f"/api/users/{name}")
    assert response.status_code == 200, response.text
    return response.json()


async def test_a_rated_game_between_accounts_moves_both_ratings(players: Any) -> None:
    ana, ben = await account(players, "Ana"), await account(players, "Ben")
    room = await table([ana, ben], options={"target": race_target(1, 2), "rated": True})
    assert room["rated"] is True and room["options"]["rated"] is True
    socks = await sockets_for([ana, ben], room["id"])
    await finish_race(socks, {0: socks[0], 1: socks[1]})
    assert socks[0].view["result"]["ranking"] == [[1], [0]]

    winner = await profile(ana, ben.user["username"])
    loser = await profile(ben, ana.user["username"])
    (won,) = winner["ratings"]
    (lost,) = loser["ratings"]
    assert won["game"] == "race" and won["games"] == 1 and won["wins"] == 1
    assert won["rating"] > 0 > lost["rating"]
    assert [point["rating"] for point in won["history"]] == [0.0, won["rating"]]
    assert winner["recent"][0]["room"] == room["id"] and winner["recent"][0]["rating_change"] > 0
    assert loser["recent"][0]["place"] == 2 and loser["recent"][0]["rating_change"] < 0
    assert loser["games"] == [
        {"game": "race", "game_name": won["game_name"], "played": 1, "won": 0, "average_score": 0.0}
    ]


async def test_guests_and_bots_make_a_room_casual(players: Any) -> None:
    ana = await account(players, "Ana")
    guest = await players("Gus")
    room = await table([ana, guest], options={"target": race_target(0, 2), "rated": True})
    assert room["rated"] is False
    socks = await sockets_for([ana, guest], room["id"])
    await finish_race(socks, {0: socks[0], 1: socks[1]})
    assert (await profile(ana, ana.user["username"]))["ratings"] == []

    with_bot = await table([ana], options={"target": race_target(0, 2), "rated": True}, bots=1)
    assert with_bot["rated"] is False
    # Guests have a history page but no JSON profile (accounts only).
    assert (await ana.http.get(f"/api/users/{guest.user['id']}")).status_code == 404
    page = await ana.http.get(f"/u/{guest.user['id']}")
    assert page.status_code == 200 and "Gus" in page.text


async def test_a_leaver_ranks_last_and_its_bot_is_not_rated(players: Any) -> None:
    ana, ben, cid = [await account(players, n) for n in ("Ana", "Ben", "Cid")]
    # Every seat adds 1: seat 0 (Ana) would make the last move, but she leaves.
    room = await table([ana, ben, cid], options={"target": race_target(0, 3), "rated": True})
    socks = await sockets_for([ben, cid], room["id"])
    assert (await ana.http.post(f"/api/rooms/{room['id']}/leave")).status_code == 200
    await finish_race(socks, {1: socks[0], 2: socks[1]})  # her bot plays at random
    left = await profile(ben, ana.user["username"])
    others = [(await profile(ben, p.user["username"]))["recent"][0] for p in (ben, cid)]
    # Last, whatever the board says (even if her bot won it).
    assert left["recent"][0]["forfeit"] is True
    assert left["recent"][0]["place"] > max(game["place"] for game in others)
    assert left["ratings"][0]["wins"] == 0 and left["ratings"][0]["rating"] < 0
    assert all(game["rating_change"] is not None for game in others)
    ratings = [(await profile(ben, p.user["username"]))["ratings"][0] for p in (ben, cid)]
    assert left["ratings"][0]["rating"] < min(rating["rating"] for rating in ratings)


async def test_a_guest_who_registers_keeps_history_and_is_rated_after(players: Any) -> None:
    ana = await account(players, "Ana")
    gus = await players("Gus")
    casual = await table([gus, ana], options={"target": race_target(0, 2), "rated": True})
    socks = await sockets_for([gus, ana], casual["id"])
    await finish_race(socks, {0: socks[0], 1: socks[1]})
    registered = await gus.http.post(
        "/api/accounts",
        json={"username": f"gus_{gus.user['id'][:6]}", "password": "long enough pw"},
    )
    assert registered.status_code == 201 and registered.json()["id"] == gus.user["id"]
    rated = await table([gus, ana], options={"target": race_target(0, 2), "rated": True})
    assert rated["rated"] is True
    socks = await sockets_for([gus, ana], rated["id"])
    await finish_race(socks, {0: socks[0], 1: socks[1]})
    mine = await profile(gus, registered.json()["username"])
    assert [game["room"] for game in mine["recent"]] == [rated["id"], casual["id"]]
    assert mine["games"][0]["played"] == 2 and mine["ratings"][0]["games"] == 1


async def test_leaderboard_json_and_pages(players: Any) -> None:
    ana = await account(players, "Ana")
    board = await ana.http.get("/api/leaderboard/race", params={"per_page": 5})
    assert board.status_code == 200
    data = board.json()
    assert data["game"] == "race" and data["per_page"] == 5 and data["min_games"] == 3
    assert all(p["games"] >= 3 for p in data["players"])
    assert (await ana.http.get("/api/leaderboard/chess")).status_code == 422
    assert (await ana.http.get("/api/leaderboard/race?page=0")).status_code == 422
    page = await ana.http.get("/leaderboard/akropolis", headers={"Accept-Language": "fr"})
    assert page.status_code == 200 and "Classement" in page.text
    assert (await ana.http.get("/api/users/nobody-at-all")).status_code == 404
