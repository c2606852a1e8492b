"""Rematch: propose, accept or decline; the new room starts with the seats rotated."""

from __future__ import annotations

from typing import Any

from tests.api.tables import account, finish_race, sockets_for, table


async def finished(people: list[Any], **kwargs: Any) -> tuple[dict[str, Any], list[Any]]:
    room = await table(people, **kwargs)
    socks = await sockets_for(people, room["id"])
    await finish_race(socks, dict(enumerate(socks)))
    return room, socks


async def test_everyone_accepts_and_moves_to_a_new_rotated_room(players: Any) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    room, (a, b) = await finished([ana, bob], options={"target": 4, "rated": True}, private=True)
    rid = room["id"]
    proposed = (await ana.http.post(f"/api/rooms/{rid}/rematch")).json()
    assert proposed["status"] == "open" and proposed["seat"] == 0 and proposed["new_room"] is None
    assert (await b.receive_until("request"))["request"]["kind"] == "rematch"
    accepted = (await bob.http.post(f"/api/rooms/{rid}/rematch/accept")).json()
    assert accepted["status"] == "accepted" and accepted["votes"] == {"1": True}
    new_id = accepted["new_room"]
    told = await a.receive_until("request", timeout=10)
    while told["request"]["status"] != "accepted":
        told = await a.receive_until("request")
    assert told["request"]["new_room"] == new_id
    fresh = (await bob.http.get(f"/api/rooms/{new_id}")).json()
    assert fresh["status"] == "playing" and fresh["private"] is True and fresh["rated"] is True
    assert fresh["options"] == room["options"]
    assert [seat["user_id"] for seat in fresh["seats"]] == [bob.user["id"], ana.user["id"]]
    assert fresh["your_seat"] == 0
    # The seats rotate for the first move; each player keeps their colour (issue 43).
    before = {seat["user_id"]: seat["colour"] for seat in room["seats"]}
    assert before == {ana.user["id"]: 0, bob.user["id"]: 1}
    assert {seat["user_id"]: seat["colour"] for seat in fresh["seats"]} == before
    # Proposing again only points at the room already made.
    assert (await ana.http.post(f"/api/rooms/{rid}/rematch")).json()["new_room"] == new_id


async def test_a_declined_rematch_can_be_proposed_again(players: Any) -> None:
    ana, bob = await players("Ana"), await players("Bob")
    room, _ = await finished([ana, bob], options={"target": 3})
    rid = room["id"]
    assert (await bob.http.post(f"/api/rooms/{rid}/rematch")).json()["seat"] == 1
    declined = (await ana.http.post(f"/api/rooms/{rid}/rematch/decline")).json()
    assert declined["status"] == "declined"
    again = (await ana.http.post(f"/api/rooms/{rid}/rematch")).json()
    assert again["status"] == "open" and again["seat"] == 0 and again["id"] != declined["id"]
    # The proposer may withdraw; the other player proposing instead accepts.
    assert (await ana.http.post(f"/api/rooms/{rid}/rematch/decline")).json()[
        "status"
    ] == "cancelled"
    assert (await ana.http.post(f"/api/rooms/{rid}/rematch")).json()["status"] == "open"
    joined = (await bob.http.post(f"/api/rooms/{rid}/rematch")).json()
    assert joined["status"] == "accepted" and joined["new_room"]


def test_a_seat_taken_beside_kept_colours_gets_one_no_one_wears() -> None:
    """A rematch room hands colours over; a newcomer takes its position's colour when it
    is free, else the lowest free one (two players never share a colour)."""
    from app.db.models import Seat
    from app.rooms.seating import free_colour

    kept = [Seat(position=0, colour=2), Seat(position=1, colour=0)]
    assert free_colour(2, kept) == 1  # position 2's colour is worn by seat 0
    assert free_colour(3, kept) == 3
    assert free_colour(2, [Seat(position=0), Seat(position=1)]) == 2  # older rows: positions


async def test_alone_with_a_bot_the_rematch_starts_at_once(players: Any) -> None:
    ana = await players("Ana")
    room = await table([ana], options={"target": 3}, bots=1)
    a = (await sockets_for([ana], room["id"]))[0]
    await finish_race([a], {0: a})
    made = (await ana.http.post(f"/api/rooms/{room['id']}/rematch")).json()
    assert made["status"] == "accepted"
    fresh = (await ana.http.get(f"/api/rooms/{made['new_room']}")).json()
    assert fresh["status"] == "playing"
    assert [seat["kind"] for seat in fresh["seats"]] == ["bot", "player"]


async def test_rematch_needs_a_finished_game_and_a_seat(players: Any) -> None:
    ana, bob, eve = await players("Ana"), await players("Bob"), await players("Eve")
    room = await table([ana, bob], options={"target": 3})
    rid = room["id"]
    early = await ana.http.post(f"/api/rooms/{rid}/rematch")
    assert early.status_code == 409 and early.json()["code"] == "game_not_finished"
    outsider = await eve.http.post(f"/api/rooms/{rid}/rematch")
    assert outsider.status_code == 403 and outsider.json()["code"] == "not_a_member"
    nothing = await bob.http.post(f"/api/rooms/{rid}/rematch/accept")
    assert nothing.status_code == 409
