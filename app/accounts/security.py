"""Password hashing (argon2id) and the signed session cookie."""

from __future__ import annotations

import os
import time
from collections import OrderedDict

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

SESSION_COOKIE = "agora_session"
#: argon2id's recommended cost (argon2-cffi's defaults: 64 MiB, 3 passes): 176 ms of CPU a
#: hash on this project's machine. ``PASSWORD_HASH_PROFILE=test`` (set by the test suite
#: alone) drops it to 1 MiB and 1 pass, under 1 ms: the suite makes thousands of accounts
#: and logins (schema fuzzing alone hundreds), and spent minutes of its CI budget hashing.
#: A hash records its own parameters, so either profile verifies the other's hashes.
PROFILES = {
    "standard": PasswordHasher(),
    "test": PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1),
}
_hasher = PROFILES[os.environ.get("PASSWORD_HASH_PROFILE", "standard")]


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


class SessionSigner:
    """Signs the user id and its session version into the cookie; the signature also
    carries its age. A cookie from before versions (a bare id) is version 0."""

    #: cookies verified lately: a browser sends the same one with every request and socket
    _MEMO_SIZE = 4096

    def __init__(self, secret_key: str, max_age_seconds: int) -> None:
        self._serializer = URLSafeTimedSerializer(secret_key, salt="agora-session")
        self.max_age_seconds = max_age_seconds
        # cookie -> (user id, session version, expires at). Checking the HMAC, base64 and
        # JSON took 23 µs a request (1 % of a seat command); the same string verifies the
        # same way under one key, so only its age is checked again.
        self._verified: OrderedDict[str, tuple[str, int, float]] = OrderedDict()

    def sign(self, user_id: str, version: int = 0) -> str:
        return self._serializer.dumps([user_id, version] if version else user_id)

    def unsign_session(self, value: str) -> tuple[str, int] | None:
        """(user id, session version) of a valid cookie, else None."""
        known = self._verified.get(value)
        if known is not None:
            if time.time() <= known[2]:
                # Least recently used goes first: a cookie in use stays however many pass.
                self._verified.move_to_end(value)
                return known[0], known[1]
            self._verified.pop(value, None)
        try:
            data, signed_at = self._serializer.loads(
                value, max_age=self.max_age_seconds, return_timestamp=True
            )
        except BadSignature:
            return None
        if isinstance(data, str):
            found = data, 0
        elif (
            isinstance(data, list)
            and len(data) == 2
            and isinstance(data[0], str)
            and isinstance(data[1], int)
        ):
            found = data[0], data[1]
        else:
            return None
        self._verified[value] = (*found, signed_at.timestamp() + self.max_age_seconds)
        if len(self._verified) > self._MEMO_SIZE:
            self._verified.popitem(last=False)
        return found

    def unsign(self, value: str) -> str | None:
        session = self.unsign_session(value)
        return session[0] if session else None
