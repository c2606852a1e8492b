"""Agorapolis bot hooks: ``sample``, ``evaluate``, ``rollout_move``."""

from __future__ import annotations

import copy
from collections import Counter

from app.games import agorapolis
from app.games.agorapolis.cards import CARD_IDS
from app.games.rng import Rng


def _random_until(seats: int, seed: int, stop) -> dict:  # type: ignore[no-untyped-def]
    state = agorapolis.setup(seats, {}, seed)
    rng = Rng.from_seed(seed)
    while not stop(state):
        seat = min(agorapolis.to_act(state))
        state = agorapolis.apply(state, seat, rng.choice(agorapolis.legal_moves(state, seat)))
    return state


def _cards(state: dict) -> Counter[str]:
    cards: Counter[str] = Counter(state["deck"]) + Counter(state["discard"])
    for player in state["players"]:
        cards.update(player["held"])
    cards.update(entry["card"] for entry in state["active"])
    for pending in (state["draw"], state["heroic"]):
        if pending is not None:
            cards.update(pending["cards"])
    return cards


def _with_cards() -> dict:
    """A 4-seat game in Investment with at least 3 cards held."""
    return _random_until(
        4,
        3,
        lambda s: s["phase"] == "INVEST_BET" and sum(len(p["held"]) for p in s["players"]) >= 3,
    )


def test_sample_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = _with_cards()
    frozen = copy.deepcopy(state)
    seat = min(agorapolis.to_act(state))
    drawn = agorapolis.sample(state, seat, Rng.from_seed(5))
    assert state == frozen
    assert agorapolis.view(drawn, seat) == agorapolis.view(state, seat)
    assert _cards(drawn) == _cards(state)
    assert sum(_cards(drawn).values()) == len(CARD_IDS)
    assert [len(p["held"]) for p in drawn["players"]] == [len(p["held"]) for p in state["players"]]
    assert drawn["players"][seat]["held"] == state["players"][seat]["held"]
    assert drawn["rng"] != state["rng"]


def test_other_commits_are_redrawn_own_commit_kept() -> None:
    state = _random_until(3, 4, lambda s: s["phase"] == "INVEST_BET")
    sector = state["sector"]
    state = agorapolis.apply(state, 0, {"type": "bet", "sector": sector, "dice": 2})
    state = agorapolis.apply(state, 1, {"type": "bet", "sector": sector, "dice": 3})
    for seed in range(5):
        drawn = agorapolis.sample(state, 1, Rng.from_seed(seed))
        assert drawn["commits"]["1"] == {"type": "bet", "sector": sector, "dice": 3}
        other = drawn["commits"]["0"]
        assert other["type"] == "bet" and other["sector"] == sector
        assert 0 <= other["dice"] <= state["players"][0]["remaining"]
    # the real value of seat 0's bet does not matter
    changed = copy.deepcopy(state)
    changed["commits"]["0"]["dice"] = 5
    for seed in range(3):
        assert agorapolis.sample(state, 1, Rng.from_seed(seed)) == agorapolis.sample(
            changed, 1, Rng.from_seed(seed)
        )


def test_a_sampled_game_plays_to_the_end() -> None:
    state = agorapolis.sample(_with_cards(), 2, Rng.from_seed(1))
    rng = Rng.from_seed(3)
    while agorapolis.result(state) is None:
        seat = min(agorapolis.to_act(state))
        move = agorapolis.rollout_move(state, seat, rng)
        assert move in agorapolis.legal_moves(state, seat)
        state = agorapolis.apply(state, seat, move)
    result = agorapolis.result(state)
    assert result is not None
    assert agorapolis.evaluate(state) == [float(x) for x in result["scores"]]


def test_evaluate_counts_renown_and_the_sector_in_hand() -> None:
    state = _random_until(3, 6, lambda s: s["phase"] == "ACTION_TURN")
    base = agorapolis.evaluate(state)
    ahead = copy.deepcopy(state)
    ahead["players"][1]["renown"] += 3
    assert agorapolis.evaluate(ahead)[1] > base[1] + 2
    # five sixes in the current sector: that seat is the favourite to win it
    sector = state["sector"]
    lucky = copy.deepcopy(state)
    lucky["players"][2]["dice"][sector] = [{"value": 6, "adjusted": False}] * 5
    for seat in (0, 1):
        lucky["players"][seat]["dice"][sector] = [{"value": v, "adjusted": False} for v in (1, 2)]
    assert agorapolis.evaluate(lucky)[2] > agorapolis.evaluate(lucky)[0] + 0.5


def test_bots_never_convert_twice_in_a_row() -> None:
    """A Benefactor conversion is free and reversible: after its own conversion a bot
    must do something else first (seed 1039 of the bench flipped points for ever)."""
    from app.bots.hooks import GameAdapter
    from app.bots.play import choose_move
    from tests.games.agorapolis.test_action import action_game, rich

    state = action_game(reserves=rich(), cards={0: [{"card": "benefactor_of_sciences"}]})
    legal = agorapolis.legal_moves(state, 0)
    assert agorapolis.bot_moves(state, 0, legal) == legal
    convert = {"type": "benefactor_convert", "from": "religion", "to": "society", "amount": 1}
    after = agorapolis.apply(state, 0, convert)
    kept = GameAdapter(agorapolis).bot_moves(after, 0)
    assert kept and all(m["type"] != "benefactor_convert" for m in kept)
    assert any(m["type"] == "benefactor_convert" for m in agorapolis.legal_moves(after, 0))
    for level in ("easy", "medium", "hard"):
        move = choose_move("agorapolis", after, 0, level, 5, iterations=8)
        assert move["type"] != "benefactor_convert"


def test_a_finished_game_keeps_what_every_view_shows() -> None:
    """At the end every hand is shown: a redrawn hand would contradict the views."""
    state = _random_until(3, 8, lambda s: agorapolis.result(s) is not None)
    assert any(p["held"] for p in state["players"])  # hands a redraw would change
    for sampler in range(3):
        world = agorapolis.sample(state, sampler, Rng.from_seed(7))
        for viewer in [0, 1, 2, None]:
            assert agorapolis.view(world, viewer) == agorapolis.view(state, viewer)
