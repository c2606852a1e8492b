"""The session cookie: verified once, then remembered only until it expires."""

from __future__ import annotations

import time

import pytest

from app.accounts.security import SessionSigner


def test_a_remembered_cookie_still_expires(monkeypatch: pytest.MonkeyPatch) -> None:
    signer = SessionSigner("k" * 32, max_age_seconds=60)
    cookie = signer.sign("u1", 2)
    assert signer.unsign_session(cookie) == ("u1", 2)
    assert signer.unsign_session(cookie) == ("u1", 2)  # from the memo
    later = time.time() + 120
    monkeypatch.setattr(time, "time", lambda: later)
    assert signer.unsign_session(cookie) is None
    assert signer.unsign_session(cookie) is None  # and it was forgotten


def test_tampered_or_foreign_cookies_are_never_remembered() -> None:
    signer = SessionSigner("k" * 32, max_age_seconds=60)
    other = SessionSigner("o" * 32, max_age_seconds=60)
    cookie = signer.sign("u1")
    tampered = ("A" if cookie[0] != "A" else "B") + cookie[1:]  # the payload, not the padding
    assert signer.unsign_session(tampered) is None
    assert signer.unsign_session(other.sign("u1")) is None
    assert other.unsign_session(cookie) is None
    assert signer.unsign_session(cookie) == ("u1", 0)
    assert len(signer._verified) == 1


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SessionSigner, "_MEMO_SIZE", 3)
    signer = SessionSigner("k" * 32, max_age_seconds=60)
    cookies = [signer.sign(f"u{n}") for n in range(5)]
    for cookie in cookies:
        signer.unsign_session(cookie)
    assert list(signer._verified) == cookies[2:]
    assert [signer.unsign_session(cookie) for cookie in cookies] == [(f"u{n}", 0) for n in range(5)]


def test_a_cookie_in_use_stays_remembered_while_others_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(SessionSigner, "_MEMO_SIZE", 3)
    signer = SessionSigner("k" * 32, max_age_seconds=60)
    regular = signer.sign("regular")
    signer.unsign_session(regular)
    for n in range(10):  # each one-off visitor, then the regular's next request
        signer.unsign_session(signer.sign(f"once{n}"))
        signer.unsign_session(regular)
    assert regular in signer._verified
    assert list(signer._verified)[-1] == regular
