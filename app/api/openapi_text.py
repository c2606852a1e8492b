"""The schema states which characters the server takes in each string.

- **No NUL, anywhere** (app.api.request_guard refuses one in a path, query or body with
  400): every string of a request without a pattern of its own gets ``^[^\\x00]*$``, and
  every request body object says ``additionalProperties: false`` (the models forbid
  extra fields: a typo is refused rather than ignored, and no stray key can carry a NUL).
- **Names** (guest and display names, app.text.clean_name) take the characters that are
  neither control, format, surrogate, private-use nor unassigned, and that Unicode NFKC
  leaves as they are (so the name stored is the name sent, and it cannot grow past 30),
  with at least one that is not a space. The class is built from ``unicodedata`` once,
  over the Basic Multilingual Plane (names from the other planes are still accepted; the
  schema promises less than the server takes, never more).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

from app.text import NAME_MAX

NO_NUL = "^[^\\x00]*$"
_BAD = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
#: (model, property) of the names cleaned by app.text.clean_name
NAME_FIELDS = (("GuestIn", "name"), ("AccountIn", "display_name"))


def _ranges(keep: Any) -> str:
    """A regex character class body for the BMP characters ``keep`` accepts."""
    parts: list[str] = []
    start = None
    for code in range(0x10001):
        kept = code < 0x10000 and keep(chr(code))
        if kept and start is None:
            start = code
        elif not kept and start is not None:
            end = code - 1
            parts.append(f"\\u{start:04x}" if start == end else f"\\u{start:04x}-\\u{end:04x}")
            start = None
    return "".join(parts)


def _name_char(char: str) -> bool:
    return (
        unicodedata.category(char) not in _BAD
        and unicodedata.normalize("NFKC", char) == char
        and (char == " " or not char.isspace())
    )


@cache
def name_pattern() -> str:
    anything = _ranges(_name_char)
    visible = _ranges(lambda char: _name_char(char) and char != " ")
    return f"^[{anything}]*[{visible}][{anything}]*$"


def _no_nul(node: Any) -> None:
    """Give every pattern-free string under ``node`` the no-NUL pattern, in place."""
    if isinstance(node, dict):
        if node.get("type") == "string" and not {"pattern", "enum", "const"} & set(node):
            node["pattern"] = NO_NUL
        for value in node.values():
            _no_nul(value)
    elif isinstance(node, list):
        for value in node:
            _no_nul(value)


def install_text_rules(schema: dict[str, Any], request_models: set[str]) -> None:
    """State the character rules in ``schema``, in place (``request_models``: the
    component names of request bodies)."""
    components = schema.get("components", {}).get("schemas", {})
    for model, prop in NAME_FIELDS:
        found = components.get(model, {}).get("properties", {}).get(prop)
        for branch in (found or {}).get("anyOf", [found] if found else []):
            if branch.get("type") == "string":
                branch["pattern"] = name_pattern()
                branch["maxLength"] = NAME_MAX
    for name in request_models:
        _no_nul(components.get(name))
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            _no_nul(operation.get("parameters", []))


def valid_name_by_schema(value: str) -> bool:
    """Whether ``value`` matches the schema's name rule (for tests)."""
    return len(value) <= NAME_MAX and re.fullmatch(name_pattern()[1:-1], value) is not None
