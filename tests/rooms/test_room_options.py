"""Platform options: in every game's schema, validated, never passed to the rules."""

from __future__ import annotations

import pytest

from app.games import race
from app.games.interface import InvalidOptions, OptionSpec
from app.rooms import room_options

RATED = OptionSpec(name="rated", kind="bool", default=False, label={"en": "Rated", "fr": "Classé"})


@pytest.fixture
def rated_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(room_options, "PLATFORM_OPTIONS", (RATED,))


@pytest.mark.usefixtures("rated_platform")
def test_platform_options_follow_the_game_options_in_the_schema() -> None:
    names = [spec["name"] for spec in room_options.room_info(race.INFO).to_json()["options"]]
    assert names == [*(spec.name for spec in race.INFO.options), "rated"]


@pytest.mark.usefixtures("rated_platform")
def test_platform_options_are_validated_and_kept_from_the_rules() -> None:
    options = room_options.normalize_room_options(race.INFO, 2, {"rated": True})
    assert options["rated"] is True
    rules = room_options.rules_options(race.INFO, options)
    assert "rated" not in rules
    assert rules == {spec.name: spec.default for spec in race.INFO.options}
    with pytest.raises(InvalidOptions):
        room_options.normalize_room_options(race.INFO, 2, {"rated": "yes"})
