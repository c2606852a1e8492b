"""Every message exists in French and English; language negotiation."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import orjson

from app.i18n import LOCALES, catalogue, format_message, pick_language, translate
from tests.conftest import need_service


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
    for language in ("en", "fr"):
        argument = json.dumps([language, PLURAL_CASES])
        result = subprocess.run(
            [str(node), str(script), argument], capture_output=True, text=True, check=True
        )
        expected = [format_message(language, text, values) for text, values in PLURAL_CASES]
        assert json.loads(result.stdout) == expected


def test_no_message_leaves_plurals_or_genders_to_the_reader() -> None:
    """ "carte(s)" and "un(e)" are what ICU plurals and selects are for (issue 43)."""
    lazy = re.compile(r"\w\((?:s|e|es|x)\)")
    for language in ("en", "fr"):
        found = {key: text for key, text in catalogue(language).items() if lazy.search(text)}
        assert not found, found
