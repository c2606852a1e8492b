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
    """Signs the user id into the cookie value; the signature also carries its age."""

    def __init__(self, secret_key: str, max_age_seconds: int) -> None:
        self._serializer = URLSafeTimedSerializer(secret_key, salt="agora-session")
        self.max_age_seconds = max_age_seconds

    def sign(self, user_id: str) -> str:
        return self._serializer.dumps(user_id)

    def unsign(self, value: str) -> str | None:
        try:
            user_id = self._serializer.loads(value, max_age=self.max_age_seconds)
        except BadSignature:
            return None
        return user_id if isinstance(user_id, str) else None
