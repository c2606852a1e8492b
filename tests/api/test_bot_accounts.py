"""Bot accounts: made with a bot-scoped token before any game, for good; by invitation only."""

from __future__ import annotations

from typing import Any

import websockets

from tests.api.tables import account, finish_race, sockets_for, table
from tests.api.test_challenges import challenge
from tests.api.test_tokens import bearer, make_token
from tests.conftest import RoomSocket, RunningServer


async def test_an_account_becomes_a_bot_with_a_bot_token_only(
    server: RunningServer, players: Any
) -> None:
    robo = await account(players, "Robo")
    # A session alone cannot (a stray click must not do it), nor a token without the scope.
    by_cookie = await robo.http.post("/api/account/bot")
    assert by_cookie.status_code == 403 and by_cookie.json()["code"] == "token_required"
    play = (await make_token(robo, "play"))["token"]
    async with bearer(server, play) as program:
        refused = await program.post("/api/account/bot")
        assert refused.status_code == 403 and refused.json()["code"] == "token_scope"
    bot = (await make_token(robo, "bot"))["token"]
    async with bearer(server, bot) as program:
        made = await program.post("/api/account/bot")
        assert made.status_code == 200 and made.json()["bot"] is True
        assert (await program.post("/api/account/bot")).json()["bot"] is True  # idempotent
    profile = (await robo.http.get(f"/api/users/{robo.user['username']}")).json()
    assert profile["bot"] is True and profile["user"]["bot"] is True
    person = await account(players, "Ana")
    assert (await person.http.get(f"/api/users/{person.user['username']}")).json()["bot"] is False


async def test_an_account_that_has_played_stays_a_person(
    server: RunningServer, players: Any
) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    room = await table([ana, bob], options={"target": 3})
    await finish_race(
        *((socks := await sockets_for([ana, bob], room["id"])), dict(enumerate(socks)))
    )
    token = (await make_token(ana, "bot"))["token"]
    async with bearer(server, token) as program:
        refused = await program.post("/api/account/bot")
        assert refused.status_code == 409 and refused.json()["code"] == "has_played"


async def test_a_bot_plays_by_invitation_and_challenge_not_at_public_tables(
    server: RunningServer, players: Any
) -> None:
    robo, ana = await account(players, "Robo"), await account(players, "Ana")
    token = (await make_token(robo, "bot", "play"))["token"]
    public = (await ana.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    private = (
        await ana.http.post("/api/rooms", json={"game": "race", "seats": 2, "private": True})
    ).json()
    async with bearer(server, token) as program:
        assert (await program.post("/api/account/bot")).status_code == 200
        for call in (
            program.post("/api/rooms", json={"game": "race", "seats": 2}),
            program.post(f"/api/rooms/{public['id']}/join", json={}),
            program.post("/api/play/join", json={"game": "akropolis"}),
        ):
            answer = await call
            assert answer.status_code == 403 and answer.json()["code"] == "bot_account"
        # A host's invite (a private room's code) seats it; so does accepting a challenge.
        invited = await program.post(
            f"/api/rooms/{private['id']}/join", json={"invite_code": private["invite_code"]}
        )
        assert invited.status_code == 200
        asked = await challenge(ana, robo)
        accepted = await program.post(f"/api/challenges/{asked['id']}/accept")
        assert accepted.status_code == 200 and accepted.json()["room_id"]


async def test_bots_and_people_are_ranked_apart(server: RunningServer, players: Any) -> None:
    robo, token = await account(players, "Robo"), ""
    token = (await make_token(robo, "bot", "play"))["token"]
    async with bearer(server, token) as program:
        assert (await program.post("/api/account/bot")).status_code == 200
    ana = await account(players, "Ana")
    for _ in range(3):  # the leaderboards list players with 3 rated games or more
        asked = await challenge(ana, robo, options={"target": 3, "rated": True})
        async with bearer(server, token) as program:
            room_id = (await program.post(f"/api/challenges/{asked['id']}/accept")).json()[
                "room_id"
            ]
        socks = await sockets_for([ana], room_id)
        robo_socket = await robo.socket(room_id)
        await robo_socket.receive_until("snapshot")
        await finish_race([*socks, robo_socket], {0: socks[0], 1: robo_socket})
    people = (await ana.http.get("/api/leaderboard/race")).json()
    bots = (await ana.http.get("/api/leaderboard/race?bots=true")).json()
    assert [p["username"] for p in people["players"]] == [ana.user["username"]]
    assert [p["username"] for p in bots["players"]] == [robo.user["username"]]
    assert bots["bots"] is True and people["bots"] is False


async def test_a_host_seats_a_bot_account_by_name(server: RunningServer, players: Any) -> None:
    robo, ana = await account(players, "Robo"), await account(players, "Ana")
    bob = await account(players, "Bob")
    token = (await make_token(robo, "bot", "play"))["token"]
    async with bearer(server, token) as program:
        assert (await program.post("/api/account/bot")).status_code == 200
    public = (await ana.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    bots = f"/api/rooms/{public['id']}/bots"
    # Only the host seats, only a bot account, by its username.
    not_host = await bob.http.post(bots, json={"account": robo.user["username"]})
    assert not_host.status_code == 403
    person = await ana.http.post(bots, json={"account": bob.user["username"]})
    assert (person.status_code, person.json()["code"]) == (404, "bot_not_found")
    seated = await ana.http.post(bots, json={"account": robo.user["username"]})
    assert seated.status_code == 200, seated.text
    seat = seated.json()["seats"][1]
    assert (seat["kind"], seat["user_id"]) == ("player", robo.user["id"])
    assert [s["bot_account"] for s in seated.json()["seats"]] == [False, True]  # BOT shown
    again = await ana.http.post(bots, json={"account": robo.user["username"]})
    assert again.status_code == 409  # the room is full (and it is seated already)
    started = await ana.http.post(f"/api/rooms/{public['id']}/start")
    assert started.status_code == 200 and started.json()["status"] == "playing"
    # BOT beside its lines in the chat, live and in the history; none beside a person's.
    ws = await websockets.connect(
        f"{server.ws_url}/ws/rooms/{public['id']}",
        additional_headers={"Authorization": f"Bearer {token}"},
    )
    program_socket = RoomSocket(ws)
    try:
        await program_socket.receive_until("snapshot")
        await program_socket.send({"type": "chat", "text": "good game"})
        said = await program_socket.receive_until("chat", text="good game")
        assert said["bot"] is True
    finally:
        await program_socket.close()
    await ana.http.post(f"/api/rooms/{public['id']}/leave")  # no chat needed from Ana
    history = (await robo.http.get(f"/api/rooms/{public['id']}/chat")).json()
    lines = history if isinstance(history, list) else history["messages"]
    assert [line["bot"] for line in lines if line["text"] == "good game"] == [True]


async def test_a_bot_enters_the_tournaments_that_invite_it(
    server: RunningServer, players: Any
) -> None:
    robo, host = await account(players, "Robo"), await account(players, "Host")
    token = (await make_token(robo, "bot", "play"))["token"]
    made = {}
    for private in (False, True):
        body = {"game": "race", "seats": 2, "format": "swiss", "rounds": 1, "private": private}
        made[private] = (await host.http.post("/api/tournaments", json=body)).json()
    async with bearer(server, token) as program:
        assert (await program.post("/api/account/bot")).status_code == 200
        public = await program.post(f"/api/tournaments/{made[False]['id']}/join", json={})
        assert (public.status_code, public.json()["code"]) == (403, "bot_account")
        code = made[True]["invite_url"].rpartition("code=")[2]
        invited = await program.post(
            f"/api/tournaments/{made[True]['id']}/join", json={"invite_code": code}
        )
        assert invited.status_code == 200, invited.text
