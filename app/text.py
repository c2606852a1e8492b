"""Text from clients, checked at the edge before it reaches a query, a batch or a page.

Names (guest names, display names) are normalised (Unicode NFKC, whitespace collapsed)
and refused if they hold control, format (bidi overrides, zero-width), private-use or
unassigned characters (422), or if they pass for the system ("Agora", "admin", "system"
...: 409, like a name that is taken; the API schema states the characters, not the names).
Usernames are ASCII (``[A-Za-z0-9_.-]{3,30}``, matched in full: no trailing newline).
Chat text keeps what people type but loses control and bidi characters. Identifiers
(room ids, invite codes, move ids) are printable ASCII of bounded length: anything
else is refused (or, for lookups, simply not found), never sent to the database.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Final

from app.errors import Conflict, InvalidRequest

NAME_MAX = 30
USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,30}")
RESERVED_NAMES = frozenset({"agora", "admin", "administrator", "system", "moderator", "server"})
# Categories never allowed in a name: control, format (bidi, zero-width), surrogate,
# private use, unassigned.
_BAD_NAME_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
# Removed from chat text: bidi embeddings/overrides/isolates and marks, BOM.
_BIDI = dict.fromkeys(
    [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C, 0xFEFF]
)
ROOM_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")
INVITE_CODE: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")
MOVE_ID_MAX: Final = 64
_PRINTABLE_ASCII: Final = re.compile(r"[\x21-\x7e][\x20-\x7e]*")


def clean_name(value: str, *, what: str = "display name") -> str:
    """A display or guest name: NFKC, single spaces, 1..30 visible characters, not reserved."""
    name = " ".join(unicodedata.normalize("NFKC", value).split())
    if any(unicodedata.category(char) in _BAD_NAME_CATEGORIES for char in name):
        raise InvalidRequest(
            f"a {what} has no control or formatting characters", code="invalid_name"
        )
    if not 1 <= len(name) <= NAME_MAX:
        raise InvalidRequest(f"a {what} has 1 to {NAME_MAX} characters", code="invalid_name")
    if is_reserved(name):
        raise Conflict(f"{name!r} is reserved", code="reserved_name")
    return name


def is_reserved(name: str) -> bool:
    """True for names that pass for the system ("Agora", "A.D.M.I.N", "ѕystem" is not caught)."""
    folded = "".join(char for char in name.casefold() if char.isalnum())
    return folded in RESERVED_NAMES


def clean_username(value: str) -> str:
    if not USERNAME.fullmatch(value):
        raise InvalidRequest(
            "a username has 3 to 30 letters, digits, '.', '_' or '-'", code="invalid_username"
        )
    if is_reserved(value):
        raise Conflict(f"{value!r} is reserved", code="reserved_name")
    return value


def clean_chat(value: str) -> str:
    """Chat text without bidi controls, NULs or other control characters (spaces collapsed)."""
    value = value.translate(_BIDI)
    value = "".join(char if unicodedata.category(char) != "Cc" else " " for char in value)
    return " ".join(value.split())


def valid_room_id(value: str) -> bool:
    return ROOM_ID.fullmatch(value) is not None


def valid_invite_code(value: str | None) -> bool:
    return value is not None and INVITE_CODE.fullmatch(value) is not None


def clean_move_id(value: Any) -> str | None:
    """A client move id (a string of printable ASCII, at most 64, or a whole number)."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**18:
        return str(value)
    if isinstance(value, str) and len(value) <= MOVE_ID_MAX and _PRINTABLE_ASCII.fullmatch(value):
        return value
    raise InvalidRequest(
        f"a move id is a whole number or up to {MOVE_ID_MAX} printable ASCII characters",
        code="malformed_message",
    )
