"""The coefficients of the Akropolis estimate (:mod:`.ai_eval`), fitted by
``tools/akropolis_fit.py`` on positions of bot games (``tools/akropolis_positions.py``);
``docs/bots.md`` has the runs. Multiplayer and solo have their own sets: in solo the
margin is against the Illustrious Architect, whose picks the human's moves steer.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    """The estimate's coefficients: a linear model over city features, fitted by least
    squares on the final scores of 120 solo games of the one-move bot (2,160 positions;
    per type: house, market, barracks, temple, garden), see ``docs/bots.md``."""

    vs: tuple[float, ...] = (0.978, 0.97, 0.848, 0.73, 0.809)  # value x stars
    ps: tuple[float, ...] = (-0.147, 0.0, 0.0, -0.332, 0.0)  # potential x stars
    rv: tuple[float, ...] = (0.087, 0.023, 0.178, 0.069, -0.164)  # turns x value
    rs: tuple[float, ...] = (0.309, 0.115, 0.16, 0.023, 0.141)  # turns x stars
    rp: tuple[float, ...] = (0.016, 0.0, 0.0, 0.331, 0.0)  # turns x potential
    turns: float = 5.009
    turns2: float = -0.026
    stones: float = 2.613
    turns_stones: float = 0.099
    quarries: float = 0.065
    turns_quarries: float = 0.056
    ground: float = 0.278
    turns_ground: float = 0.019
    #: the Architect's future picks hold this many times the pool's share of stars
    architect_plaza_bias: float = 1.0
    #: the Architect's stones: each is a point, and buys plaza tiles while turns remain
    architect_stones: float = 1.0
    architect_turns_stones: float = 0.0


WEIGHTS = Weights()


#: solo: refitted on 120 solo games of the medium bot against Callicrates (seeds
#: 5000-5119, 2,160 positions; city RMSE 14.3, was 15.5 with :data:`WEIGHTS`)
SOLO_WEIGHTS = Weights(
    vs=(0.908, 0.909, 0.882, 0.858, 0.832),
    ps=(-0.161, 0.0, 0.0, -0.031, 0.0),
    rv=(0.279, 0.158, 0.161, 0.167, 0.057),
    rs=(0.15, 0.256, 0.056, 0.076, 0.07),
    rp=(0.138, 0.0, 0.0, 0.183, 0.0),
    turns=2.297,
    turns2=0.171,
    stones=2.583,
    turns_stones=-0.02,
    quarries=1.112,
    turns_quarries=0.083,
    ground=-0.077,
    turns_ground=-0.015,
    architect_plaza_bias=0.8,
    architect_turns_stones=0.25,
)
