"""Who sits with whom in a tournament round, and the points a place at a table is worth.

Pure and deterministic: no I/O, no clock, no randomness; the same entrants, points and
history give the same round (so a round can be recomputed, and tests can state exactly
what they expect). Entrants are any hashable ids, given in seed order (the order they
joined): seed order breaks every tie.

Points by place at a table of ``n`` seats: place ``r`` (1 = first) is worth
``(n - r) / (n - 1)``; seats tied share the points of the places they cover (two seats
tied for first at a 4-seat table get ``(1 + 2/3) / 2`` each). So at 2 seats a win is 1,
a draw 0.5, a loss 0; a table always hands out ``n / 2`` points, an average of 0.5 a
seat, which is what a bye is worth (:data:`BYE_POINTS`).

Swiss: each round the entrants are ordered by points (then seed); tables are filled top
down, the best-placed free entrant with the next ones in that order, skipping anyone
already met. A bounded search backtracks to avoid every repeat meeting when that is
possible, else allows as few repeats in the round as it finds. When the field does not divide
into tables, the entrants left over get a bye: those with the fewest byes so far, then the
lowest-placed (so nobody gets a second bye while another has none).

Round robin: at 2 seats the circle method (every pair meets exactly once in ``n - 1``
rounds, ``n`` when odd, one bye a round). At more seats there is no perfect schedule for
most field sizes; each round is grouped by the same search with the number of earlier
meetings as the cost (fewest repeats first), until every pair has met.

Why no library: networkx's blossom matching (``max_weight_matching``) solves the 2-seat
swiss pairing only; tables of 3 to 6 seats are a hypergraph grouping no well-kept library
covers, and a bounded search handles both at the sizes tournaments have (tens of
entrants) in one code path without a new dependency.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final, Generic, TypeVar

E = TypeVar("E", bound=Hashable)

BYE_POINTS: Final = 0.5  # the average points of a seat at any table
SEARCH_BUDGET: Final = 20_000  # table candidates tried per repeat allowance
GREEDY_WINDOW: Final = 3  # the fallback looks at this many tables' worth of entrants


@dataclass(frozen=True)
class Round(Generic[E]):
    """One round: tables (entrants in seat order) and the entrants with a bye."""

    tables: list[tuple[E, ...]]
    byes: list[E] = field(default_factory=list)


def place_points(groups: Sequence[Sequence[int]], seats: int) -> list[float]:
    """Each seat's points from a ranking (groups of seats, best first; a group shares
    its places). Seats missing from the ranking share the last places."""
    points = [0.0] * seats
    if seats < 2:
        return [1.0] * seats
    ranked: list[list[int]] = [[s for s in group if 0 <= s < seats] for group in groups]
    seen = {seat for group in ranked for seat in group}
    ranked.append([seat for seat in range(seats) if seat not in seen])
    place = 1
    for group in ranked:
        if not group:
            continue
        covered = range(place, place + len(group))
        share = sum((seats - r) / (seats - 1) for r in covered) / len(group)
        for seat in group:
            points[seat] = share
        place += len(group)
    return points


class Meetings(Generic[E]):
    """How many times each pair of entrants has sat at one table."""

    def __init__(self, tables: Iterable[Sequence[E]] = ()) -> None:
        self.counts: dict[frozenset[E], int] = {}
        for table in tables:
            self.add(table)

    def add(self, table: Sequence[E]) -> None:
        for a, b in combinations(table, 2):
            key = frozenset((a, b))
            self.counts[key] = self.counts.get(key, 0) + 1

    def count(self, a: E, b: E) -> int:
        return self.counts.get(frozenset((a, b)), 0)

    def table_cost(self, table: Sequence[E]) -> int:
        return sum(self.count(a, b) for a, b in combinations(table, 2))

    def all_met(self, entrants: Sequence[E]) -> bool:
        return all(self.count(a, b) for a, b in combinations(entrants, 2))


def choose_byes(order: Sequence[E], count: int, byes: Mapping[E, int]) -> list[E]:
    """``count`` entrants to sit out: fewest byes so far, then last in ``order``."""
    if count <= 0:
        return []
    last_first = list(reversed(order))
    ranked = sorted(range(len(last_first)), key=lambda i: (byes.get(last_first[i], 0), i))
    return [last_first[i] for i in ranked[:count]]


def group_tables(
    order: Sequence[E], seats: int, cost: Callable[[Sequence[E]], int]
) -> list[tuple[E, ...]]:
    """``order`` (a multiple of ``seats`` long) cut into tables, each entrant with the next
    ones in order where that costs nothing, else at the lowest cost a table found."""
    if len(order) % seats:
        raise ValueError("the entrants do not fill whole tables")
    allowance = 0
    ceiling = seats * (seats - 1) // 2 * len(order)
    while allowance <= ceiling:
        found = _search(list(order), seats, cost, allowance, [SEARCH_BUDGET])
        if found is not None:
            return found
        allowance = allowance + 1 if allowance < 4 else allowance * 2
    return _greedy(list(order), seats, cost)


def _search(
    free: list[E], seats: int, cost: Callable[[Sequence[E]], int], allowance: int,
    budget: list[int],
) -> list[tuple[E, ...]] | None:  # fmt: skip
    """Depth first: the first free entrant with each set of companions, cheapest first
    then in order, the round's tables costing at most ``allowance`` together; None once
    ``budget`` candidates were looked at."""
    if not free:
        return []
    first, rest = free[0], free[1:]
    candidates = []
    for others in combinations(range(len(rest)), seats - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        table = (first, *(rest[i] for i in others))
        spent = cost(table)
        if spent <= allowance:
            candidates.append((spent, others, table))
    candidates.sort(key=lambda candidate: candidate[0])  # stable: cheapest, then in order
    for spent, others, table in candidates:
        chosen = set(others)
        left = [e for i, e in enumerate(rest) if i not in chosen]
        deeper = _search(left, seats, cost, allowance - spent, budget)
        if deeper is not None:
            return [table, *deeper]
    return None


def _greedy(free: list[E], seats: int, cost: Callable[[Sequence[E]], int]) -> list[tuple[E, ...]]:
    """The fallback: each first free entrant with the cheapest companions among the next
    few (never fails, may repeat more than needed)."""
    tables: list[tuple[E, ...]] = []
    while free:
        first, rest = free[0], free[1 : 1 + GREEDY_WINDOW * seats]
        best = min(
            combinations(range(len(rest)), seats - 1),
            key=lambda idx: cost((first, *(rest[i] for i in idx))),
        )
        table = (first, *(rest[i] for i in best))
        tables.append(table)
        free = [e for e in free if e not in table]
    return tables


def swiss_round(
    entrants: Sequence[E],
    seats: int,
    points: Mapping[E, float],
    history: Iterable[Sequence[E]],
    byes: Mapping[E, int],
) -> Round[E]:
    """The next swiss round of ``entrants`` (seed order), given their points, the tables
    played so far and how many byes each had."""
    seed = {entrant: index for index, entrant in enumerate(entrants)}
    order = sorted(entrants, key=lambda e: (-points.get(e, 0.0), seed[e]))
    out = choose_byes(order, len(order) % seats, byes)
    playing = [e for e in order if e not in out]
    played = [tuple(table) for table in history]
    meetings = Meetings(played)
    tables = group_tables(playing, seats, meetings.table_cost)
    return Round([balance_seats(table, played) for table in tables], out)


def balance_seats(table: Sequence[E], history: Iterable[Sequence[E]]) -> tuple[E, ...]:
    """The table's entrants in seat order: who sat earlier in the order less often so far
    sits earlier now (the first seat moves first in most games), ties kept as paired."""
    earlier: dict[E, int] = {}
    for played in history:
        for position, entrant in enumerate(played):
            earlier[entrant] = earlier.get(entrant, 0) + (len(played) - 1 - position)
    return tuple(sorted(table, key=lambda e: (earlier.get(e, 0), table.index(e))))


def circle_round(entrants: Sequence[E], index: int) -> Round[E]:
    """Round ``index`` (0-based) of the 2-seat circle method: the first entrant stays, the
    others turn one place a round; with an odd field the one facing no one has a bye."""
    players: list[E | None] = [*entrants, None] if len(entrants) % 2 else list(entrants)
    n = len(players)
    if n < 2:
        return Round([], [e for e in players if e is not None])
    rest = players[1:]
    shift = index % (n - 1)
    turned = [players[0], *rest[len(rest) - shift :], *rest[: len(rest) - shift]]
    tables: list[tuple[E, ...]] = []
    out: list[E] = []
    for i in range(n // 2):
        a, b = turned[i], turned[n - 1 - i]
        if a is None or b is None:
            out.extend(e for e in (a, b) if e is not None)
        else:
            tables.append((a, b) if index % 2 == 0 or i else (b, a))  # first seat alternates
    return Round(tables, out)


def robin_round(
    entrants: Sequence[E], seats: int, index: int, history: Iterable[Sequence[E]],
    byes: Mapping[E, int],
) -> Round[E]:  # fmt: skip
    """Round ``index`` (0-based) of a round robin of ``entrants`` (seed order)."""
    if seats == 2:
        return circle_round(entrants, index)
    meetings = Meetings(history)
    out = choose_byes(entrants, len(entrants) % seats, byes)
    playing = [e for e in entrants if e not in out]
    return Round(group_tables(playing, seats, meetings.table_cost), out)


def robin_schedule(entrants: Sequence[E], seats: int) -> list[Round[E]]:
    """The whole round robin: rounds until every pair has met (2 seats: ``n - 1``, or ``n``
    when odd; more seats: at most ``n`` rounds, stopping once everyone has met)."""
    if len(entrants) < seats:
        return []
    if seats == 2:
        count = len(entrants) - 1 + len(entrants) % 2
        return [circle_round(entrants, index) for index in range(count)]
    rounds: list[Round[E]] = []
    history: list[tuple[E, ...]] = []
    byes: dict[E, int] = {}
    meetings: Meetings[E] = Meetings()
    while not meetings.all_met(entrants) and len(rounds) < len(entrants):
        played = robin_round(entrants, seats, len(rounds), history, byes)
        rounds.append(played)
        for table in played.tables:
            history.append(table)
            meetings.add(table)
        for entrant in played.byes:
            byes[entrant] = byes.get(entrant, 0) + 1
    return rounds


def ranks(scores: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) of score tuples, higher better; equal tuples share."""
    order = sorted(range(len(scores)), key=lambda i: tuple(-s for s in scores[i]))
    out = [0] * len(scores)
    for position, i in enumerate(order):
        if position and scores[order[position - 1]] == scores[i]:
            out[i] = out[order[position - 1]]
        else:
            out[i] = position + 1
    return out


def opponents_points(
    entrant: E, history: Iterable[Sequence[E]], points: Mapping[E, float]
) -> float:
    """The tie-break (Buchholz): the points of everyone ``entrant`` sat with, each time."""
    return sum(
        points.get(other, 0.0)
        for table in history
        if entrant in table
        for other in table
        if other != entrant
    )
