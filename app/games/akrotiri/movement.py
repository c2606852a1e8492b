"""Boat movement (spec §2.5, D5, D18, D19, D32): legs, their cost, reachable ports.

A *movement* is a list of legs ``[["sea" | "land", port], ...]`` taken without any other
action in between. A sea leg follows routes to a port of another island, passing ports
freely; a land leg goes to another port of the same island. Cost in actions:

* loaded boat (≥1 cube when the movement starts): 1 per leg;
* empty boat: each action buys 2 consecutive legs, so ``n`` legs cost ``ceil(n / 2)``,
  minus a leg already paid for (``free``: the second leg of a pair bought by the previous
  command, :func:`app.games.akrotiri.turn` keeps it as ``pending_free``);
* +1 each time the other boat's port is passed: inside a sea leg, or where one leg ends
  and the next begins (D32); the movement may not *end* there.

Ports are indices of :class:`Board` ports here; the public :func:`move_cost` takes keys.
Port sets are bit masks (bit ``i`` = port ``i``) so that a whole island or route part is
added to a search frontier in one operation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.akrotiri.board import Board
from app.games.akrotiri.cache import map_board
from app.games.interface import IllegalMove, MalformedMove

KINDS = ("sea", "land")


class Mover:
    """One-leg targets of every port on a board, with the other boat's port ``closed``."""

    __slots__ = (
        "port_keys",
        "reach",
        "closed",
        "island_of",
        "island_bits",
        "comp_of",
        "comp_bits",
        "near_o",
        "via_o",
        "o_bit",
        "free_to",
        "paid_to",
    )

    def __init__(self, board: Board, closed: int | None) -> None:
        islands = board.islands()
        channels = board.channels(frozenset() if closed is None else frozenset((closed,)))
        # Not the board itself: the board's memo holds this Mover, and a Mover holding the
        # board made a cycle, so every board the cache dropped (~600 objects) waited for the
        # cyclic collector (0.5-0.7 s pauses of the server at R = 10, bench/cost_curve.py).
        self.port_keys = board.port_keys
        #: :func:`reachable`'s memo for this board and closed port
        self.reach: dict[tuple[int, bool, bool, int], dict[int, tuple[int, tuple[int, ...]]]] = {}
        self.closed = closed
        self.island_of = islands.of_port
        self.island_bits = [islands.port_bits[i] for i in islands.of_port]
        self.comp_of = channels.comp_of
        self.comp_bits = channels.bits
        self.near_o: frozenset[int] = frozenset()
        self.via_o = 0
        self.o_bit = 0
        if closed is not None:
            self.near_o = channels.touching[closed]
            self.o_bit = 1 << closed
            for comp in self.near_o:
                self.via_o |= channels.bits[comp]
        #: per port: the ports one leg reaches at no surcharge, and at a surcharge of 1
        self.free_to: list[int] = []
        self.paid_to: list[int] = []
        for port in range(len(board.port_keys)):
            free, paid = self._targets(port)
            self.free_to.append(free)
            self.paid_to.append(paid)

    def targets(self, port: int) -> tuple[int, int]:
        """Ports one leg from ``port`` reaches at no surcharge, and at a surcharge of 1."""
        return self.free_to[port], self.paid_to[port]

    def _targets(self, port: int) -> tuple[int, int]:
        island = self.island_bits[port]
        land = island & ~(1 << port)
        if port == self.closed:  # leaving the other boat's port: the junction costs 1
            return 0, (self.via_o & ~island) | land
        comp = self.comp_of[port]
        if comp in self.near_o:
            free = (self.comp_bits[comp] | self.o_bit) & ~island
            paid = self.via_o & ~self.comp_bits[comp] & ~island
            return free | land, paid
        return (self.comp_bits[comp] & ~island) | land, 0

    def leg_surcharge(self, start: int, kind: str, end: int) -> int:
        """Surcharge of one leg (0 or 1), or IllegalMove if the leg is impossible."""
        if end == start:
            raise IllegalMove("a move must go to another port")
        same = self.island_of[start] == self.island_of[end]
        if kind == "land":
            if not same:
                raise IllegalMove(
                    f"land move to {self.port_keys[end]}: a land move stays on one island"
                )
            return 1 if start == self.closed else 0
        if same:
            raise IllegalMove(
                f"sea move to {self.port_keys[end]}: a sea move must reach another "
                "island (use a land move on the same island, D19)"
            )
        free, paid = self.targets(start)
        if free >> end & 1:
            return 0
        if paid >> end & 1:
            return 1
        raise IllegalMove(f"no route from {self.port_keys[start]} to {self.port_keys[end]}")


def mover(board: Board, closed: int | None) -> Mover:
    key = ("mover", closed)
    found = board.memo.get(key)
    if found is None:
        found = board.memo[key] = Mover(board, closed)
    return found


def base_cost(legs: int, empty: bool, free: bool) -> int:
    if not empty:
        return legs
    paid = legs - (1 if free else 0)
    return (paid + 1) // 2 if paid > 0 else 0


def pending_after(legs: int, empty: bool, free: bool) -> bool:
    """Whether an empty boat keeps a paid-for leg after this movement."""
    return empty and (legs - (1 if free else 0)) % 2 == 1


def legs_cost(
    move: Mover, start: int, legs: Sequence[tuple[str, int]], empty: bool, free: bool
) -> int:
    """Actions a movement costs from ``start`` (IllegalMove if it is impossible)."""
    if not legs:
        raise IllegalMove("a movement needs at least one leg")
    surcharge = 0
    here = start
    for kind, port in legs:
        surcharge += move.leg_surcharge(here, kind, port)
        here = port
    if here == move.closed:
        raise IllegalMove("a boat may not stop on the port where the other boat is docked")
    return base_cost(len(legs), empty, free) + surcharge


def parse_legs(board: Board, legs: Any) -> list[tuple[str, int]]:
    """``[["sea" | "land", port key], ...]`` as (kind, port index) pairs."""
    shape = 'legs are a list of ["sea" | "land", port] pairs, e.g. [["sea", "T10:a1"]]'
    if not isinstance(legs, list) or not legs:
        raise MalformedMove(shape)
    out = []
    for leg in legs:
        if not isinstance(leg, list | tuple) or len(leg) != 2 or leg[0] not in KINDS:
            raise MalformedMove(shape)
        if not isinstance(leg[1], str):
            raise MalformedMove(shape)
        out.append((leg[0], board.port(leg[1])))
    return out


def move_cost(
    placements: Sequence[Any],
    boat_at: str,
    legs: Sequence[Sequence[str]],
    boat_empty: bool,
    other_boat_at: str | None,
) -> int:
    """Actions a movement costs (a new movement: no leg already paid for), or IllegalMove
    with the reason (badly shaped legs included).

    ``placements``: ``[{"tile": "T01", "cell": [cx, cy], "rot": 0..3}, ...]``; ports as keys
    ``"T10:a1"`` / ``"THERA:T1"``; ``legs`` as ``[["sea" | "land", port], ...]``.
    """
    board = map_board(placements)
    start = board.port(boat_at)
    closed = None if other_boat_at is None else board.port(other_boat_at)
    if closed == start:
        raise IllegalMove("the two boats cannot share a port")
    try:
        parsed = parse_legs(board, [list(leg) for leg in legs])
    except (MalformedMove, TypeError) as error:
        raise IllegalMove(str(error)) from None
    return legs_cost(mover(board, closed), start, parsed, bool(boat_empty), False)


def reachable(
    move: Mover, start: int, empty: bool, free: bool, budget: int
) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Cheapest movement to every port within ``budget`` actions: port -> (cost, ports).

    Memoised on the mover (itself memoised on its board). A breadth-first search by
    number of legs, once without passing the other boat's port and once passing it (the
    surcharge never needs to be paid twice: a second pass closes a loop that can be cut).
    Ties prefer a movement that keeps a paid-for leg, then fewer legs. ``ports`` lists
    the port reached by each leg.
    """
    key = (start, empty, free, budget)
    found = move.reach.get(key)
    if found is None:
        found = move.reach[key] = _search(move, start, empty, free, budget)
    return found


def _search(
    move: Mover, start: int, empty: bool, free: bool, budget: int
) -> dict[int, tuple[int, tuple[int, ...]]]:
    max_legs = budget if not empty else 2 * budget + (1 if free else 0)
    seen0 = seen1 = 1 << start  # reached without / with the surcharge
    # chains[tier][port]: the ports of the shortest movement reaching ``port`` in that tier
    chain0: dict[int, tuple[int, ...]] = {start: ()}
    chain1: dict[int, tuple[int, ...]] = {}
    front0: list[int] = [start]
    front1: list[int] = []
    free_to, paid_to = move.free_to, move.paid_to
    best: dict[int, tuple[int, tuple[int, ...]]] = {}
    closed = move.closed
    for n in range(1, max_legs + 1):
        cost = base_cost(n, empty, free)
        if cost > budget:
            break
        keeps = pending_after(n, empty, free)
        new0 = 0
        for port in front0:
            fresh = free_to[port] & ~seen0 & ~new0
            if fresh:
                new0 |= fresh
                base = chain0[port]
                while fresh:
                    low = fresh & -fresh
                    chain0[low.bit_length() - 1] = (*base, low.bit_length() - 1)
                    fresh ^= low
        new1 = 0
        if cost + 1 <= budget:
            blocked = seen1 | seen0 | new0
            for tier, front, table in ((0, front0, paid_to), (1, front1, free_to)):
                chains = chain1 if tier else chain0
                for port in front:
                    fresh = table[port] & ~blocked & ~new1
                    if fresh:
                        new1 |= fresh
                        base = chains[port]
                        while fresh:
                            low = fresh & -fresh
                            chain1[low.bit_length() - 1] = (*base, low.bit_length() - 1)
                            fresh ^= low
        seen0 |= new0
        seen1 |= new1
        front0, front1 = _bits(new0), _bits(new1)
        for total, front, chains in ((cost, front0, chain0), (cost + 1, front1, chain1)):
            for v in front:
                if v == closed:
                    continue
                old = best.get(v)
                # a port is first met with its fewest legs; a later meeting only wins by
                # costing less, or as much while keeping a paid-for leg
                if (
                    old is None
                    or total < old[0]
                    or (total == old[0] and keeps and not pending_after(len(old[1]), empty, free))
                ):
                    best[v] = (total, chains[v])
        if not front0 and not front1:
            break
    return best


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
