"""Pages render in French and English; the player's choice wins over Accept-Language."""

from __future__ import annotations

import re

import orjson

from app.games.registry import get_game, iter_games
from app.i18n import catalogue
from app.rooms.room_options import room_info
from tests.conftest import Player, RunningServer

RACE_INFO = get_game("race").INFO


async def test_language_from_accept_language_then_cookie(server: RunningServer) -> None:
    person = Player(server, "lang")
    french = await person.http.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"})
    assert '<html lang="fr">' in french.text and "Jouer en invité" in french.text
    english = await person.http.get("/", headers={"Accept-Language": "it-IT,en;q=0.3"})
    assert '<html lang="en">' in english.text and "Play as a guest" in english.text
    switched = await person.http.get("/lang/fr", headers={"Referer": "/"}, follow_redirects=False)
    assert switched.status_code == 303
    chosen = await person.http.get("/", headers={"Accept-Language": "en"})
    assert '<html lang="fr">' in chosen.text
    await person.close()


async def test_each_page_loads_its_language_strings(server: RunningServer) -> None:
    """The scripts' strings are a deferred script per language (app/api/strings.py)."""
    person = Player(server, "strings")
    for language in ("fr", "en", "de"):
        page = await person.http.get("/", headers={"Accept-Language": language})
        tag = r'<script defer src="(/strings/[a-z]+-[0-9a-f]+\.js)"></script>'
        found = re.search(tag, page.text)
        assert found is not None and f"/strings/{language}-" in found.group(1)
        script = await person.http.get(found.group(1))
        assert script.status_code == 200
        prefix = "globalThis.agoraStrings="
        assert script.text.startswith(prefix)
        assert orjson.loads(script.text.removeprefix(prefix).rstrip().rstrip(";")) == catalogue(
            language
        )
        assert "i18n" not in page.text.split("</head>")[0]  # no inline copy any more
    await person.close()


async def test_room_and_lobby_pages(server: RunningServer) -> None:
    host = await Player(server, "Host").as_guest()
    room = (
        await host.http.post("/api/rooms", json={"game": "race", "seats": 2, "private": True})
    ).json()
    page = await host.http.get(f"/r/{room['id']}")
    assert page.status_code == 200 and f'data-room="{room["id"]}"' in page.text
    found = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page.text)
    assert found is not None and orjson.loads(found.group(1)) == room_info(RACE_INFO).to_json()
    outsider = Player(server, "o")
    assert (await outsider.http.get(f"/r/{room['id']}")).status_code == 404
    with_code = await outsider.http.get(f"/r/{room['id']}?code={room['invite_code']}")
    assert with_code.status_code == 200
    lobby = await host.http.get("/")
    assert f'<a href="/r/{room["id"]}">race</a>' in lobby.text  # the host's own games
    assert f'href="/r/{room["id"]}"' not in (await outsider.http.get("/")).text
    # The games' data (encoded once) is what Jinja's tojson wrote, for the create form.
    found = re.search(r'<script type="application/json" id="games-data">(.*?)</script>', lobby.text)
    assert found is not None
    expected = [room_info(g.INFO).to_json() for g in iter_games(include_test_games=True)]
    assert orjson.loads(found.group(1)) == expected
    await host.close()
    await outsider.close()


async def test_health_endpoints(server: RunningServer) -> None:
    person = Player(server, "h")
    assert (await person.http.get("/healthz")).json() == {"status": "ok"}
    ready = await person.http.get("/readyz")
    assert ready.status_code == 200 and ready.json() == {
        "ready": True,
        "database": True,
        "hub": True,
    }
    schema = (await person.http.get("/openapi.json")).json()
    assert "/api/rooms/{room_id}/join" in schema["paths"]
    await person.close()
