"""Every status an operation can answer is in its OpenAPI entry, with the error body.

A program trusts a schema only if it is complete (issue 37): ``schemathesis --checks all``
found 66 statuses the server answered and the schema did not list. They come from three
places, and each is listed where it comes from rather than route by route:

- **the layers every request passes**: 400 ``invalid_characters`` (a NUL anywhere,
  app.api.request_guard), 422 (validation), 503 (the database or Redis down or slow,
  app.api.failures); with a body also 413 ``body_too_large``; an unsafe method also 403
  ``cross_origin`` (app.api.origin);
- **the dependencies a route declares**: a user (optional or required) means 401 (no
  session, a bad token), 403 (banned, a token without the scope) and 429 (the token's
  request limit, with ``Retry-After``); an admin, 403 for the others; a path parameter,
  404 (nothing by that id);
- **what the handler itself refuses**: :data:`OPERATION_ERRORS` below, one line per
  operation ("METHOD /path": {status: why}), checked against the routes by
  tests/api/test_openapi_responses.py and against the running server by schemathesis
  (tests/api/test_schema_fuzz.py).

Every error body has one shape, the ``Error`` component: ``{"code", "message"}`` (a
stable machine code and a sentence for people), ``errors`` on a 422.
"""

from __future__ import annotations

from typing import Any

from fastapi import routing
from fastapi.dependencies.models import Dependant

from app.api.deps import admin_user, current_user, optional_user

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["code", "message"],
    "properties": {
        "code": {"type": "string", "description": "A stable machine-readable code"},
        "message": {"type": "string", "description": "What went wrong, for people"},
        "errors": {
            "type": "array",
            "items": {"type": "object"},
            "description": "On a 422: each refused field",
        },
    },
}
ERROR_REF = {"$ref": "#/components/schemas/Error"}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}}

EVERY = {
    400: "A NUL character in the path, query or body (invalid_characters)",
    422: "The request does not match the schema, or its values do not fit the game",
    503: "The database or Redis is unreachable or too slow: try again",
}
WITH_BODY = {413: "The body is over the server's limit (body_too_large)"}
UNSAFE = {403: "Another site's page sent this request (cross_origin)"}
WITH_USER = {
    401: "Not signed in, or the token is unknown, revoked or expired",
    403: "Banned, or the token lacks the scope this needs",
    429: "Too many requests with this token: see Retry-After",
}
ADMIN = {403: "Admins only"}
PATH_ID = {404: "Nothing by that id"}

#: A change to a thing named in the path can meet it in the wrong state (a room that
#: started, a challenge answered, a game not over): 409 with a code that says which.
STATEFUL = {409: "Not possible in the thing's current state (the code says why)"}

#: What handlers refuse beyond the above, per operation.
OPERATION_ERRORS: dict[str, dict[int, str]] = {
    "POST /api/guests": {429: "Too many guests from this address"},
    "POST /api/accounts": {409: "The username is taken", 429: "Too many accounts from here"},
    "POST /api/login": {401: "Wrong username or password", 403: "Banned", 429: "Too many tries"},
    "POST /api/challenges": {404: "No such player", 409: "Too many open challenges"},
    "POST /api/account/bot": {409: "Games played already: it cannot become a bot"},
    "GET /api/rooms/{room_id}/replay": {409: "The game is not finished"},
    "GET /api/rooms/{room_id}/review": {409: "The game is not finished"},
    "GET /api/rooms/{room_id}/verify": {409: "The game is not finished"},
}


def _calls(dependant: Dependant) -> set[Any]:
    found = {dependant.call}
    for sub in dependant.dependencies:
        found |= _calls(sub)
    return found


def route_errors(route: Any, method: str) -> dict[int, str]:
    """The error statuses one operation can answer, with why (``route``: an APIRoute or
    FastAPI's RouteContext of an included router's route)."""
    calls = _calls(route.dependant)
    errors = dict(EVERY)
    if route.body_field is not None:
        errors |= WITH_BODY
    if method in ("POST", "PUT", "PATCH", "DELETE"):
        errors |= UNSAFE
    if calls & {current_user, optional_user, admin_user}:
        errors |= WITH_USER
    if admin_user in calls:
        errors |= ADMIN
    if route.dependant.path_params:
        errors |= PATH_ID
        if method != "GET":
            errors |= STATEFUL
    for status, why in OPERATION_ERRORS.get(f"{method} {route.path_format}", {}).items():
        errors[status] = f"{errors[status]}; {why}" if status in errors else why
    return errors


def complete_responses(schema: dict[str, Any], routes: list[Any]) -> None:
    """Add every error status and the ``Error`` body to the built schema, in place."""
    schema.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    for name in ("HTTPValidationError", "ValidationError"):
        schema["components"]["schemas"].pop(name, None)
    paths = schema.get("paths", {})
    for route in routing.iter_route_contexts(routes):
        if not isinstance(route.original_route, routing.APIRoute):
            continue
        if route.path_format not in paths:
            continue
        for method in route.methods or ():
            operation = paths[route.path_format].get(method.lower())
            if operation is None:
                continue
            responses = operation.setdefault("responses", {})
            for status, why in sorted(route_errors(route, method).items()):
                entry = responses.setdefault(str(status), {})
                entry["description"] = why
                if status in (429, 503):
                    entry["headers"] = RETRY_AFTER
            for status, entry in responses.items():  # those the route declares too
                if status.isdigit() and int(status) >= 400:
                    entry["content"] = {"application/json": {"schema": ERROR_REF}}
