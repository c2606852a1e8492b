"""Level-against-level modes of ``bench/bots.py`` (issue 40) and how a game is counted.

A pairing mode plays ``--level`` X against ``--opponent`` Y: with 2 seats X takes seat
``seed % 2`` (so consecutive seeds alternate who starts), with more seats one X sits at
seat ``seed % seats`` against the rest Y. The issue's bar for "clearly stronger": X wins
>= 65 % of 2-seat games, or >= 2x the fair share (1 / seats) in multi-seat games.

A win is a first place. In the pairing modes a first place shared with another seat (an
Akrotiri tie on points and drachmas, an Attika stalemate with equal buildings and links)
is not counted as won but as ``shared``: X and Y would otherwise both "win" it. The older
modes keep counting it as won, as their 200-game records did.
"""

from __future__ import annotations

from typing import Any

#: mode -> (game, seats, default opponent)
PAIRING_MODES: dict[str, tuple[str, int, str]] = {
    "akrotiri-2p": ("akrotiri", 2, "medium"),
    "attika-2p": ("attika", 2, "medium"),
    "attika-4p": ("attika", 4, "medium"),
    "agorapolis-2p": ("agorapolis", 2, "medium"),
}


def first_place(mode: str, result: dict[str, Any], seat: int) -> tuple[bool, bool]:
    """(won, shared) for ``seat`` in a finished game's ``result``."""
    top = result["ranking"][0]
    if seat not in top:
        return False, False
    if mode in PAIRING_MODES and len(top) > 1:
        return False, True
    return True, len(top) > 1


def bar(seats: int) -> float:
    """The share of games X must win to be clearly stronger than Y."""
    return 0.65 if seats == 2 else 2.0 / seats


def verdict(wins: int, shared: int, games: int, seats: int) -> str:
    """One summary line: the share won against the issue's bar (shared first places
    counted apart)."""
    need = bar(seats)
    share = wins / games if games else 0.0
    met = "met" if share >= need else "not met"
    return (
        f"  won outright {wins}/{games} ({100 * share:.1f} %), shared first {shared}; "
        f"bar {100 * need:.1f} % ({'2 seats' if seats == 2 else f'2x the fair share of {seats}'})"
        f": {met}"
    )
