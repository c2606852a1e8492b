"""Bot levels: how long a bot thinks and how wide and deep it looks.

A level's ``seconds`` is a budget of CPU time per move (``time.process_time`` of the
process that searches, one core). ``iterations`` caps the simulations: on this project's
reference machine a level reaches its cap before its time budget on almost every move
(not the hard level in Akropolis solo, whose simulations look two placements ahead),
so a seeded bot plays the same game whether or not it is timed (the bench checks it and
reports the moves that hit the budget). ``width`` is how many candidate moves survive the
one-move ordering; ``horizon`` how many of its own further moves a simulation plays
(with the game's rollout policy) before it is scored with ``evaluate``, ``plies`` how
many moves it plays at least in all (any seat's); ``max_moves``
bounds the ordering on games with thousands of moves per turn (the easy level looks at
a random part of them, which keeps it under its budget and makes it err like a beginner).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Level:
    name: str
    seconds: float
    iterations: int
    width: int
    horizon: int
    #: at most this many simulations per candidate (few candidates, few simulations)
    per_candidate: int = 1_000_000
    #: at most this many legal moves are ordered (a seeded random subset beyond it)
    max_moves: int = 100_000
    #: a simulation plays at least this many moves in all (any seat's): where nobody else
    #: moves between two of the seat's own (Akropolis solo: the Architect's turn is part
    #: of ``apply``), ``horizon`` 1 alone would look a single move ahead
    plies: int = 0


LEVELS: dict[str, Level] = {
    "easy": Level("easy", seconds=0.15, iterations=0, width=1, horizon=0, max_moves=400),
    "medium": Level(
        "medium", seconds=0.6, iterations=48, width=4, horizon=1, per_candidate=12, max_moves=3000
    ),
    "hard": Level(
        "hard",
        seconds=1.8,
        iterations=640,
        width=16,
        horizon=1,
        per_candidate=40,
        max_moves=3000,
        plies=2,
    ),
}
#: the levels a host may pick, weakest first
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)

#: a game's own settings for a level, where the shared ones do not fit it. An Agorapolis
#: seat makes ~150 small decisions a game (bets, dice, bids; Akropolis: 12-20 placements):
#: 640 simulations over 16 candidates took 0.2 s a move on average (max 0.7 s), 42 s of
#: CPU for seed 1001's game (``bench/bots.py agorapolis-4p``); 160 over the 4 best
#: (medium's width, 3x its simulations): p50 71 ms, ~12 s a game against random seats.
#: ``plies`` stays 0 there: a seat's action turn is several moves in a row, and the
#: 200-game figures of ``docs/bots.md`` were measured without it.
#:
#: Issue 40 (each level clearly stronger than the one below, 2 seats, ``docs/bots.md``):
#: where the game has no ``quiet`` or ``rollout_move`` hook to stop a simulation at a
#: fair point, a simulation's random own move and random opponent turn (``horizon`` 1)
#: measured worse than none: in 2-seat Attika the medium level won 1 of 12 games against
#: the one-move easy one, in Agorapolis 6 of 12, and hard won 4 of 13 against medium
#: there. With ``horizon`` 0 a simulation scores the candidate on a fresh sample (the
#: average over what the seat cannot see: drawn buildings, cards, others' commits), which
#: the hard level keeps; medium and easy are the one-move bot on a random part of the
#: legal moves (``max_moves``: most decisions there offer 2-10 moves), so they err more.
#: Attika since has ``quiet`` and ``rollout_move`` hooks (:mod:`app.games.attika.rollout`):
#: with ``horizon`` 0 a hard simulation plays the rest of its own turn before scoring, and
#: medium weighs 4 random legal moves (with 6 it came too close to hard: 11 of 30 games).
GAME_LEVELS: dict[tuple[str, str], Level] = {
    ("agorapolis", "hard"): replace(LEVELS["hard"], iterations=160, width=4, plies=0, horizon=0),
    ("agorapolis", "medium"): replace(
        LEVELS["medium"], iterations=0, width=1, horizon=0, max_moves=3
    ),
    ("agorapolis", "easy"): replace(LEVELS["easy"], max_moves=1),
    ("attika", "hard"): replace(LEVELS["hard"], horizon=0, plies=0),
    # the search stops between two steps, not inside one: an Akrotiri simulation takes up
    # to ~0.2 s, and at 1.8 s the slowest move took 2.08 s of CPU (docs/bots.md), past the
    # 2 s limit; 1.5 s leaves room for the last step
    ("akrotiri", "hard"): replace(LEVELS["hard"], seconds=1.5),
    ("attika", "medium"): replace(LEVELS["medium"], iterations=0, width=1, horizon=0, max_moves=4),
    ("attika", "easy"): replace(LEVELS["easy"], max_moves=2),
}


def get_level(name: str, game_id: str | None = None) -> Level:
    """The level ``name`` (``easy``, ``medium``, ``hard``), as ``game_id`` plays it."""
    try:
        shared = LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown bot level {name!r} (one of {', '.join(LEVELS)})") from None
    return GAME_LEVELS.get((game_id or "", name), shared)
