"""The answer to a request FastAPI could not validate: always a 422 with plain JSON.

The default handler echoes each error's ``input`` and ``ctx``; for a body that is not
JSON (a form post, a wrong Content-Type, bytes that are not UTF-8) ``input`` holds raw
bytes or arbitrary objects the JSON encoder refuses, which turned the 422 into a 500.
Only ``type``, ``loc`` and ``msg`` are sent back: they are always strings and ints, and
the client's own input (a password, say) is never echoed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, BeforeValidator, ConfigDict

# A body field refused by its schema constraint keeps the code the service gave it before
# the constraint was stated in the schema: (path or "*", field) -> code.
FIELD_CODES = {
    ("*", "username"): "invalid_username",
    ("/api/login", "username"): "invalid_request",
    ("/api/accounts", "password"): "weak_password",
    ("*", "name"): "invalid_name",
    ("*", "display_name"): "invalid_name",
}


def error_code(path: str, first: dict[str, Any]) -> str:
    if first.get("type") == "json_invalid":
        return "invalid_json"
    loc = first.get("loc", [])
    if len(loc) == 2 and loc[0] == "body" and first.get("type") != "missing":
        field = str(loc[1])
        found = FIELD_CODES.get((path, field)) or FIELD_CODES.get(("*", field))
        if found:
            return found
    return "invalid_request"


def _plain(part: Any) -> str | int:
    return part if isinstance(part, int) and not isinstance(part, bool) else str(part)


def clean_errors(errors: Sequence[Any]) -> list[dict[str, Any]]:
    cleaned = []
    for error in errors:
        error = error if isinstance(error, dict) else {"msg": str(error)}
        cleaned.append(
            {
                "type": str(error.get("type", "invalid")),
                "loc": [_plain(part) for part in error.get("loc", ())],
                "msg": str(error.get("msg", "invalid request")),
            }
        )
    return cleaned


async def invalid_request(request: Request, error: Exception) -> JSONResponse:
    errors = clean_errors(error.errors() if isinstance(error, RequestValidationError) else [])
    first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
    where = ".".join(str(part) for part in first["loc"])
    code = error_code(request.url.path, first)
    return JSONResponse(
        {"code": code, "message": f"{where}: {first['msg']}", "errors": errors},
        status_code=422,
    )


class RequestModel(BaseModel):
    """A request body, read as its schema says: unknown fields are refused (422), not
    ignored, so a typo never passes for the default (``additionalProperties: false``);
    and types are strict (``"private": 0`` or ``"seats": "2"`` is refused, as the
    schema's boolean and integer say; schemathesis ST201)."""

    model_config = ConfigDict(extra="forbid", strict=True)


def _integral(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


#: An integer as JSON Schema means it: 3 or 3.0, never "3" or true. Placed after the
#: field's bounds (``Annotated[int, Field(ge=1), INTEGRAL]``): before them, pydantic
#: writes the bounds into the schema as "ge"/"le", which no JSON Schema tool reads.
INTEGRAL = BeforeValidator(_integral)
