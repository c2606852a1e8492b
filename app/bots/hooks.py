"""The game interface as the bots see it: the six functions plus the optional bot hooks.

Everything a bot learns about a game goes through here, and every state it simulates
from comes out of :func:`sample`, so a bot never reads what its seat may not see.
Missing hooks get safe defaults:

- ``sample``: a game without it and without hidden information (no ``secrets`` hook)
  is sampled as itself; a game that has secrets but no ``sample`` cannot be searched,
  and :func:`can_search` says so (the bots then play without looking at the state);
- ``final_values``: a finished game scores by ``result()["scores"]``;
- ``evaluate``: terminal states score by ``final_values``; without the hook other
  states have no estimate (``None``) and simulations play on to the end of the game;
- ``rollout_move``: a uniformly random legal move;
- ``score``: ``evaluate``;
- ``quiet``: every state is quiet;
- ``bot_moves``: every legal move;
- ``move_group``: none (the search keeps the best moves whatever they share).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from app.games.interface import Game, Move, State
from app.games.rng import Rng

SampleHook = Callable[[State, int, Rng], State]
EvaluateHook = Callable[[State], list[float]]
RolloutHook = Callable[[State, int, Rng], Move]
QuietHook = Callable[[State], bool]
MovesHook = Callable[[State, int, Sequence[Move]], Sequence[Move]]
GroupHook = Callable[[Move], object]


class GameAdapter:
    """A game module with its optional bot hooks resolved once."""

    __slots__ = (
        "_evaluate", "_final", "_moves", "_quiet", "_rollout", "_sample", "_score", "game",
        "group", "has_secrets",
    )  # fmt: skip

    def __init__(self, game: Game) -> None:
        self.game = game
        self._sample = cast(SampleHook | None, getattr(game, "sample", None))
        self._evaluate = cast(EvaluateHook | None, getattr(game, "evaluate", None))
        self._final = cast(EvaluateHook | None, getattr(game, "final_values", None))
        self._rollout = cast(RolloutHook | None, getattr(game, "rollout_move", None))
        self._score = cast(EvaluateHook | None, getattr(game, "score", None))
        self._quiet = cast(QuietHook | None, getattr(game, "quiet", None))
        self._moves = cast(MovesHook | None, getattr(game, "bot_moves", None))
        self.has_secrets = getattr(game, "secrets", None) is not None
        #: the move's strategic choice (Akropolis: the site tile), so that the search's
        #: candidates cover every choice and not only the best one's variants
        self.group = cast(GroupHook | None, getattr(game, "move_group", None))

    @property
    def can_search(self) -> bool:
        """True if the bot may simulate this game from a seat's information."""
        return self._sample is not None or not self.has_secrets

    @property
    def has_evaluate(self) -> bool:
        return self._evaluate is not None

    def sample(self, state: State, seat: int, rng: Rng) -> State:
        if self._sample is not None:
            return self._sample(state, seat, rng)
        if self.has_secrets:
            raise RuntimeError(f"{self.game.INFO.id} has hidden information but no sample hook")
        return state

    def to_act(self, state: State) -> set[int]:
        return self.game.to_act(state)

    def legal_moves(self, state: State, seat: int) -> Sequence[Move]:
        return self.game.legal_moves(state, seat)

    def bot_moves(self, state: State, seat: int) -> Sequence[Move]:
        """The legal moves a bot chooses among (the game may drop some, never all)."""
        moves = self.game.legal_moves(state, seat)
        if self._moves is None or not moves:
            return moves
        return self._moves(state, seat, moves) or moves

    def apply(self, state: State, seat: int, move: Move) -> State:
        return self.game.apply(state, seat, move)

    def terminal_scores(self, state: State) -> list[float] | None:
        """What a finished game is worth to each seat (None while it runs)."""
        result = self.game.result(state)
        if result is None:
            return None
        if self._final is not None:
            return self._final(state)
        return [float(x) for x in result["scores"]]

    def evaluate(self, state: State) -> list[float] | None:
        """Per-seat estimate (exact scores at the end; None if the game has no estimate)."""
        final = self.terminal_scores(state)
        if final is not None:
            return final
        if self._evaluate is not None:
            return self._evaluate(state)
        return None

    def score(self, state: State) -> list[float] | None:
        """Live score (the greedy baseline's objective), else the estimate."""
        final = self.terminal_scores(state)
        if final is not None:
            return final
        if self._score is not None:
            return self._score(state)
        return self.evaluate(state)

    def quiet(self, state: State) -> bool:
        """May a simulation stop here and trust ``evaluate``?"""
        return self._quiet is None or self._quiet(state)

    def rollout_move(self, state: State, seat: int, rng: Rng) -> Move:
        if self._rollout is not None:
            return self._rollout(state, seat, rng)
        return rng.choice(list(self.game.legal_moves(state, seat)))
