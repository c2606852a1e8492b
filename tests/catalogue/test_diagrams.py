"""The rules pages' Akropolis examples agree with the real rules, and the rules content
is shaped alike in both languages."""

from __future__ import annotations

import re

import orjson

from app.catalogue.games import RULES_DIR, _cards
from app.config import ROOT
from app.games.akropolis.components import START_HEXES, TILES
from app.games.akropolis.geometry import decode
from app.games.akropolis.scoring import score_details
from app.i18n import LANGUAGES

EXAMPLES = orjson.loads((ROOT / "static" / "js" / "rules" / "akropolis-examples.json").read_bytes())


def test_placement_examples_are_legal_or_illegal_as_drawn() -> None:
    for name, example in EXAMPLES["placements"].items():
        city = decode([[0, 0, 0, 0], *example["placed"]])
        _, q, r, rot = example["try"]
        outcome = city.check(q, r, rot)
        if example["legal"]:
            assert outcome == (example["level"], example["stones"]), name
        else:
            assert isinstance(outcome, str) and outcome.startswith(example["reason"]), name


def test_example_tiles_are_the_real_tiles() -> None:
    for tile_id, hexes in EXAMPLES["tiles"].items():
        assert list(TILES[int(tile_id)]) == hexes
    assert EXAMPLES["start"] == [[q, r, hex_] for q, r, hex_ in START_HEXES]


def test_scoring_example_matches_the_scoring_module_and_the_text() -> None:
    example = EXAMPLES["scoring"]
    cells = [{"q": q, "r": r, "level": lv, "hex": hx} for q, r, lv, hx, _ in example["cells"]]
    score = score_details(cells, stones=example["stones"])
    assert {key: score[key] for key in example["expect"]} == example["expect"]
    total = example["expect"]["total"]
    for lang in LANGUAGES:
        text = (RULES_DIR / f"akropolis.{lang}.html").read_text()
        assert f"<strong>{total}</strong>" in text


def test_each_game_has_the_same_sections_and_diagrams_in_every_language() -> None:
    for game_id in _cards():
        shapes = []
        for lang in LANGUAGES:
            text = (RULES_DIR / f"{game_id}.{lang}.html").read_text()
            shapes.append(
                (
                    re.findall(r'<section id="([\w-]+)"', text),
                    re.findall(r'data-diagram="([\w-]+)"', text),
                )
            )
            assert "summary" in shapes[-1][0][0], f"{game_id}.{lang} starts with the summary"
        assert all(shape == shapes[0] for shape in shapes), game_id
