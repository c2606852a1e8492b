"""RFC 6902 patches between two JSON views, using only add, remove and replace.

jsonpatch's ``make_patch`` also emits ``move`` and ``copy`` operations and is slow on
the hot path; this differ emits the three operations the client patcher
(static/js/patch.js) implements. Lists of equal length are diffed item by item;
longer lists whose length changed are aligned first (difflib on the items'
serialisations), so an item inserted in the middle of a sorted list is one ``add``, not
a replace of every item after it.

Views are mostly unchanged between two versions, so before walking a container in
Python the differ compares the two subtrees' serialisations (orjson, in C): equal
bytes mean an equal subtree, with no confusion between ``1``, ``1.0`` and ``true``
that Python's ``==`` would allow. :func:`diff_views` diffs every audience's view of
one move with a shared memo: the public parts, identical for everyone, are diffed once.
Games compose the public parts once per state and hand every audience the same objects,
so the memo is first asked by identity (no serialisation at all), and the two top
levels (the room's wrapper and the game's per-audience dict, small and rebuilt for each
audience) are walked rather than serialised whole. Measured with ``bench/move_cpu.py``
(Akropolis, random games): patches 0.80 -> 0.23 ms per move with 4 seats, 0.53 ->
0.33 ms with 2.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Any, Final

import orjson

Op = dict[str, Any]
# (before, after) serialisations, or their ids -> (the path where the ops were made, the
# ops). Ids are safe keys: both views are alive for the whole diff_views call.
Memo = dict[tuple[Any, Any], tuple[str, list[Op]]]
# Constants are Final: mypyc compiles them in rather than reading the module's dict
# on every use (and ``isinstance(x, (dict, list))`` to two type checks).
# Containers smaller than this are cheaper to walk than to serialise twice.
_SERIALISE_FROM: Final = 3
# Levels walked without serialising: the view wrapper and the game's top dict.
_WALK_LEVELS: Final = 2
_MISSING: Final = object()
# Resized lists up to this length are diffed item by item rather than aligned.
_ALIGN_FROM: Final = 8


def _escape(key: str) -> str:
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key


def diff(before: Any, after: Any, path: str = "", memo: Memo | None = None) -> list[Op]:
    ops: list[Op] = []
    _diff(before, after, path, ops, {} if memo is None else memo, 0)
    return ops


def diff_views(pairs: dict[str, tuple[Any, Any]]) -> dict[str, list[Op]]:
    """Patches for several audiences at once (one memo for all)."""
    memo: Memo = {}
    return {audience: diff(old, new, memo=memo) for audience, (old, new) in pairs.items()}


def _diff(before: Any, after: Any, path: str, ops: list[Op], memo: Memo, depth: int) -> None:
    if before is after:
        return
    if type(before) is not type(after):
        ops.append({"op": "replace", "path": path, "value": after})
        return
    if not isinstance(before, (dict, list)):
        if before != after:
            ops.append({"op": "replace", "path": path, "value": after})
        return
    if depth < _WALK_LEVELS:
        _diff_container(before, after, path, ops, memo, depth)
        return
    ident = (id(before), id(after))
    hit = memo.get(ident)
    if hit is None and len(before) >= _SERIALISE_FROM and not _worth_walking(before, after):
        key = (orjson.dumps(before), orjson.dumps(after))
        if key[0] == key[1]:
            memo[ident] = (path, [])
            return
        hit = memo.get(key)
        if hit is None:
            # Made in place with full paths (nested levels do not re-path their ops).
            start = len(ops)
            _diff_container(before, after, path, ops, memo, depth)
            memo[key] = memo[ident] = (path, ops[start:])
            return
    elif hit is None:
        start = len(ops)
        _diff_container(before, after, path, ops, memo, depth)
        memo[ident] = (path, ops[start:])
        return
    origin, made = hit
    if origin == path:  # the same part of another audience's view: the same ops
        ops.extend(made)
    else:
        cut = len(origin)
        ops.extend({**op, "path": path + op["path"][cut:]} for op in made)


def _worth_walking(before: Any, after: Any) -> bool:
    """Whether to walk the two containers rather than serialise both to compare them:
    when at least half the items are the same objects (a game that keeps unchanged parts
    of its view, like Akropolis's cities), walking is cheap; when a key or a plain value
    differs, they cannot be equal and serialising them would be wasted (Akropolis's
    changed city, 3.7 KB a side, was serialised on every move for its ``turns_played``)."""
    if len(before) != len(after):
        return True  # resized lists are aligned by identity first; dicts' keys differ
    if isinstance(before, dict):
        same = _same_dict_items(before, after)
    else:
        same = _same_items(before, after)
    return same < 0 or 2 * same >= len(before)


def _same_dict_items(before: dict[str, Any], after: dict[str, Any]) -> int:
    """How many values are the same objects; -1 when a key or a plain value differs."""
    same = 0
    for key, old in before.items():
        new = after.get(key, _MISSING)
        if new is old:
            same += 1
        elif new is _MISSING or _plain_differs(old, new):
            return -1
    return same


def _same_items(before: list[Any], after: list[Any]) -> int:
    """:func:`_same_dict_items` for two lists of the same length."""
    same = 0
    for index in range(len(before)):
        old, new = before[index], after[index]
        if old is new:
            same += 1
        elif _plain_differs(old, new):
            return -1
    return same


def _plain_differs(old: Any, new: Any) -> bool:
    """Two values of which one at least is not a container, and which differ."""
    if isinstance(old, (dict, list)) and isinstance(new, (dict, list)):
        return False  # only a deeper look can tell
    return type(old) is not type(new) or bool(old != new)


def _diff_container(
    before: Any, after: Any, path: str, ops: list[Op], memo: Memo, depth: int
) -> None:
    # Typed per kind: compiled, a typed dict's get/items and a list's items are direct C
    # calls, where an ``Any``'s are method lookups (``type(before) is type(after)``).
    if isinstance(before, dict):
        _diff_dict(before, after, path, ops, memo, depth)
    elif len(before) == len(after):
        _diff_list(before, after, path, ops, memo, depth)
    else:
        _diff_resized_list(before, after, path, ops, memo, depth)


def _diff_dict(
    before: dict[str, Any], after: dict[str, Any], path: str, ops: list[Op], memo: Memo,
    depth: int,
) -> None:  # fmt: skip
    # Items that are the same object are skipped before their path is even built.
    missing = _MISSING
    removed = 0
    for key, old in before.items():
        new = after.get(key, missing)
        if new is old:
            continue
        if new is missing:
            removed += 1
            ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        else:
            _diff(old, new, f"{path}/{_escape(key)}", ops, memo, depth + 1)
    # Every key of ``after`` not in ``before`` is one more than the kept ones.
    if len(after) > len(before) - removed:
        for key, new in after.items():
            if key not in before:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": new})


def _diff_list(
    before: list[Any], after: list[Any], path: str, ops: list[Op], memo: Memo, depth: int
) -> None:
    """Two lists of the same length, item by item."""
    for index in range(len(before)):
        old, new = before[index], after[index]
        if old is not new:
            _diff(old, new, f"{path}/{index}", ops, memo, depth + 1)


def _diff_resized_list(
    before: list[Any], after: list[Any], path: str, ops: list[Op], memo: Memo, depth: int
) -> None:
    if _only_inserted_or_removed(before, after, path, ops):
        return
    if len(before) <= _ALIGN_FROM and len(after) <= _ALIGN_FROM:
        # Short lists (Akropolis's site after a tile is taken: the items behind it
        # change index and cost anyway) are patched item by item, then the tail added
        # or removed: a patch the same size as difflib's, without building a matcher.
        common = min(len(before), len(after))
        for index in range(len(before) - 1, common - 1, -1):
            ops.append({"op": "remove", "path": f"{path}/{index}"})
        for index in range(common):
            if before[index] is not after[index]:
                _diff(before[index], after[index], f"{path}/{index}", ops, memo, depth + 1)
        for index in range(common, len(after)):
            ops.append({"op": "add", "path": f"{path}/{index}", "value": after[index]})
        return
    old_keys = [orjson.dumps(item) for item in before]
    new_keys = [orjson.dumps(item) for item in after]
    blocks = SequenceMatcher(None, old_keys, new_keys, autojunk=False).get_opcodes()
    # From the end backwards: indices before the block being patched stay valid.
    for tag, i1, i2, j1, j2 in reversed(blocks):
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            for offset in range(i2 - i1):
                index = i1 + offset
                _diff(before[index], after[j1 + offset], f"{path}/{index}", ops, memo, depth + 1)
            continue
        for index in range(i2 - 1, i1 - 1, -1):
            ops.append({"op": "remove", "path": f"{path}/{index}"})
        for offset in range(j2 - j1):
            ops.append({"op": "add", "path": f"{path}/{i1 + offset}", "value": after[j1 + offset]})


def _only_inserted_or_removed(
    before: list[Any], after: list[Any], path: str, ops: list[Op]
) -> bool:
    """The common case without difflib: items only added (a city's new hexes, sorted in)
    or only removed. One merge walk; False (nothing emitted) when that is not the case.

    Items are compared by identity first (games share unchanged items between two
    views), then by serialisation, each made at most once. When every item of the
    shorter list is found in order in the longer one, the others are exactly the
    ``len`` difference, so this is also the smallest patch.
    """
    grows = len(after) > len(before)
    longer, shorter = (after, before) if grows else (before, after)
    short_keys: dict[int, bytes] = {}  # an item of the shorter list may meet several
    extra: list[int] = []
    allowed = len(longer) - len(shorter)
    matched, count = 0, len(shorter)
    for index, item in enumerate(longer):
        if matched < count:
            other = shorter[matched]
            if item is other:
                matched += 1
                continue
            key = orjson.dumps(item)
            other_key = short_keys.get(matched)
            if other_key is None:
                other_key = short_keys[matched] = orjson.dumps(other)
            if key == other_key:
                matched += 1
                continue
        extra.append(index)
        if len(extra) > allowed:
            return False
    if matched < count:
        return False
    if grows:  # ascending: each add lands where the new list has it
        ops.extend(
            {"op": "add", "path": f"{path}/{index}", "value": after[index]} for index in extra
        )
    else:  # descending: later indices first, so earlier ones stay valid
        ops.extend({"op": "remove", "path": f"{path}/{index}"} for index in reversed(extra))
    return True
