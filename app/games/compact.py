"""Compact forms of a legal-moves list (the ``legal_moves_compact`` hook of
:mod:`app.games.interface`), and their expansion back into moves for clients written in
Python (tests, benches); the browser has its own copy (``static/js/socket.js``
``expandMoves``).

Two forms, both exact (expanded, they give ``legal_moves`` in its order):

- the product ``{"keys", "rows", "each"}`` (Akropolis: every placement of a tile once, times
  the site tiles the seat can afford);
- the table ``{"groups", "rows"}`` of :func:`table_form`, for any list: moves of one shape
  share a template and only the leaves that vary among them travel, per move. The largest
  lists of 10,000 random positions per game (``bench/message_sizes.py``): an Attika build
  turn 150 KB -> 30 KB (the payment and cost claims repeat for each spot), the 720 ways of
  handing out six Agorapolis hero cards 192 KB -> 12 KB; 0.1 ms a list on average.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson

from app.games.interface import Move

Path = list[str | int]


def compact_move(compact: dict[str, Any], row: int, value: int = 0) -> Move:
    """The move of row ``row`` (and, in the product form, the ``value``-th value of the
    varying key)."""
    if "groups" in compact:
        index, *values = compact["rows"][row]
        group = compact["groups"][index]
        move: Move = copy.deepcopy(group["move"])
        for path, leaf in zip(group["paths"], values, strict=True):
            _set(move, path, leaf)
        return move
    ((key, values_of_key),) = compact["each"].items()
    return {
        **dict(zip(compact["keys"], compact["rows"][row], strict=True)),
        key: values_of_key[value],
    }


def expand_compact(compact: dict[str, Any]) -> list[Move]:
    """Every move the compact form stands for, in ``legal_moves`` order (in the product
    form: all rows for the first value, then the second…)."""
    if "groups" in compact:
        return [compact_move(compact, row) for row in range(len(compact["rows"]))]
    ((_key, values),) = compact["each"].items()
    return [
        compact_move(compact, row, value)
        for value in range(len(values))
        for row in range(len(compact["rows"]))
    ]


def table_form(moves: list[Move]) -> dict[str, Any]:
    """``moves`` as ``{"groups": [{"move", "paths"}], "rows": [[group, *leaves]]}``: a row
    is its group's template ``move`` with each of the group's ``paths`` (lists of keys and
    indices) set to the row's leaves. Moves group by shape (the same keys and list lengths
    all the way down); a group's paths are the leaves that differ among its moves."""
    groups: list[dict[str, Any]] = []
    by_shape: dict[bytes, int] = {}
    flat: list[tuple[int, list[Any]]] = []
    for move in moves:
        paths: list[Path] = []
        leaves: list[Any] = []
        _flatten(move, [], paths, leaves)
        shape = orjson.dumps(paths)
        index = by_shape.get(shape)
        if index is None:
            index = by_shape[shape] = len(groups)
            groups.append({"move": move, "all": paths, "first": leaves, "varies": set()})
        group = groups[index]
        first = group["first"]
        # ``type`` too: 1 == True == 1.0 in Python, not on the wire.
        group["varies"].update(
            i
            for i, leaf in enumerate(leaves)
            if leaf != first[i] or type(leaf) is not type(first[i])
        )
        flat.append((index, leaves))
    rows = []
    for index, leaves in flat:
        varies = sorted(groups[index]["varies"])
        rows.append([index, *(leaves[i] for i in varies)])
    return {
        "groups": [
            {"move": group["move"], "paths": [group["all"][i] for i in sorted(group["varies"])]}
            for group in groups
        ],
        "rows": rows,
    }


def _flatten(value: Any, path: Path, paths: list[Path], leaves: list[Any]) -> None:
    if isinstance(value, dict):
        if not value:
            paths.append([*path, "{}"])  # an empty dict's shape (its "leaf" never varies)
            leaves.append(None)
        for key, item in value.items():
            _flatten(item, [*path, key], paths, leaves)
    elif isinstance(value, list):
        paths.append([*path, len(value)])  # the length is part of the shape
        leaves.append(None)
        for index, item in enumerate(value):
            _flatten(item, [*path, index], paths, leaves)
    else:
        paths.append(path)
        leaves.append(value)


def _set(move: Any, path: Path, leaf: Any) -> None:
    target = move
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = leaf
