"""bench/soak.py's verdicts from recorded events, and its clients' pure helpers (no processes)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))  # scripts import by name

from soak_accounting import (  # noqa: E402
    Ack,
    Fault,
    Refusal,
    SocketEnd,
    StallTracker,
    behind_sockets,
    check_moves,
    committers,
    likely_cause,
    table,
)
from soak_clients import apply_patch, pick  # noqa: E402
from soak_slots import GAMES, make_plans  # noqa: E402


def ack(room: str, move_id: str, version: int) -> Ack:
    return Ack(room, "u1", move_id, version, at=1.0)


def test_an_acked_move_must_be_logged_at_the_version_its_ack_named() -> None:
    acks = [ack("r1", "m1", 5), ack("r1", "m2", 7), ack("r2", "m1", 3)]
    # The server stores "user:id"; seq is the version before the move.
    logged = {("r1", "u1:m1"): 4, ("r1", "u1:m2"): 9}
    check = check_moves(acks, [], logged)
    assert [(a.room_id, a.move_id) for a in check.lost] == [("r2", "m1")]
    assert [(a.move_id, seq) for a, seq in check.misplaced] == [("m2", 9)]
    assert check_moves([ack("r1", "m1", 5)], [], logged).lost == []


def test_a_refused_move_found_in_the_log_is_reported() -> None:
    refusals = [Refusal("r1", "u1", "m3", "not_your_turn", 2.0),
                Refusal("r1", "u1", "m4", "illegal_move", 2.0)]  # fmt: skip
    check = check_moves([], refusals, {("r1", "u1:m3"): 8})
    assert [r.move_id for r in check.refused_but_logged] == ["m3"]


def test_a_refused_move_acked_on_its_resend_was_played_not_refused() -> None:
    # Sent at v7 and refused as stale, resent after a snapshot without its version: played.
    refusal = Refusal("r1", "u1", "m5", "stale_version", 3.0)
    check = check_moves([ack("r1", "m5", 9)], [refusal], {("r1", "u1:m5"): 8})
    assert check.refused_then_acked == [refusal]
    assert check.refused_but_logged == [] and check.lost == []


def test_which_process_committed_a_version_from_the_app_logs() -> None:
    logs = {
        "app-0": [
            '{"ts":"2026-11-28T13:15:44.038+00:00","level":"info","logger":"app.rooms.play",'
            '"msg":"move","room":"r1","seat":1,"move_id":"bot-6-1","version":7,"bot":true}',
            "Traceback (most recent call last):",  # a bot worker's stray output
        ],
        "app-1": [
            '{"ts":"2026-11-28T13:15:45.100+00:00","level":"info","logger":"app.rooms.play",'
            '"msg":"move","room":"r1","seat":0,"move_id":"u1:m4","version":8,"bot":false}',
        ],
    }
    found = committers(logs, {("r1", 7), ("r1", 8), ("r2", 3)})
    assert found == {
        ("r1", 7): "v7 committed by app-0 at 13:15:44.038 (a bot's move)",
        ("r1", 8): "v8 committed by app-1 at 13:15:45.100 (u1:m4)",
    }


def test_a_room_stuck_while_someone_could_act_is_one_stall_until_its_version_moves() -> None:
    tracker = StallTracker(threshold=10.0)
    tracker.observe("r1", 0.0, 4, "playing")
    tracker.observe("r1", 9.0, 4, "playing")
    assert tracker.suspects(9.0) == []  # not yet over the threshold
    assert tracker.suspects(11.0) == ["r1"]
    assert tracker.waiting("r1", 11.0, []) is None  # waiting on nobody: not a stall
    stall = tracker.waiting("r1", 12.0, ["bot hard in seat 1"])
    assert stall is not None and stall.since == 0.0 and stall.version == 4
    assert tracker.suspects(13.0) == []  # one stall per (room, version)
    assert tracker.waiting("r1", 14.0, ["bot hard in seat 1"]) is None
    tracker.observe("r1", 31.0, 5, "playing")  # the lease ran out, the bot moved
    assert stall.until == 31.0 and stall.seconds(end=99.0) == 31.0
    assert tracker.suspects(35.0) == []  # the new version starts its own count
    assert tracker.stalled_rooms() == {"r1"}


def test_rooms_that_moved_or_are_not_playing_are_never_stalls() -> None:
    tracker = StallTracker(threshold=10.0)
    for t in range(0, 30, 2):  # a room that moves every 2 s
        tracker.observe("busy", float(t), t, "playing")
    tracker.observe("done", 0.0, 40, "finished")
    tracker.observe("done", 30.0, 40, "finished")
    assert tracker.suspects(30.0) == []
    assert tracker.waiting("done", 30.0, ["seat 0"]) is None
    assert tracker.stalls == []


def test_a_stall_still_open_at_the_end_counts_to_the_end() -> None:
    tracker = StallTracker(threshold=10.0)
    tracker.observe("r1", 5.0, 2, "playing")
    stall = tracker.waiting("r1", 20.0, ["seat 1 on app-0"])
    assert stall is not None and stall.until is None and stall.seconds(end=65.0) == 60.0
    tracker.forget("r1", 70.0)  # its slot moved on: the stall ends there
    assert stall.until == 70.0


def test_sockets_behind_and_unconnected_after_the_settle() -> None:
    ends = [
        SocketEnd("r1", "seat 0", 0, 12, True),
        SocketEnd("r1", "seat 1", 1, 11, True),  # the process missed the last patch
        SocketEnd("r1", "spectator", None, 11, False),
        SocketEnd("r2", "seat 0", 1, 3, True),
    ]
    behind, unconnected = behind_sockets(ends, {"r1": 12, "r2": 3})
    assert [(e.who, version) for e, version in behind] == [("seat 1", 12)]
    assert [e.who for e in unconnected] == ["spectator"]


def test_the_likely_cause_of_a_stall_is_the_fault_nearest_its_start() -> None:
    tracker = StallTracker(threshold=10.0)
    tracker.observe("r1", 100.0, 7, "playing")
    stall = tracker.waiting("r1", 111.0, ["bot"])
    assert stall is not None
    faults = [
        Fault(50.0, "redis", "redis", 2.0),
        Fault(101.5, "kill", "app-1", 5.0),
        Fault(95.0, "pause", "app-0", 3.0),
        Fault(120.0, "postgres", "postgres", 1.0),
    ]
    cause = likely_cause(stall, faults)
    assert cause is not None and cause.kind == "kill"
    assert likely_cause(stall, [faults[0], faults[3]]) is None


def test_patches_apply_like_the_server_makes_them() -> None:
    view = {"to_act": [0], "game": {"cells": [1, 2], "a/b": 1}, "result": None}
    view = apply_patch(view, [
        {"op": "replace", "path": "/to_act/0", "value": 1},
        {"op": "add", "path": "/game/cells/-", "value": 3},
        {"op": "remove", "path": "/game/cells/0"},
        {"op": "replace", "path": "/game/a~1b", "value": 2},
        {"op": "add", "path": "/game/new", "value": {"x": 1}},
    ])  # fmt: skip
    assert view == {"to_act": [1], "game": {"cells": [2, 3], "a/b": 2, "new": {"x": 1}},
                    "result": None}  # fmt: skip
    assert apply_patch(view, [{"op": "replace", "path": "", "value": {"v": 1}}]) == {"v": 1}


def test_a_random_legal_move_from_either_form() -> None:
    rng = random.Random(3)
    assert pick({"version": 2, "moves": [{"add": 1}]}, rng) == {"add": 1}
    assert pick({"version": 2, "moves": []}, rng) is None
    compact = {"keys": ["q", "r"], "rows": [[0, 1], [2, 3]], "each": {"tile": [7]}}
    move = pick({"version": 2, "compact": compact}, rng)
    assert move in ({"q": 0, "r": 1, "tile": 7}, {"q": 2, "r": 3, "tile": 7})


def test_plans_cover_the_four_games_with_a_person_at_every_table() -> None:
    weights = {"random": 4.0, "easy": 3.0, "medium": 2.0, "hard": 1.0}
    plans = make_plans(200, random.Random(1), 0.3, weights)
    assert plans == make_plans(200, random.Random(1), 0.3, weights)  # the seed's
    assert {plan.game for plan in plans} == set(GAMES)
    for plan in plans:
        low, high = GAMES[plan.game]
        assert low <= plan.seats <= high and plan.humans >= 1
        assert plan.humans + len(plan.bots) == plan.seats
    assert any("hard" in plan.bots for plan in plans)
    assert 0.15 < sum(1 for plan in plans if plan.bots) / len(plans) < 0.35


def test_the_figures_table() -> None:
    assert table([("lost", 0), ("stalled rooms", 2)]).splitlines() == [
        "| figure        | value |",
        "|---------------|------:|",
        "| lost          | 0 |",
        "| stalled rooms | 2 |",
    ]
