"""The edge validators of app/text.py (pure functions)."""

from __future__ import annotations

import pytest

from app.errors import AgoraError, InvalidRequest
from app.text import (
    clean_chat,
    clean_move_id,
    clean_name,
    clean_username,
    is_reserved,
    valid_invite_code,
    valid_room_id,
)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [("  Zoé  ", "Zoé"), ("Ａｌｉｃｅ", "Alice"), ("a\tb\nc", "a b c"), ("ﬁne", "fine")],
)
def test_names_are_normalised(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean


@pytest.mark.parametrize(
    "raw",
    ["", "   ", "x" * 31, "nul\x00", "\u202egnp.exe", "a\u200bb", "\ue000private", "Agora",
     "ADMIN", "s y s t e m", "Ｓｙｓｔｅｍ", "a.d.m.i.n"],
)  # fmt: skip
def test_bad_names_are_refused(raw: str) -> None:
    # 422 for the characters, 409 for a reserved name (like a taken one).
    with pytest.raises(AgoraError) as refused:
        clean_name(raw)
    assert refused.value.status in (409, 422)


def test_usernames_match_in_full() -> None:
    assert clean_username("zoe_42") == "zoe_42"
    for bad in ("zoe\n", "zo", "zoé", "a b c", "agora", "x" * 31):
        with pytest.raises(AgoraError):
            clean_username(bad)
    assert is_reserved("Agora") and not is_reserved("Agoraphile")


def test_chat_loses_control_and_bidi_characters() -> None:
    assert clean_chat("hi\x00there \u202eevil\u2066 ok") == "hi there evil ok"
    assert clean_chat("emoji 👩\u200d💻 stays") == "emoji 👩\u200d💻 stays"


def test_identifiers() -> None:
    assert valid_room_id("5f2c0a9e1d3b4c7a") and not valid_room_id("a\x00b")
    assert not valid_room_id("été") and not valid_room_id("x" * 33)
    assert (
        valid_invite_code("Ab-_09") and not valid_invite_code("é") and not valid_invite_code(None)
    )
    assert (
        clean_move_id(None) is None and clean_move_id(42) == "42" and clean_move_id("m-1") == "m-1"
    )
    for bad in (True, 1.5, "x" * 65, "a\x00", "é", "", " lead", {"id": 1}):
        with pytest.raises(InvalidRequest):
            clean_move_id(bad)
