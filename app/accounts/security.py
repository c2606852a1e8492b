"""Password hashing (argon2id) and the signed session cookie."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

SESSION_COOKIE = "agora_session"
_hasher = PasswordHasher()


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

    def __init__(self, secret_key: str, max_age_seconds: int) -> None:
        self._serializer = URLSafeTimedSerializer(secret_key, salt="agora-session")
        self.max_age_seconds = max_age_seconds

    def sign(self, user_id: str, version: int = 0) -> str:
        return self._serializer.dumps([user_id, version] if version else user_id)

    def unsign_session(self, value: str) -> tuple[str, int] | None:
        """(user id, session version) of a valid cookie, else None."""
        try:
            data = self._serializer.loads(value, max_age=self.max_age_seconds)
        except BadSignature:
            return None
        if isinstance(data, str):
            return data, 0
        if (
            isinstance(data, list)
            and len(data) == 2
            and isinstance(data[0], str)
            and isinstance(data[1], int)
        ):
            return data[0], data[1]
        return None

    def unsign(self, value: str) -> str | None:
        session = self.unsign_session(value)
        return session[0] if session else None
