"""German beside English and French (issue 39): every game page answers in German to the
``agora_lang=de`` cookie and to a German browser, with the German rules, game name and
pitch, and the browser gets the German message catalogue."""

from __future__ import annotations

import re

from app.i18n import LANG_COOKIE
from tests.conftest import Player, RunningServer

GAMES = ("akropolis", "agorapolis", "akrotiri", "attika")
GERMAN_BROWSER = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}


def assert_german(html: str, game_id: str) -> None:
    assert '<html lang="de">' in html, game_id
    assert "Spielen in zwei Minuten" in html, game_id  # the rules page's first heading
    assert "How to play in two minutes" not in html and "Jouer en deux minutes" not in html
    assert 'aria-current="true" data-lang="de"' in html, game_id  # the switcher shows German


async def test_every_game_page_in_german_by_cookie_and_by_browser(server: RunningServer) -> None:
    browser = Player(server, "de")
    chosen = Player(server, "cookie")
    chosen.http.cookies.set(LANG_COOKIE, "de")
    for game_id in GAMES:
        by_browser = await browser.http.get(f"/games/{game_id}", headers=GERMAN_BROWSER)
        assert by_browser.status_code == 200, game_id
        assert_german(by_browser.text, game_id)
        # the cookie wins over an English browser
        by_cookie = await chosen.http.get(f"/games/{game_id}", headers={"Accept-Language": "en"})
        assert by_cookie.status_code == 200, game_id
        assert_german(by_cookie.text, game_id)
    akropolis = await browser.http.get("/games/akropolis", headers=GERMAN_BROWSER)
    assert "Baustelle" in akropolis.text and "Plättchen" in akropolis.text
    fragment = await browser.http.get("/games/attika/rules", headers=GERMAN_BROWSER)
    assert fragment.status_code == 200 and "Heiligtümer" in fragment.text
    await browser.close()
    await chosen.close()


async def test_switching_to_german_and_the_german_catalogue(server: RunningServer) -> None:
    person = Player(server, "switch")
    switched = await person.http.get("/lang/de", headers={"Referer": f"{server.url}/"})
    assert switched.status_code == 303 and person.http.cookies.get(LANG_COOKIE) == "de"
    lobby = await person.http.get("/")
    assert '<html lang="de">' in lobby.text and "Jetzt gegen Bots spielen" in lobby.text
    found = re.search(r'src="(/strings/de-[^"]+\.js)"', lobby.text)
    assert found is not None
    script = await person.http.get(found.group(1))
    assert script.status_code == 200 and "Du bist dran" in script.text
    await person.close()
