"""Any JSON thrown at ``apply`` is either accepted or refused with a RulesError."""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games import agorapolis
from app.games.interface import RulesError

# Field names that occur in real moves, so random payloads reach deep into apply.
MOVE_KEYS = [
    "card", "sector", "dice", "die", "delta", "target", "player", "then", "count", "amount",
    "from", "to", "gain", "pay", "take", "cards", "assign", "destroy", "protect", "immune_to",
    "market", "market_die", "value", "target_die", "unbet",
]  # fmt: skip


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 20)
    | st.sampled_from(
        ["agriculture", "military", "colony", "common", "sabotage", "heroic_year", "x"]
    ),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(MOVE_KEYS),
            children,
            max_size=4,
        )
    ),
    max_leaves=10,
)


def _states() -> list[dict[str, Any]]:
    """A sample of states from every phase reached by a few random games."""
    found: dict[str, dict[str, Any]] = {}
    for seed in range(8):
        chooser = random.Random(seed)
        state = agorapolis.setup(2 + seed % 5, {}, seed)
        while agorapolis.to_act(state):
            found.setdefault(state["phase"], state)
            seat = chooser.choice(sorted(agorapolis.to_act(state)))
            state = agorapolis.apply(
                state, seat, chooser.choice(agorapolis.legal_moves(state, seat))
            )
    return list(found.values())


STATES = _states()
TYPES = sorted(
    {
        "play_exploits",
        "league_immunity",
        "heroic_distribute",
        "strife_allocate",
        "strife_resist",
        "bet",
        "delphi_rebet",
        "delphi_pass",
        "olympic_sacrifice",
        "designate_next",
        "society_adjust",
        "commerce_swap",
        "religion_reroll",
        "military_attack",
        "resist",
        "agriculture_convert",
        "athens_set",
        "syracuse_swap",
        "phidias_reroll",
        "benefactor_convert",
        "glorious_tales",
        "finalise",
        "designate_sector_winner",
        "exploit_bid",
        "designate_exploit_winner",
        "exploit_pick",
        "designate_majority",
        "nonsense",
    }
)


@settings(
    max_examples=int(os.environ.get("AGORAPOLIS_ROBUST_EXAMPLES", "300")),
    suppress_health_check=[HealthCheck.too_slow],
    deadline=None,
)
@given(
    st.integers(0, 10_000),
    st.sampled_from(TYPES),
    st.dictionaries(
        st.sampled_from(MOVE_KEYS[:-1]),
        json_values,
        max_size=4,
    ),
)
def test_random_moves_never_crash(pick: int, kind: str, fields: dict[str, Any]) -> None:
    state = STATES[pick % len(STATES)]
    seats = sorted(agorapolis.to_act(state)) or [0]
    seat = seats[pick % len(seats)]
    move = {"type": kind, **fields}
    try:
        agorapolis.apply(state, seat, move)
    except RulesError:
        pass


def test_non_dict_moves_are_malformed() -> None:
    state = STATES[0]
    seat = sorted(agorapolis.to_act(state))[0]
    move: object
    for move in (None, [], "bet", 3, {"type": 3}):
        try:
            agorapolis.apply(state, seat, move)  # type: ignore[arg-type]
        except RulesError as error:
            assert error.code == "malformed_move"
        else:
            raise AssertionError("accepted a malformed move")
