"""The rating history chart's coordinates."""

from __future__ import annotations

from app.ratings.chart import HEIGHT, PAD, WIDTH, history_chart


def test_no_history_no_chart() -> None:
    assert history_chart([]) is None


def test_points_span_the_box_between_whole_numbers_including_zero() -> None:
    chart = history_chart(
        [{"rating": 0.0}, {"rating": -1.8}, {"rating": 2.4, "at": "x", "room": "r"}]
    )
    assert chart is not None
    assert (chart["low"], chart["high"]) == (-2, 3)
    xs = [dot["x"] for dot in chart["dots"]]
    assert xs[0] == PAD and xs[-1] == WIDTH - PAD and xs == sorted(xs)
    ys = [dot["y"] for dot in chart["dots"]]
    assert PAD <= min(ys) and max(ys) <= HEIGHT - PAD and ys[2] < ys[0] < ys[1]
    assert chart["polyline"].count(",") == 3 and chart["games"] == 2
    assert chart["dots"][2]["room"] == "r"


def test_a_flat_history_still_has_a_range() -> None:
    chart = history_chart([{"rating": 0.0}])
    assert chart is not None and chart["high"] - chart["low"] == 2
