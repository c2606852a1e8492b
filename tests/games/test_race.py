import pytest

from app.games import race
from app.games.interface import IllegalMove, MalformedMove, NotYourTurn
from tests.games.conformance import play_random_game


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(25))
def test_random_games_conform(seats: int, seed: int) -> None:
    run = play_random_game(race, seats, {"target": 15}, seed)
    assert run.state["counter"] == 15
    assert race.result(run.state) is not None


def test_refusals_name_the_rule() -> None:
    state = race.setup(2, {"target": 3}, seed=7)
    with pytest.raises(NotYourTurn):
        race.apply(state, 1, {"add": 1})
    with pytest.raises(MalformedMove):
        race.apply(state, 0, {"add": 3})
    state = race.apply(state, 0, {"add": 2})
    with pytest.raises(IllegalMove, match="pass the target"):
        race.apply(state, 1, {"add": 2})
    assert race.legal_moves(state, 1) == [{"add": 1}]


def test_token_visible_only_to_its_owner_until_the_end() -> None:
    state = race.setup(3, {"target": 3}, seed=11)
    tokens = state["tokens"]
    assert race.view(state, 1)["my_token"] == tokens[1]
    assert tokens[0] not in str(race.view(state, 1))
    assert "my_token" not in race.view(state, None)
    state = race.apply(race.apply(state, 0, {"add": 1}), 1, {"add": 2})
    assert race.view(state, None)["tokens"] == tokens


def test_undo_allowed_for_any_move_but_the_winning_one() -> None:
    state = race.setup(2, {"target": 3}, seed=3)
    after = race.apply(state, 0, {"add": 2})
    assert race.undoable(state, {"add": 2}, after)
    final = race.apply(after, 1, {"add": 1})
    assert race.result(final) is not None
    assert not race.undoable(after, {"add": 1}, final)


def test_race_sample_redraws_other_tokens_only() -> None:
    from app.games.rng import Rng

    state = race.setup(3, {}, 2)
    drawn = race.sample(state, 1, Rng.from_seed(0))
    assert drawn["tokens"][1] == state["tokens"][1]
    assert drawn["tokens"][0] != state["tokens"][0] and drawn["rng"] != state["rng"]
    assert race.view(drawn, 1) == race.view(state, 1)


def test_race_evaluate_knows_two_seat_wins() -> None:
    state = race.setup(2, {"target": 7}, 1)
    assert race.evaluate(state) == [1.0, 0.0]  # 7 left: the mover wins by taking 1
    after = race.apply(state, 0, {"add": 1})
    assert race.evaluate(after) == [1.0, 0.0]  # 6 left for seat 1: a loss
    assert race.evaluate(race.setup(3, {}, 1)) == [1 / 3] * 3
