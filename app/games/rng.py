"""A seeded PRNG whose whole state is one JSON string kept inside the game state.

Python's ``random`` only promises a stable ``random()`` sequence across versions, and
stored games must replay identically after an upgrade, so Agora uses its own
generator: SplitMix64 (Steele, Lea & Flood 2014), 64-bit state, integer arithmetic
only. ``randbelow`` uses rejection sampling, so every draw is unbiased.

Usage inside ``apply`` (which works on a copy of the state)::

    rng = Rng.load(state["rng"])
    die = rng.roll(6)
    state["rng"] = rng.dump()
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator; ``dump()``/``load()`` round-trip its state as a hex string."""

    __slots__ = ("_state",)

    def __init__(self, state: int) -> None:
        self._state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for any non-negative integer seed (large seeds are folded in)."""
        folded = 0
        value = abs(seed)
        while True:
            folded ^= value & _MASK
            folded = _mix(folded + _GOLDEN)
            value >>= 64
            if not value:
                break
        return cls(folded)

    @classmethod
    def load(cls, dumped: str) -> Rng:
        return cls(int(dumped, 16))

    def dump(self) -> str:
        return f"{self._state:016x}"

    def next_u64(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK
        return _mix(self._state)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def roll(self, sides: int = 6) -> int:
        """A die roll in ``1..sides``."""
        return self.randbelow(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
