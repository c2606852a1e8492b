"""Determinised Monte Carlo search over the game interface, from one seat's information.

One move is chosen in two stages, both on states drawn by the game's ``sample`` hook (so
the search never reads what the seat cannot see):

1. **Ordering.** On one sampled state every legal move is applied and scored with
   ``evaluate`` (the seat's margin over the best other seat); the best ``width`` moves
   are kept. With ``width`` 1 this is the whole bot (the easy level).
2. **Simulation.** Each iteration draws a fresh sample, picks a candidate with UCB1,
   applies it, lets every seat play on with the game's rollout policy until the searching
   seat has made ``horizon`` more moves, at least ``plies`` moves were played and the game
   says the state is ``quiet`` (or the game ends), and scores the outcome with
   ``evaluate`` (or the result). The candidate with the best mean margin is played.

Determinised ("perfect-information Monte Carlo") search averages over samples of the
hidden information; it was measured against a tree search over information sets in
``docs/bots.md``: with Python-speed rules and thousands of moves per turn, a few hundred
simulations spent on the root candidates win more games than spreading them over a tree.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from app.bots.hooks import GameAdapter
from app.bots.levels import Level
from app.games.interface import Move, RulesError, State
from app.games.margin import margin
from app.games.rng import Rng

#: a simulation stops after this many plies even if the game goes on (runaway games)
MAX_PLIES = 4000
#: with a ``move_group`` hook, every group keeps up to ``width // GROUP_SHARE`` of its best
#: moves among the candidates (hard: 3 of 16; medium and easy, narrower, as before)
GROUP_SHARE = 5
#: the ordering looks at the clock every this many moves: an Akrotiri move was applied and
#: scored in ~10 ms, and checking every 32 let the slowest hard move run 0.3 s past its
#: budget, to 2.08 s of CPU (a clock read is ~1 µs; since the packed plan proofs a move
#: costs ~0.3 ms there, ``bench/akrotiri_bot_cpu.py``)
_CHECK_EVERY = 4


class Budget:
    """When to stop: an iteration cap, a CPU-time budget and a wall-clock deadline.

    ``seconds`` is CPU time of this process (``time.process_time``); ``deadline`` is a
    ``time.monotonic()`` instant. ``None`` disables a limit; a budget with no time
    limits is deterministic.
    """

    def __init__(
        self, iterations: int, seconds: float | None = None, deadline: float | None = None
    ) -> None:
        self.iterations = iterations
        self._cpu_end = None if seconds is None else time.process_time() + seconds
        self._deadline = deadline
        self.timed_out = False

    @property
    def timed(self) -> bool:
        return self._cpu_end is not None or self._deadline is not None

    def out_of_time(self) -> bool:
        if (self._cpu_end is not None and time.process_time() >= self._cpu_end) or (
            self._deadline is not None and time.monotonic() >= self._deadline
        ):
            self.timed_out = True
        return self.timed_out


@dataclass
class Candidate:
    move: Move
    prior: float
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else self.prior


def value_of(adapter: GameAdapter, state: State, seat: int) -> float:
    values = adapter.evaluate(state)
    return 0.0 if values is None else margin(values, seat)


def order_moves(
    adapter: GameAdapter,
    state: State,
    seat: int,
    moves: Sequence[Move],
    rng: Rng,
    budget: Budget,
) -> list[Candidate]:
    """Every move scored one ply deep on one sample, best first (stable on ties)."""
    sampled = adapter.sample(state, seat, rng)
    scored: list[tuple[float, int]] = []
    for index, move in enumerate(moves):
        if budget.timed and index % _CHECK_EVERY == _CHECK_EVERY - 1 and budget.out_of_time():
            break
        try:
            after = adapter.apply(sampled, seat, move)
        except RulesError:
            continue
        scored.append((value_of(adapter, after, seat), index))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [Candidate(moves[index], value) for value, index in scored]


def spread(adapter: GameAdapter, ordered: list[Candidate], width: int) -> list[Candidate]:
    """The ``width`` candidates to simulate, best first. Without a ``move_group`` hook
    (or if ``width`` < :data:`GROUP_SHARE`): the best ``width``. With one, every group
    (Akropolis: the site tile taken) keeps its best ``width // GROUP_SHARE`` moves and
    the best others fill the width.
    The one-move ordering on a single sample decides placements well but not which tile
    to take: there the 16 best moves were placements of a single tile in 31 positions of
    39 (medium-bot games), so the simulations never weighed taking another one."""
    group = adapter.group
    share = width // GROUP_SHARE
    if group is None or not share:
        return ordered[:width]
    per_group: dict[object, int] = {}
    chosen: list[int] = []
    for index, candidate in enumerate(ordered):
        name = group(candidate.move)
        if per_group.get(name, 0) < share:
            per_group[name] = per_group.get(name, 0) + 1
            chosen.append(index)
    kept = set(chosen[:width])
    for index in range(len(ordered)):
        if len(kept) >= width:
            break
        kept.add(index)
    return [ordered[index] for index in sorted(kept)]


def rollout(
    adapter: GameAdapter,
    state: State,
    seat: int,
    horizon: int | None,
    rng: Rng,
    plies: int = 0,
) -> State:
    """Play on with the rollout policy until ``seat`` has made ``horizon`` more moves,
    at least ``plies`` moves were played in all and the state is quiet (``None``: to the
    end), or the game ends."""
    own = played = 0
    for _ in range(MAX_PLIES):
        acting = adapter.to_act(state)
        if not acting:
            return state
        if horizon is not None and own >= horizon and played >= plies and adapter.quiet(state):
            return state
        actor = min(acting)
        if actor == seat:
            own += 1
        played += 1
        state = adapter.apply(state, actor, adapter.rollout_move(state, actor, rng))
    return state


def simulate(
    adapter: GameAdapter,
    state: State,
    seat: int,
    candidates: list[Candidate],
    level: Level,
    rng: Rng,
    budget: Budget,
) -> Candidate:
    """UCB1 over the candidates, one fresh sample per iteration; the best mean wins."""
    horizon = level.horizon if adapter.has_evaluate else None
    low = min(c.prior for c in candidates)
    high = max(c.prior for c in candidates)
    done = 0
    cap = min(budget.iterations, level.per_candidate * len(candidates))
    while done < cap and not (budget.timed and budget.out_of_time()):
        done += 1
        pick = _select(candidates, done, high - low)
        sampled = adapter.sample(state, seat, rng)
        try:
            after = adapter.apply(sampled, seat, pick.move)
            outcome = value_of(
                adapter, rollout(adapter, after, seat, horizon, rng, level.plies), seat
            )
        except RulesError:  # a sample the move does not fit: count it as very bad
            outcome = low - (high - low) - 1.0
        pick.visits += 1
        pick.total += outcome
        low, high = min(low, outcome), max(high, outcome)
    return max(candidates, key=lambda c: (c.visits > 0, c.mean))


def _select(candidates: list[Candidate], done: int, spread: float) -> Candidate:
    for candidate in candidates:
        if not candidate.visits:
            return candidate
    scale = max(spread, 1e-9) * 0.7
    log_n = math.log(done)
    return max(candidates, key=lambda c: c.mean + scale * math.sqrt(log_n / c.visits))


def _subset(n: int, k: int, rng: Rng) -> list[int]:
    """``k`` distinct indices of ``range(n)`` drawn at random (partial Fisher–Yates)."""
    pool = list(range(n))
    for i in range(k):
        j = i + rng.randbelow(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def search(
    adapter: GameAdapter,
    state: State,
    seat: int,
    moves: Sequence[Move],
    level: Level,
    rng: Rng,
    budget: Budget,
) -> Move:
    """The move the search prefers among ``moves`` (the seat's legal moves now)."""
    candidates: list[Candidate]
    if len(moves) > level.max_moves:
        picked = sorted(_subset(len(moves), level.max_moves, rng))
        moves = [moves[i] for i in picked]
    if adapter.has_evaluate:
        candidates = spread(
            adapter, order_moves(adapter, state, seat, moves, rng, budget), level.width
        )
    else:
        candidates = [Candidate(move, 0.0) for move in moves]
    if not candidates:
        return moves[0]
    if len(candidates) == 1 or budget.iterations <= 0:
        return candidates[0].move
    return simulate(adapter, state, seat, candidates, level, rng, budget).move
