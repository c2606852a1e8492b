"""RFC 6902 patches between two JSON views, using only add, remove and replace.

jsonpatch's ``make_patch`` also emits ``move`` and ``copy`` operations and is slow on
the hot path; this differ emits the three operations the client patcher
(static/js/patch.js) implements. Lists of equal length are diffed item by item;
otherwise the common prefix is kept and the tail is added or removed.
"""

from __future__ import annotations

from typing import Any

Op = dict[str, Any]


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def diff(before: Any, after: Any, path: str = "") -> list[Op]:
    ops: list[Op] = []
    _diff(before, after, path, ops)
    return ops


def _diff(before: Any, after: Any, path: str, ops: list[Op]) -> None:
    if before is after:
        return
    if type(before) is not type(after):
        ops.append({"op": "replace", "path": path, "value": after})
        return
    if isinstance(before, dict):
        for key, old in before.items():
            sub = f"{path}/{_escape(key)}"
            if key not in after:
                ops.append({"op": "remove", "path": sub})
            else:
                _diff(old, after[key], sub, ops)
        for key, new in after.items():
            if key not in before:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": new})
        return
    if isinstance(before, list):
        common = min(len(before), len(after))
        for index in range(common):
            _diff(before[index], after[index], f"{path}/{index}", ops)
        for index in range(len(before) - 1, common - 1, -1):
            ops.append({"op": "remove", "path": f"{path}/{index}"})
        for index in range(common, len(after)):
            ops.append({"op": "add", "path": f"{path}/{index}", "value": after[index]})
        return
    if before != after:
        ops.append({"op": "replace", "path": path, "value": after})
