"""OpenSkill arithmetic and places: 2 to 6 players, ties, forfeits."""

from __future__ import annotations

import pytest

from app.ratings.skill import DEFAULT_MU, DEFAULT_SIGMA, Standing, ordinal, places, rate


def fresh(places_by_key: dict[str, int]) -> list[Standing]:
    return [Standing(key, DEFAULT_MU, DEFAULT_SIGMA, place) for key, place in places_by_key.items()]


def test_a_new_player_starts_at_a_conservative_zero() -> None:
    assert ordinal(DEFAULT_MU, DEFAULT_SIGMA) == pytest.approx(0.0)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_better_places_gain_more_and_everyone_becomes_more_certain(players: int) -> None:
    new = rate(fresh({f"p{i}": i + 1 for i in range(players)}))
    mus = [new[f"p{i}"][0] for i in range(players)]
    assert mus == sorted(mus, reverse=True) and mus[0] > DEFAULT_MU > mus[-1]
    assert all(sigma < DEFAULT_SIGMA for _, sigma in new.values())


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_tied_players_move_alike(players: int) -> None:
    # Everyone but the first shares second place.
    new = rate(fresh({f"p{i}": 1 if i == 0 else 2 for i in range(players)}))
    tied = {new[f"p{i}"] for i in range(1, players)}
    assert len(tied) == 1
    assert new["p0"][0] > next(iter(tied))[0]


def test_a_full_tie_changes_no_mean() -> None:
    new = rate(fresh({"a": 1, "b": 1, "c": 1}))
    assert all(mu == pytest.approx(DEFAULT_MU) for mu, _ in new.values())


def test_one_player_is_not_rated() -> None:
    assert rate(fresh({"solo": 1})) == {}


def test_upsets_move_ratings_more_than_expected_results() -> None:
    strong, weak = Standing("s", 35.0, 3.0, 1), Standing("w", 20.0, 3.0, 2)
    expected = rate([strong, weak])
    upset = rate([Standing("s", 35.0, 3.0, 2), Standing("w", 20.0, 3.0, 1)])
    assert upset["w"][0] - 20.0 > expected["s"][0] - 35.0 > 0


def test_places_follow_groups_and_forfeits_share_last() -> None:
    assert places([[2], [0, 1], [3]], range(4)) == {2: 1, 0: 2, 1: 2, 3: 3}
    # Seat 2 won on the board but left: it ranks last with the other leaver (seat 3).
    assert places([[2], [0, 1], [3]], range(4), forfeits={2, 3}) == {0: 1, 1: 1, 2: 2, 3: 2}
    # Akropolis solo ranks the Architect as seat 1 although the room has one seat.
    assert places([[1], [0]], range(1)) == {0: 2}
    assert places([[0], [1]], range(1)) == {0: 1}
