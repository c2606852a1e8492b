"""Bot kinds come from app.bots.BOTS, labelled in French and English."""

from __future__ import annotations

from typing import Any

import pytest

from app import bots as bots_module
from app.catalogue.bots import available_bots, default_bot


def test_today_random_is_offered_with_both_labels() -> None:
    listed = available_bots()
    assert {bot["id"] for bot in listed} == set(bots_module.BOTS)
    assert listed[0]["id"] == "random"  # easiest first
    assert listed[0]["label"]["fr"] and listed[0]["label"]["en"]
    assert default_bot() in bots_module.BOTS


class Strong:
    name = "hard"
    games = ("akropolis",)

    def choose(self, view: Any, legal_moves: Any, rng: Any) -> Any:
        return legal_moves[0]


def test_new_levels_appear_sorted_and_filtered_by_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots_module.BOTS, "hard", Strong())
    monkeypatch.setitem(bots_module.BOTS, "medium", bots_module.RandomBot())
    ids = [bot["id"] for bot in available_bots("akropolis")]
    assert ids.index("random") < ids.index("medium") < ids.index("hard")
    assert "hard" not in [bot["id"] for bot in available_bots("agorapolis")]
    assert default_bot("akropolis") == "medium"
    hard = next(bot for bot in available_bots() if bot["id"] == "hard")
    assert hard["label"] == {"en": "Hard", "fr": "Difficile", "de": "Schwer"}
