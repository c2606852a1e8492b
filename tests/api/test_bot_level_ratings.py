"""The bot level pickers (game page, lobby cards, room) and the catalogue's JSON show
each level's estimated rating (app/catalogue/level_ratings.py) in the page's language."""

from __future__ import annotations

from app.bots.levels import LEVEL_NAMES
from app.catalogue.bots import KNOWN
from app.catalogue.games import catalogue_entries
from app.catalogue.level_ratings import level_rating
from tests.conftest import Player, RunningServer

SHOWN = ("random", *LEVEL_NAMES)


def option(game: str, level: str, language: str) -> str:
    """The picker's text for ``level``: "Hard · rating ≈21", "Difficile · classement ≈21"."""
    label = KNOWN[level][1][language]
    word = {"en": "rating", "fr": "classement", "de": "Wertung"}[language]
    return f'<option value="{level}">{label} · {word} ≈{level_rating(game, level)}</option>'


async def test_game_page_and_lobby_show_each_levels_rating_in_en_and_fr(
    server: RunningServer,
) -> None:
    person = Player(server, "lr")
    games = [entry["id"] for entry in catalogue_entries()]
    for language in ("en", "fr"):
        headers = {"Accept-Language": language}
        lobby = (await person.http.get("/", headers=headers)).text
        for game in games:
            page = (await person.http.get(f"/games/{game}", headers=headers)).text
            for level in SHOWN:
                assert option(game, level, language) in page, (game, level, language)
                assert option(game, level, language) in lobby, (game, level, language)
    await person.close()


async def test_the_room_picker_shows_the_rating(server: RunningServer) -> None:
    host = await Player(server, "lr-host").as_guest()
    room = (
        await host.http.post("/api/rooms", json={"game": "attika", "seats": 2, "private": True})
    ).json()
    page = (await host.http.get(f"/r/{room['id']}", headers={"Accept-Language": "fr"})).text
    assert f"Difficile · classement ≈{level_rating('attika', 'hard')}</option>" in page
    await host.close()


async def test_the_catalogue_json_carries_the_ratings(server: RunningServer) -> None:
    person = Player(server, "lr-api")
    for entry in (await person.http.get("/api/catalogue")).json():
        rated = {bot["id"]: bot["rating"] for bot in entry["bots"]}
        expected = {level: level_rating(entry["id"], level) for level in SHOWN}
        assert {level: rated[level] for level in SHOWN} == expected == entry["level_ratings"]
    bots = (await person.http.get("/api/bots", params={"game": "akrotiri"})).json()
    assert [bot["rating"] for bot in bots] == [level_rating("akrotiri", lvl) for lvl in SHOWN]
    await person.close()
