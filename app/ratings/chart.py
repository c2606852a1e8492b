"""The rating history as an SVG line chart (coordinates only; the template draws it)."""

from __future__ import annotations

import math
from typing import Any

WIDTH, HEIGHT, PAD = 320, 120, 14


def history_chart(points: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Polyline and dot coordinates in a ``WIDTH`` x ``HEIGHT`` view box, or None if empty.

    The vertical range runs between whole numbers, always includes 0 (a new player's
    rating) and is at least 2 wide, so a small change does not look like a cliff.
    """
    if not points:
        return None
    values = [float(point["rating"]) for point in points]
    low, high = math.floor(min([*values, 0.0])), math.ceil(max([*values, 0.0]))
    if high - low < 2:
        low, high = (high - 2, high) if low < 0 else (low, low + 2)
    span_x = max(1, len(values) - 1)

    def x(index: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * index / span_x, 1)

    def y(value: float) -> float:
        return round(HEIGHT - PAD - (HEIGHT - 2 * PAD) * (value - low) / (high - low), 1)

    dots = [
        {"x": x(i), "y": y(v), "rating": v, "at": point.get("at"), "room": point.get("room")}
        for i, (v, point) in enumerate(zip(values, points, strict=True))
    ]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "polyline": " ".join(f"{dot['x']},{dot['y']}" for dot in dots),
        "dots": dots,
        "zero": y(0.0),
        "low": round(low, 1),
        "high": round(high, 1),
        "first": values[0],
        "last": values[-1],
        "games": len(values) - 1,
    }
