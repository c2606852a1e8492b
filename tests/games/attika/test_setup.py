"""The initial state (§2.4, §3, D2, D21, D22)."""

from __future__ import annotations

import pytest

from app.games import attika
from app.games.attika.components import LAYOUTS, MAIN_BUILDINGS, OTHER_BUILDINGS, START_CARDS
from app.games.interface import InvalidOptions
from tests.games.attika.invariants import check_invariants


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup(seats: int) -> None:
    state = attika.setup(seats, {}, 11)
    check_invariants(state)
    layout = LAYOUTS[seats]
    assert [p[1:3] for p in state["pieces"]] == [list(a) for a in layout.anchors]
    assert all(0 <= p[3] <= 5 for p in state["pieces"])
    assert len(state["piece_deck"]) == 22 - 2 * seats
    assert state["shrines"] == [[q, r] for _, q, r in layout.shrines]
    assert state["occ"] == [-1] * 7 * 2 * seats
    start = state["start"]
    assert state["turn"]["seat"] == start and state["turn"]["phase"] == "actions"
    for seat, player in enumerate(state["players"]):
        assert sum(player["hand"]) == START_CARDS[(seat - start) % seats]
        assert [len(s) for s in player["stacks"]] == [5, 7, 7, 7]
        reserve = player["reserve"]
        assert len(reserve) == 4 and reserve[0] in MAIN_BUILDINGS
        assert all(b in OTHER_BUILDINGS for b in reserve[1:])
        assert set(player["stacks"][0]) | {reserve[0]} == set(MAIN_BUILDINGS)
        assert player["amphorae"] == 0
    assert state["amphorae"] == 15
    assert len(state["deck"]) == 60 - sum(START_CARDS[:seats])


def test_setup_is_seeded() -> None:
    assert attika.setup(3, {}, 5) == attika.setup(3, {}, 5)
    starts = {attika.setup(4, {}, seed)["start"] for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    rotations = {p[3] for seed in range(10) for p in attika.setup(2, {}, seed)["pieces"]}
    assert rotations == set(range(6))


@pytest.mark.parametrize("seats", [1, 5])
def test_seat_range(seats: int) -> None:
    with pytest.raises(InvalidOptions):
        attika.setup(seats, {}, 0)


def test_unknown_option_refused() -> None:
    with pytest.raises(InvalidOptions):
        attika.setup(2, {"fast": True}, 0)
