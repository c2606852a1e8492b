"""A move being applied: the new state, copied on write, its events and its card draws."""

from __future__ import annotations

from typing import Any

from app.games.attika.components import TYPES
from app.games.interface import State
from app.games.rng import Rng

LOG_SIZE = 40


class Tx:
    """A move being applied: the new state, copied on write, and its events."""

    def __init__(self, state: State, seat: int) -> None:
        self.new: State = dict(state)
        self.turn: dict[str, Any] = dict(state["turn"])
        self.new["turn"] = self.turn
        self.new["players"] = list(state["players"])
        self.player: dict[str, Any] = dict(state["players"][seat])
        self.new["players"][seat] = self.player
        self.seat = seat
        self.events: list[dict[str, Any]] = []
        self._rng: Rng | None = None

    def event(self, kind: str, **data: Any) -> None:
        self.events.append({"kind": kind, "seat": self.seat, **data})

    def rng(self) -> Rng:
        if self._rng is None:
            self._rng = Rng.load(self.new["rng"])
        return self._rng

    def draw_cards(self, count: int) -> int:
        """Draw up to ``count`` cards into the mover's hand; an empty deck is refilled from
        the shuffled discard pile, and with both empty nothing comes (D16)."""
        drawn = 0
        hand = list(self.player["hand"])
        deck = self.new["deck"]
        copied = False
        for _ in range(count):
            if not deck:
                discard = self.new["discard"]
                if not sum(discard):
                    break
                deck = [code for code, n in enumerate(discard) for _ in range(n)]
                self.rng().shuffle(deck)
                self.new["discard"] = [0] * len(TYPES)
                copied = True
                self.events.append({"kind": "reshuffle", "seat": None, "cards": len(deck)})
            if not copied:
                deck = list(deck)
                copied = True
            hand[deck.pop()] += 1
            drawn += 1
        self.new["deck"] = deck
        self.player["hand"] = hand
        return drawn

    def finish(self) -> State:
        new = self.new
        new["moves"] += 1
        if self._rng is not None:
            new["rng"] = self._rng.dump()
        if self.events:
            for event in self.events:
                event["n"] = new["moves"]
            new["log"] = (new["log"] + self.events)[-LOG_SIZE:]
        return new
