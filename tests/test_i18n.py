"""Every message exists in French and English; language negotiation."""

from pathlib import Path

import orjson

from app.i18n import LOCALES, catalogue, pick_language, translate


def test_every_catalogue_has_the_same_keys_in_both_languages() -> None:
    assert set(catalogue("en")) == set(catalogue("fr"))
    for part in LOCALES.glob("*.en.json"):
        french = Path(str(part).replace(".en.json", ".fr.json"))
        assert set(orjson.loads(part.read_bytes())) == set(orjson.loads(french.read_bytes()))


def test_pick_language() -> None:
    assert pick_language("fr", "en-US") == "fr"
    assert pick_language(None, "fr-CA,fr;q=0.9,en;q=0.8") == "fr"
    assert pick_language(None, "en;q=0.9,fr;q=0.95") == "fr"
    assert pick_language(None, "de") == "en"
    assert pick_language("xx", None) == "en"


def test_translate_fills_values() -> None:
    assert translate("fr", "room.winner", names="Lina") == "Vainqueur : Lina"
    assert translate("en", "no.such.key") == "no.such.key"
