"""Fit the Akropolis estimate (:class:`app.games.akropolis.ai_eval.Weights`) on positions
pickled by ``tools/akropolis_positions.py``:
``.venv/bin/python tools/akropolis_fit.py POSITIONS.pkl [MORE.pkl ...]``.

The city part is linear in its coefficients: ordinary least squares (a small ridge keeps
the always-zero columns at zero) of every human seat's final score on the features of
:func:`app.games.akropolis.ai_eval.city_estimate`. The Architect part (solo) has a
plaza bias fitted by a grid search (its value per stone is set by hand, see
``docs/bots.md``). Prints the fitted :class:`Weights` and the error of old and new.
"""

from __future__ import annotations

import math
import pickle
import sys
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games.akropolis.ai_eval import (  # noqa: E402
    architect_estimate,
    city_estimate,
    city_features,
    remaining_turns,
)
from app.games.akropolis.ai_weights import SOLO_WEIGHTS, WEIGHTS, Weights  # noqa: E402
from app.games.akropolis.geometry import decode  # noqa: E402

PER_TYPE = ("vs", "ps", "rv", "rs", "rp")
SCALARS = (
    "turns",
    "turns2",
    "stones",
    "turns_stones",
    "quarries",
    "turns_quarries",
    "ground",
    "turns_ground",
)


def city_row(placed: list[Any], stones: int, r: int, variants: list[str]) -> list[float]:
    """The features in the order of :data:`PER_TYPE` (5 each) then :data:`SCALARS`."""
    f = city_features(decode(placed), variants)
    pot = f.potential if r else [0.0] * 5
    row: list[float] = []
    row += [f.value[t] * f.stars[t] for t in range(5)]
    row += [pot[t] * f.stars[t] for t in range(5)]
    row += [r * f.value[t] for t in range(5)]
    row += [r * f.stars[t] for t in range(5)]
    row += [r * pot[t] for t in range(5)]
    row += [r, r * r, stones, r * stones, f.quarries, r * f.quarries, f.ground, r * f.ground]
    return row


def solve(rows: list[list[float]], ys: list[float], ridge: float = 1e-3) -> list[float]:
    """Least squares by the normal equations (Gaussian elimination, partial pivoting)."""
    n = len(rows[0])
    a = [[0.0] * (n + 1) for _ in range(n)]
    for row, y in zip(rows, ys, strict=True):
        for i, x in enumerate(row):
            if x:
                ai = a[i]
                for j in range(n):
                    ai[j] += x * row[j]
                ai[n] += x * y
    for i in range(n):
        a[i][i] += ridge
    for c in range(n):
        p = max(range(c, n), key=lambda k: abs(a[k][c]))
        a[c], a[p] = a[p], a[c]
        for k in range(n):
            if k != c and a[k][c]:
                factor = a[k][c] / a[c][c]
                for j in range(c, n + 1):
                    a[k][j] -= factor * a[c][j]
    return [a[i][n] / a[i][i] for i in range(n)]


def weights_from(coef: list[float], base: Weights) -> Weights:
    values: dict[str, Any] = {}
    for k, name in enumerate(PER_TYPE):
        values[name] = tuple(round(x, 3) for x in coef[5 * k : 5 * k + 5])
    for k, name in enumerate(SCALARS):
        values[name] = round(coef[25 + k], 3)
    return replace(base, **values)


def rmse(errors: list[float]) -> float:
    return math.sqrt(sum(e * e for e in errors) / max(len(errors), 1))


def main() -> None:
    data: list[tuple[Any, list[float]]] = []
    for path in sys.argv[1:]:
        with open(path, "rb") as handle:
            data.extend(pickle.load(handle))
    rows: list[list[float]] = []
    ys: list[float] = []
    old: list[float] = []
    solo: list[tuple[Any, int, float]] = []
    current = SOLO_WEIGHTS if data and data[0][0]["architect"] is not None else WEIGHTS
    for state, final in data:
        turns = remaining_turns(state)
        variants = state["variants"]
        for seat, record in enumerate(state["cities"]):
            placed, stones = record["placed"], record["stones"]
            rows.append(city_row(placed, stones, turns[seat], variants))
            ys.append(final[seat])
            est = city_estimate(decode(placed), stones, turns[seat], variants, current)
            old.append(est - final[seat])
        if state["architect"] is not None:
            solo.append((state, turns[1], final[1]))
    coef = solve(rows, ys)
    fitted = weights_from(coef, current)
    predict = [sum(c * x for c, x in zip(coef, row, strict=True)) for row in rows]
    new = [p - y for p, y in zip(predict, ys, strict=True)]
    mean = sum(ys) / len(ys)
    print(f"{len(data)} positions, {len(ys)} cities, score sd {rmse([y - mean for y in ys]):.1f}")
    print(f"city RMSE: current weights {rmse(old):.2f}, fitted {rmse(new):.2f}")
    if solo:
        # the plaza bias by a grid search; the Architect's value per stone is not fitted
        # (its stones are high when plazas were scarce: the regression is not causal)
        base = rmse([architect_estimate(s, r, current) - y for s, r, y in solo])
        best: tuple[float, float] | None = None
        for step in range(31):
            w = replace(fitted, architect_plaza_bias=0.5 + step * 0.05)
            err = rmse([architect_estimate(s, r, w) - y for s, r, y in solo])
            if best is None or err < best[0]:
                best = (err, w.architect_plaza_bias)
        assert best is not None
        print(f"architect RMSE: current {base:.2f}, fitted {best[0]:.2f}")
        fitted = replace(fitted, architect_plaza_bias=round(best[1], 3))
    for f in fields(Weights):
        print(f"    {f.name} = {getattr(fitted, f.name)!r}")


if __name__ == "__main__":
    main()
