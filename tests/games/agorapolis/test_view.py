"""Hidden information (§15): views, ``secrets`` and ``redact_move``."""

from __future__ import annotations

import random
from typing import Any

from app.games import agorapolis
from app.games.agorapolis.cards import CARD_IDS
from app.games.agorapolis.exploit import start_exploit
from tests.games.agorapolis.helpers import act, bet, game, play_cards
from tests.games.conformance import check_views


def strings(document: Any) -> set[str]:
    """Every string (keys included) anywhere in a JSON document."""
    found: set[str] = set()
    if isinstance(document, str):
        found.add(document)
    elif isinstance(document, dict):
        for key, value in document.items():
            found.add(str(key))
            found |= strings(value)
    elif isinstance(document, list):
        for value in document:
            found |= strings(value)
    return found


def card_strings(view: dict[str, Any]) -> set[str]:
    return strings(view) & set(CARD_IDS)


def test_fresh_game_shows_no_card_and_no_rng() -> None:
    state = game(4, held={2: ["sabotage", "trojan_horse"]})
    for viewer in (0, 1, 3, None):
        view = agorapolis.view(state, viewer)
        assert card_strings(view) == set()  # neither hands nor the deck
        assert state["rng"] not in strings(view)
        assert view["players"][2]["held_count"] == 2
        assert view["deck_size"] == 17
    assert card_strings(agorapolis.view(state, 2)) == {"sabotage", "trojan_horse"}
    check_views(agorapolis, state)


def test_pending_commits_are_secret_fragments() -> None:
    state = bet(bet(game(3), 0, 3), 2, 5)
    hidden = agorapolis.secrets(state)
    commits = [
        (allowed, frag) for allowed, frag in hidden if isinstance(frag, dict) and "move" in frag
    ]
    assert sorted((sorted(a), f["move"]["dice"]) for a, f in commits) == [([0], 3), ([2], 5)]
    check_views(agorapolis, state)
    # the other seats only learn who has committed
    view = agorapolis.view(state, 1)
    assert view["committed"] == [0, 2] and view["my_commit"] is None
    assert [p["bets"]["agriculture"] for p in view["players"]] == [None, None, None]


def test_played_cards_secret_until_reveal() -> None:
    state = game(3, held={0: ["curse_proclamation"], 1: ["sabotage"]})
    state = act(
        state,
        0,
        {"type": "play_exploits", "cards": [{"card": "curse_proclamation", "sector": "religion"}]},
    )
    for viewer in (1, 2, None):
        assert "curse_proclamation" not in strings(agorapolis.view(state, viewer))
    check_views(agorapolis, state)
    state = act(state, 1, {"type": "play_exploits", "cards": []})
    for viewer in (1, 2, None):
        assert agorapolis.view(state, viewer)["active_cards"] == [
            {"card": "curse_proclamation", "owner": 0, "params": {"sector": "religion"}}
        ]
    assert card_strings(agorapolis.view(state, 2)) == {"curse_proclamation"}
    assert card_strings(agorapolis.view(state, 0)) == {"curse_proclamation"}
    assert card_strings(agorapolis.view(state, 1)) == {"curse_proclamation", "sabotage"}


def test_astronomical_insight_sees_hands_and_deck_top_except_refusing_league() -> None:
    state = game(
        3,
        held={0: ["astronomical_insight"], 1: ["trojan_horse"], 2: ["league_founding", "sabotage"]},
    )
    state = play_cards(
        state,
        {0: [{"card": "astronomical_insight"}], 2: [{"card": "league_founding"}]},
    )
    assert state["phase"] == "HARVEST_LEAGUE"
    view = agorapolis.view(state, 0)
    assert view["insight"]["hands"] == {
        "1": [{"card": "trojan_horse", "holder": 1}],
        "2": [{"card": "sabotage", "holder": 2}],
    }
    assert [c["card"] for c in view["insight"]["deck_top"]] == state["deck"][:3]
    check_views(agorapolis, state)
    state = act(state, 2, {"type": "league_immunity", "immune_to": ["astronomical_insight"]})
    view = agorapolis.view(state, 0)
    assert view["insight"]["hands"] == {"1": [{"card": "trojan_horse", "holder": 1}]}
    assert "sabotage" not in strings(view)
    assert "insight" not in agorapolis.view(state, 1)
    check_views(agorapolis, state)


def test_insight_owner_sees_the_exploit_draw() -> None:
    state = game(3, held={0: ["astronomical_insight"]})
    state = play_cards(state, {0: [{"card": "astronomical_insight"}]})
    start_exploit(state)
    state = act(state, 0, {"type": "exploit_bid", "pay": {}})
    state = act(state, 1, {"type": "exploit_bid", "pay": {"society": 1}})
    state = act(state, 2, {"type": "exploit_bid", "pay": {}})
    drawn = state["draw"]["cards"]
    assert [c["card"] for c in agorapolis.view(state, 0)["insight"]["drawn"]] == drawn
    assert not set(drawn) & strings(agorapolis.view(state, 2))
    check_views(agorapolis, state)


def test_heroic_year_each_recipient_sees_only_its_card() -> None:
    state = game(3, held={1: ["heroic_year"]})
    state = play_cards(state, {1: [{"card": "heroic_year"}]})
    drawn = state["heroic"]["cards"]
    for viewer in (0, 2, None):
        assert not set(drawn) & strings(agorapolis.view(state, viewer))
    check_views(agorapolis, state)
    assign = [{"player": seat, "card": card} for seat, card in enumerate(drawn)]
    move = {"type": "heroic_distribute", "assign": assign}
    state = act(state, 1, move)
    for seat in range(3):
        seen = set(drawn) & strings(agorapolis.view(state, seat))
        assert seen == {drawn[seat]}
    check_views(agorapolis, state)
    redacted = agorapolis.redact_move(move, 1, 2, False)
    assert redacted["assign"] == [{"player": 2, "card": drawn[2]}]
    assert agorapolis.redact_move(move, 1, 1, False) == move


def test_everything_public_at_game_over() -> None:
    state = game(2, held={0: ["sabotage"]}, renown=[30, 0])
    state = play_cards(state, {0: []})
    from app.games.agorapolis.endgame import start_endgame

    start_endgame(state, "target")
    while state["phase"] == "ENDGAME_TIES":
        state = act(state, 0, agorapolis.timeout_move(state, 0))
    assert agorapolis.view(state, 1)["players"][0]["held"] == [{"card": "sabotage", "holder": 0}]
    check_views(agorapolis, state)


def test_redact_move_hides_secret_moves_of_others_until_the_end() -> None:
    bid = {"type": "exploit_bid", "pay": {"commerce": 3}}
    assert agorapolis.redact_move(bid, 0, 1, False) == {"type": "exploit_bid", "hidden": True}
    assert agorapolis.redact_move(bid, 0, None, False) == {"type": "exploit_bid", "hidden": True}
    assert agorapolis.redact_move(bid, 0, 0, False) == bid
    assert agorapolis.redact_move(bid, 0, 1, True) == bid
    a_bet = {"type": "bet", "sector": "society", "dice": 3}
    assert agorapolis.redact_move(a_bet, 0, 1, False) == {
        "type": "bet",
        "hidden": True,
        "sector": "society",
    }
    for kind in ("play_exploits", "strife_allocate", "strife_resist", "exploit_pick"):
        assert agorapolis.redact_move({"type": kind, "x": 1}, 2, 0, False) == {
            "type": kind,
            "hidden": True,
        }
    public = {"type": "military_attack", "target": 1, "sector": "commerce"}
    assert agorapolis.redact_move(public, 0, 1, False) == public


def test_view_offers_the_best_combination_of_each_rolled_sector() -> None:
    from app.games.agorapolis import apply, legal_moves, setup, to_act, view
    from app.games.agorapolis.resolution import score_seat

    chooser = random.Random(3)
    state = setup(3, {}, seed=11)
    for _ in range(2000):  # play randomly until some seat has dice rolled in a sector
        if any(any(p["dice"][s] for s in p["dice"]) for p in state["players"]):
            break
        seat = sorted(to_act(state))[0]
        state = apply(state, seat, chooser.choice(legal_moves(state, seat)))
    shown = view(state, None)["players"]
    assert any(player["best"] for player in shown)
    for seat, player in enumerate(shown):
        for sector, best in player["best"].items():
            assert (best["combination"], best["gain"]) == score_seat(state, seat, sector)
