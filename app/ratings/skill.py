"""OpenSkill arithmetic (Plackett–Luce: any number of players, ties) and places.

Pure: no database. A new player starts at mu = 25, sigma = 25/3 (openskill's defaults),
so the conservative rating ``ordinal = mu - 3 sigma`` starts at 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating the leaderboard sorts by."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class Standing:
    """One player in one finished game: current rating and place (1 = first)."""

    key: str
    mu: float
    sigma: float
    place: int


def rate(standings: Sequence[Standing]) -> dict[str, tuple[float, float]]:
    """New (mu, sigma) per key; equal places are ties. Fewer than two players: no change."""
    if len(standings) < 2:
        return {}
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma, name=s.key)] for s in standings]
    rated = MODEL.rate(teams, ranks=[float(s.place) for s in standings])
    return {
        standing.key: (float(team[0].mu), float(team[0].sigma))
        for standing, team in zip(standings, rated, strict=True)
    }


def places(
    ranking: Sequence[Sequence[int]], seats: Iterable[int], forfeits: Iterable[int] = ()
) -> dict[int, int]:
    """Place of every seat from a game's ranking (groups best first, a group shares a place).

    Only ``seats`` get a place, but other ranked entries take theirs (Akropolis solo
    ranks the Illustrious Architect as seat 1: beaten by it, the player is second).
    Forfeited seats leave their group and share the last place together; a seat
    missing from the ranking is placed last with them.
    """
    wanted = set(seats)
    out = set(forfeits) & wanted
    result: dict[int, int] = {}
    place = 0
    for group in ranking:
        members = [seat for seat in group if seat not in out]
        if not members:
            continue
        place += 1
        for seat in members:
            if seat in wanted:
                result[seat] = place
    last = sorted(wanted - set(result))
    for seat in last:
        result[seat] = place + 1
    return result
