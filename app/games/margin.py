"""How far one seat is ahead: the one comparison every bot and rollout hook makes."""

from __future__ import annotations

from collections.abc import Sequence


def margin(values: Sequence[float], seat: int) -> float:
    """How far ``seat`` is ahead of the best other entry (negative when behind); a lone
    seat's own value (solo Akropolis lists the Architect as a second entry)."""
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - max(others) if others else values[seat]
