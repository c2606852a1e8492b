"""Setup (§3), options and the registry entry."""

from __future__ import annotations

import orjson
import pytest

from app.games import agorapolis
from app.games.agorapolis.cards import CARD_IDS
from app.games.interface import InvalidOptions
from app.games.options import normalize_options


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_setup_is_deterministic_json(seats: int) -> None:
    state = agorapolis.setup(seats, {}, 42)
    assert state == agorapolis.setup(seats, {}, 42)
    assert orjson.loads(orjson.dumps(state)) == state
    assert state["seats"] == seats
    cities = [player["city"] for player in state["players"]]
    assert len(set(cities)) == seats
    assert sorted(state["deck"]) == sorted(CARD_IDS) and state["discard"] == []
    assert len(state["market"]) == 3
    for player in state["players"]:
        assert player["reserves"] == {
            "agriculture": 10,
            "society": 1,
            "commerce": 1,
            "religion": 1,
            "military": 1,
        }
        assert player["renown"] == 0 and player["held"] == []
        assert player["hand"] == (12 if player["city"] == "corinth" else 10)
    # nobody holds a card: Harvest needs no answer, betting starts
    assert state["phase"] == "INVEST_BET" and state["sector"] == "agriculture"


@pytest.mark.parametrize(("seats", "target"), [(2, 18), (3, 14), (4, 14), (5, 10), (6, 10)])
def test_renown_target_by_player_count(seats: int, target: int) -> None:
    assert agorapolis.setup(seats, {}, 1)["renown_target"] == target
    assert agorapolis.setup(seats, {"renown_target": 0}, 1)["renown_target"] == target


def test_renown_target_option_only_lowers() -> None:
    assert agorapolis.setup(3, {"renown_target": 5}, 1)["renown_target"] == 5
    assert normalize_options(agorapolis.INFO, 3, {"renown_target": 7}) == {"renown_target": 7}
    assert normalize_options(agorapolis.INFO, 6, {}) == {"renown_target": 0}
    with pytest.raises(InvalidOptions):
        normalize_options(agorapolis.INFO, 5, {"renown_target": 12})
    with pytest.raises(InvalidOptions):
        normalize_options(agorapolis.INFO, 7, {})
    with pytest.raises(InvalidOptions):
        agorapolis.setup(1, {}, 1)


def test_options_have_english_and_french_labels() -> None:
    data = agorapolis.INFO.to_json()
    assert data["min_seats"] == 2 and data["max_seats"] == 6
    for option in data["options"]:
        assert set(option["label"]) == {"en", "fr", "de"}


def test_first_holder_rolls_are_public_and_ties_reroll() -> None:
    """§3.2d, §18.6: only the tied top seats reroll until one is alone on top."""
    for seed in range(60):
        state = agorapolis.setup(6, {}, seed)
        rolls = [e for e in state["events"] if e["event"] == "holder_roll"]
        contenders = set(range(6))
        for entry in rolls:
            seats = {seat for seat, _ in entry["rolls"]}
            assert seats == contenders
            top = max(value for _, value in entry["rolls"])
            contenders = {seat for seat, value in entry["rolls"] if value == top}
        assert contenders == {state["holder"]}
    # some seed needed a reroll
    assert any(
        sum(e["event"] == "holder_roll" for e in agorapolis.setup(6, {}, s)["events"]) > 1
        for s in range(60)
    )


def test_registered() -> None:
    from app.games.registry import GAME_MODULES

    assert "app.games.agorapolis" in GAME_MODULES


def test_setup_draws_stay_public_in_the_view() -> None:
    state = agorapolis.setup(5, {}, 9)
    log = agorapolis.view(state, None)["setup_log"]
    kinds = [entry["event"] for entry in log]
    assert kinds[0] == "cities" and kinds[1] == "market_rolled" and kinds[-1] == "holder"
    assert log[0]["cities"] == [p["city"] for p in state["players"]]
    assert log[-1]["seat"] == state["holder"]
