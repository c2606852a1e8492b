"""Every message exists in every language (English, French, German); language negotiation;
every label dict in Python or JSON speaks every language."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import orjson

from app.catalogue.bots import available_bots
from app.catalogue.games import catalogue_entries
from app.games.registry import iter_games
from app.i18n import LANGUAGES, LOCALES, catalogue, format_message, pick_language, translate
from app.rooms.room_options import room_info
from tests.conftest import need_service


def test_every_catalogue_has_the_same_keys_in_every_language() -> None:
    assert LANGUAGES == ("en", "fr", "de")
    english = set(catalogue("en"))
    for language in LANGUAGES:
        assert set(catalogue(language)) == english, language
    for part in [LOCALES / "en.json", *LOCALES.glob("*.en.json")]:
        keys = set(orjson.loads(part.read_bytes()))
        for language in LANGUAGES:
            other = part.with_name(part.name.replace("en.json", f"{language}.json"))
            assert other.is_file(), other.name
            theirs = set(orjson.loads(other.read_bytes()))
            assert theirs == keys, (other.name, sorted(keys ^ theirs))


def _labels(value: object, where: str) -> list[tuple[str, dict[str, object]]]:
    """Every dict with an English text inside ``value`` (a label in several languages; not
    Akrotiri's choice labels, keyed by the editions "fr" and "en")."""
    if isinstance(value, dict):
        found = [(where, value)] if isinstance(value.get("en"), str) else []
        for key, inner in value.items():
            found += _labels(inner, f"{where}.{key}")
        return found
    if isinstance(value, list | tuple):
        return [label for i, inner in enumerate(value) for label in _labels(inner, f"{where}[{i}]")]
    return []


def test_every_label_dict_speaks_every_language() -> None:
    """Game names, option labels, help and choices, catalogue pitches, bot levels."""
    sources: list[tuple[str, object]] = [
        (game.INFO.id, room_info(game.INFO).to_json())
        for game in iter_games(include_test_games=True)
    ]
    sources += [(f"card {card['id']}", card) for card in catalogue_entries()]
    sources += [(f"bot {bot['id']}", bot["label"]) for bot in available_bots()]
    labels = [label for where, source in sources for label in _labels(source, where)]
    assert len(labels) > 40  # the walk found the labels
    for where, label in labels:
        assert set(label) == set(LANGUAGES), where
        assert all(isinstance(text, str) and text for text in label.values()), where


def test_pick_language() -> None:
    assert pick_language("fr", "en-US") == "fr"
    assert pick_language(None, "fr-CA,fr;q=0.9,en;q=0.8") == "fr"
    assert pick_language(None, "en;q=0.9,fr;q=0.95") == "fr"
    assert pick_language(None, "de") == "de"
    assert pick_language(None, "de-DE,de;q=0.9,en;q=0.8") == "de"
    assert pick_language("de", "fr") == "de"
    assert pick_language(None, "it") == "en"
    assert pick_language("xx", None) == "en"


def test_translate_fills_values() -> None:
    assert translate("fr", "room.winner", names="Lina", count=1) == "Vainqueur : Lina"
    assert translate("en", "room.winner", names="A, B", count=2) == "Winners: A, B"
    assert translate("en", "no.such.key") == "no.such.key"


PLURAL_CASES: list[tuple[str, dict[str, object]]] = [
    ("{n, plural, one {# carte} other {# cartes}}", {"n": 0}),
    ("{n, plural, one {# carte} other {# cartes}}", {"n": 1}),
    ("{n, plural, one {# carte} other {# cartes}}", {"n": 2}),
    ("{n, plural, =0 {aucune} one {# carte} other {# cartes}} pour {name}",
     {"n": 0, "name": "Lina"}),
    ("{name} : {n, plural, one {# point à {target}} other {# points à {target}}}",
     {"name": "A", "n": 3, "target": "B"}),
    ("{kind, select, tree {un arbre} well {un puits} other {une tuile}}", {"kind": "well"}),
    ("{kind, select, tree {un arbre} well {un puits} other {une tuile}}", {"kind": "x"}),
    ("{n, plural, one {# {kind, select, f {pierre} other {bois}}}"
     " other {# {kind, select, f {pierres} other {bois}}}}",
     {"n": 2, "kind": "f"}),
    ("50 % {missing} #", {"n": 1}),
]  # fmt: skip


def test_plurals_and_selects_on_the_server() -> None:
    assert format_message("fr", PLURAL_CASES[0][0], {"n": 0}) == "0 carte"  # French: 0 is one
    assert format_message("en", "{n, plural, one {# card} other {# cards}}", {"n": 0}) == "0 cards"
    assert format_message("fr", PLURAL_CASES[3][0], {"n": 0, "name": "Lina"}) == "aucune pour Lina"
    assert format_message("fr", PLURAL_CASES[7][0], PLURAL_CASES[7][1]) == "2 pierres"
    assert format_message("fr", PLURAL_CASES[8][0], {"n": 1}) == "50 % {missing} #"
    german = "{n, plural, one {# Karte} other {# Karten}}"
    assert [format_message("de", german, {"n": n}) for n in (0, 1, 2, 1.5)] == [
        "0 Karten", "1 Karte", "2 Karten", "1.5 Karten",
    ]  # fmt: skip
    assert translate("de", "room.winner", names="Lina", count=1) == "Sieger: Lina"


def test_browser_and_server_format_messages_alike(tmp_path: Path) -> None:
    """static/js/i18n.js and app/i18n.py give the same text for every case, in both languages."""
    node = shutil.which("node")
    need_service("node", node is not None)
    assert node is not None
    module = Path(__file__).resolve().parents[1] / "static" / "js" / "i18n.js"
    script = tmp_path / "run.mjs"
    script.write_text(
        "const [lang, cases] = JSON.parse(process.argv[2]);\n"
        "globalThis.document = { documentElement: { lang } };\n"
        f"const {{ format }} = await import({json.dumps(module.as_uri())});\n"
        "console.log(JSON.stringify(cases.map(([text, values]) => format(text, values))));\n"
    )
    for language in LANGUAGES:
        argument = json.dumps([language, PLURAL_CASES])
        result = subprocess.run(
            [str(node), str(script), argument], capture_output=True, text=True, check=True
        )
        expected = [format_message(language, text, values) for text, values in PLURAL_CASES]
        assert json.loads(result.stdout) == expected


def test_no_message_leaves_plurals_or_genders_to_the_reader() -> None:
    """ "carte(s)" and "un(e)" are what ICU plurals and selects are for (issue 43)."""
    lazy = re.compile(r"\w\((?:s|e|es|x|n|en|in|innen)\)")
    for language in LANGUAGES:
        found = {key: text for key, text in catalogue(language).items() if lazy.search(text)}
        assert not found, found
