"""Game cards: only registered games with a card and rules content are listed."""

from __future__ import annotations

import pytest

from app import tutorials
from app.catalogue import games
from app.catalogue.games import catalogue_entries, catalogue_entry, has_rules
from app.games.registry import UnknownGame, iter_games


def test_every_registered_real_game_with_a_card_is_listed_in_order() -> None:
    listed = [entry["id"] for entry in catalogue_entries()]
    registered = {game.INFO.id for game in iter_games()}
    assert listed[:2] == ["akropolis", "agorapolis"]
    assert set(listed) == {gid for gid in registered if gid in games._cards()}
    assert "race" not in listed  # a test game has no card


def test_entry_fields_and_seat_defaults_within_the_games_range() -> None:
    for entry in catalogue_entries():
        assert set(entry["pitch"]) == {"en", "fr", "de"}
        assert 1 <= entry["complexity"] <= 5
        low, high = entry["minutes"]
        assert 0 < low <= high
        for key in ("play_now_seats", "table_seats"):
            assert max(2, entry["min_seats"]) <= entry[key] <= entry["max_seats"]
    # Every listed game teaches itself (app.tutorials.<game>); the test game does not.
    assert all(entry["tutorial"] for entry in catalogue_entries())
    assert tutorials.available("race") is False and tutorials.script("race") is None


def test_cards_exist_for_the_four_games_and_rules_in_both_languages() -> None:
    assert set(games._cards()) == {"akropolis", "agorapolis", "akrotiri", "attika"}
    for game_id in games._cards():
        assert has_rules(game_id), game_id


def test_a_game_not_in_the_registry_is_unknown() -> None:
    registered = {game.INFO.id for game in iter_games()}
    for game_id in ("akrotiri", "attika", "nope"):
        if game_id not in registered:
            with pytest.raises(UnknownGame):
                catalogue_entry(game_id)
