"""Clocks as planned with each version: charged, credited once, never negative, per seat."""

from __future__ import annotations

from typing import Any

from app.games import race
from app.games.interface import JsonDict
from app.rooms.clock import RECLAIM_SECONDS, clock_view, expired_seats, plan

LIVE = {"clock": "live", "clock_bank_seconds": 60, "clock_increment_seconds": 5}


class Simultaneous:
    """A stand-in game where every seat listed in the state acts at once."""

    @staticmethod
    def to_act(state: Any) -> set[int]:
        return set(state["acting"])


def plan_at(
    now: float,
    state: Any,
    previous: JsonDict | None,
    *,
    version: int,
    mover: int | None = None,
    options: JsonDict = LIVE,
    game: Any = race,
    bots: set[int] | None = None,
) -> tuple[JsonDict, float | None]:
    timers, at = plan(
        game=game, state=state, status="playing", version=version, options=options,
        seat_count=2, bots=bots or set(), previous=previous, now=now, bot_delay=0.5,
        reaction_default=30.0, mover=mover,
    )  # fmt: skip
    assert timers is not None
    return timers, at


def race_state(turn: int) -> JsonDict:
    return {"turn": turn, "winner": None, "turn_ms": 0}


def test_the_mover_is_charged_and_credited_once_and_the_other_starts() -> None:
    timers, at = plan_at(1000.0, race_state(0), None, version=1)
    assert timers["clock"]["since"] == [1000.0, None] and at == 1060.0
    timers, at = plan_at(1012.0, race_state(1), timers, version=2, mover=0)
    assert timers["clock"]["remaining"] == [53.0, 60.0]  # 60 - 12 + 5, once
    assert timers["clock"]["since"] == [None, 1012.0] and at == 1072.0
    # Planning the same version again (a seat change) credits nothing more.
    again, _ = plan_at(1013.0, race_state(1), timers, version=2)
    assert again["clock"] == timers["clock"]


def test_clocks_never_go_negative_and_expire() -> None:
    timers, _ = plan_at(0.0, race_state(0), None, version=1)
    assert expired_seats(timers, 59.9) == [] and expired_seats(timers, 60.0) == [0]
    late, _ = plan_at(500.0, race_state(1), timers, version=2, mover=0)
    assert late["clock"]["remaining"][0] == 5.0  # 0 + the increment, not -435
    view = clock_view(late, LIVE)
    assert view is not None and all(seat["remaining"] >= 0 for seat in view["seats"])
    assert view["seats"][1]["running"] and view["seats"][1]["expires_at"] == 560.0


def test_simultaneous_phases_run_every_acting_seat() -> None:
    game = Simultaneous()
    timers, at = plan_at(0.0, {"acting": [0, 1]}, None, version=1, game=game)
    assert timers["clock"]["since"] == [0.0, 0.0] and at == 60.0
    timers, at = plan_at(10.0, {"acting": [1]}, timers, version=2, mover=0, game=game)
    assert timers["clock"]["remaining"] == [55.0, 60.0]
    assert timers["clock"]["since"] == [None, 0.0] and at == 60.0  # seat 1 still runs


def test_turn_based_allowance_restarts_each_turn() -> None:
    options = {"clock": "turn", "clock_turn_hours": 2}
    timers, at = plan_at(0.0, race_state(0), None, version=1, options=options)
    assert at == 7200.0
    timers, at = plan_at(100.0, race_state(1), timers, version=2, mover=0, options=options)
    timers, at = plan_at(200.0, race_state(0), timers, version=3, mover=1, options=options)
    assert timers["clock"]["remaining"][0] == 7200.0 and at == 7400.0


def test_bots_run_no_clock_and_a_reclaimed_seat_gets_some_time() -> None:
    timers, _ = plan_at(0.0, race_state(0), None, version=1)
    out, at = plan_at(61.0, race_state(0), timers, version=1, bots={0})  # timed out: a bot
    assert out["clock"]["remaining"][0] == 0 and out["clock"]["since"] == [None, None]
    assert out["bot_at"] == at == 61.5
    back, at = plan_at(62.0, race_state(0), out, version=1)  # the player reclaims
    assert back["clock"]["remaining"][0] == RECLAIM_SECONDS and at == 62.0 + RECLAIM_SECONDS


def test_untimed_rooms_have_no_clock() -> None:
    timers, at = plan_at(0.0, race_state(0), None, version=1, options={"clock": "none"})
    assert timers["clock"] is None and at is None and clock_view(timers, {}) is None
