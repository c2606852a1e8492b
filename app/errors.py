"""One error hierarchy for HTTP and WebSocket: a machine code, a status and a message."""

from __future__ import annotations


class AgoraError(Exception):
    """Base class: ``code`` is stable and machine-readable, ``message`` is for people."""

    code = "error"
    status = 400

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class NotAuthenticated(AgoraError):
    code, status = "not_authenticated", 401


class Forbidden(AgoraError):
    code, status = "forbidden", 403


class Banned(AgoraError):
    code, status = "banned", 403


class NotFound(AgoraError):
    code, status = "not_found", 404


class RoomNotFound(NotFound):
    code = "room_not_found"


class Conflict(AgoraError):
    code, status = "conflict", 409


class InvalidRequest(AgoraError):
    code, status = "invalid_request", 422


class NotAMember(AgoraError):
    code, status = "not_a_member", 403


class NotHost(AgoraError):
    code, status = "not_host", 403


class RateLimited(AgoraError):
    """Answered with a ``Retry-After`` header (whole seconds) when ``retry_after`` is set."""

    code, status = "rate_limited", 429
    retry_after: int | None = None


class StaleVersion(AgoraError):
    code, status = "stale_version", 409
