"""Game pages with rules in both languages, the rules drawer fragment, the tutorial page,
404 for games not (yet) registered, favicon, manifest and link previews."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from app.games.registry import iter_games
from tests.conftest import Player, RunningServer


async def test_game_pages_in_french_and_english(server: RunningServer) -> None:
    person = Player(server, "g")
    french = await person.http.get("/games/akropolis", headers={"Accept-Language": "fr"})
    assert french.status_code == 200
    assert (
        "Jouer en deux minutes" in french.text and 'data-diagram="akropolis-scoring"' in french.text
    )
    english = await person.http.get("/games/agorapolis", headers={"Accept-Language": "en"})
    assert "How to play in two minutes" in english.text
    assert 'data-diagram="agorapolis-combinations"' in english.text
    assert 'property="og:image"' in english.text and "/og/agorapolis.png" in english.text
    fragment = await person.http.get("/games/akropolis/rules", headers={"Accept-Language": "en"})
    assert fragment.status_code == 200 and "<html" not in fragment.text
    assert "How to play in two minutes" in fragment.text
    for game in ("akropolis", "agorapolis", "akrotiri", "attika"):  # each teaches itself
        tutorial = await person.http.get(f"/games/{game}/tutorial")
        assert tutorial.status_code == 200 and 'data-page="tutorial"' in tutorial.text
    assert (await person.http.get("/games/race/tutorial")).status_code == 404  # has none
    await person.close()


async def test_unregistered_or_unknown_games_have_no_page(server: RunningServer) -> None:
    person = Player(server, "n")
    registered = {game.INFO.id for game in iter_games(include_test_games=True)}
    for game_id in ("akrotiri", "attika"):
        expected = 200 if game_id in registered else 404
        assert (await person.http.get(f"/games/{game_id}")).status_code == expected
    for path in ("/games/nope", "/games/race", "/games/nope/rules"):
        response = await person.http.get(path)
        assert response.status_code == 404 and "<html" in response.text
    await person.close()


async def test_favicon_manifest_and_preview_images(server: RunningServer) -> None:
    person = Player(server, "f")
    icon = await person.http.get("/favicon.ico")
    assert icon.status_code == 200 and icon.content[:4] == b"\x00\x00\x01\x00"
    manifest = await person.http.get("/manifest.webmanifest", headers={"Accept-Language": "fr"})
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert data["lang"] == "fr" and data["start_url"] == "/" and data["display"] == "standalone"
    for item in data["icons"]:
        assert (await person.http.get(item["src"])).status_code == 200
    sizes = {item["sizes"] for item in data["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for game_id in ("akropolis", "agorapolis", "not-a-game", "attika"):
        image = await person.http.get(f"/og/{game_id}.png")
        assert image.status_code == 200 and image.content[:8] == b"\x89PNG\r\n\x1a\n"
    await person.close()


async def test_invite_link_previews_game_host_and_free_seats(server: RunningServer) -> None:
    host = await Player(server, "Helena").as_guest()
    room = (
        await host.http.post("/api/rooms", json={"game": "akropolis", "seats": 3, "private": True})
    ).json()
    friend = Player(server, "friend")
    link = urlsplit(room["invite_url"])
    page = await friend.http.get(f"{link.path}?{link.query}")
    assert page.status_code == 200
    meta = dict(re.findall(r'<meta property="(og:[a-z:]+)" content="([^"]*)"', page.text))
    assert meta["og:title"] == "Akropolis: Helena invites you to play"
    assert meta["og:description"].startswith("2 free seats out of 3.")
    assert meta["og:image"].endswith("/og/akropolis.png")
    await host.close()
    await friend.close()
