"""Cross-site request forgery: state-changing requests from another origin get 403 (issue 18).

The attack of the issue: a page on the same host at another port makes a seated
player leave a running game with a no-cors POST to ``/leave``.
"""

from __future__ import annotations

from tests.conftest import Player, RunningServer


async def test_cross_origin_post_is_refused(server: RunningServer) -> None:
    alice = await Player(server, "Alice").as_guest()
    bob = await Player(server, "Bob").as_guest()
    room = (await alice.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    await bob.http.post(f"/api/rooms/{room['id']}/join", json={})
    await alice.http.post(f"/api/rooms/{room['id']}/start")
    host = server.url.split("://", 1)[1]
    other_port = "http://127.0.0.1:1"
    leave = f"/api/rooms/{room['id']}/leave"
    for headers in (
        {"Origin": other_port},
        {"Origin": "null"},
        {"Origin": other_port, "Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Origin": f"http://{host}", "Sec-Fetch-Site": "same-site"},
    ):
        refused = await bob.http.post(leave, headers=headers)
        assert refused.status_code == 403, headers
        assert refused.json()["code"] == "cross_origin"
    summary = (await bob.http.get(f"/api/rooms/{room['id']}")).json()
    assert summary["your_seat"] == 1, "the forged request changed nothing"
    # Reads are not affected; the site itself and non-browser clients may post.
    assert (
        await bob.http.get(f"/api/rooms/{room['id']}", headers={"Origin": other_port})
    ).is_success
    same = {"Origin": f"http://{host}", "Sec-Fetch-Site": "same-origin"}
    assert (await bob.http.post(leave, headers=same)).status_code == 200
    assert (await alice.http.post("/api/logout")).status_code == 200
    await alice.close()
    await bob.close()
