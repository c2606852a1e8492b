"""The OpenAPI schema is complete and states the server's real rules (issue 37).

Cheap, in-process checks beside the schemathesis runs (tests/api/test_schema_fuzz.py):
the error table names real operations, every request body refuses unknown fields,
and for every game and seat count an options object is valid by the schema exactly
when the server accepts it; names valid by the schema are accepted.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import jsonschema_rs
import pytest
from fastapi import routing

from app.api.openapi_games import options_schema
from app.api.openapi_responses import OPERATION_ERRORS
from app.api.openapi_text import valid_name_by_schema
from app.errors import Conflict
from app.games.interface import GameInfo, InvalidOptions
from app.games.registry import iter_games
from app.main import create_app
from app.rooms.room_options import normalize_room_options, room_info
from app.text import clean_name
from tests.conftest import base_settings


@pytest.fixture(scope="module")
def app_schema() -> tuple[Any, dict[str, Any]]:
    app = create_app(base_settings())
    return app, app.openapi()


def test_the_error_table_names_real_operations(app_schema: tuple[Any, dict[str, Any]]) -> None:
    app, _schema = app_schema
    operations = {
        f"{method} {route.path_format}"
        for route in routing.iter_route_contexts(app.routes)
        for method in getattr(route, "methods", None) or ()
    }
    assert set(OPERATION_ERRORS) <= operations, set(OPERATION_ERRORS) - operations


def test_every_operation_documents_its_errors(app_schema: tuple[Any, dict[str, Any]]) -> None:
    _app, schema = app_schema
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert {"400", "422", "503"} <= statuses, (method, path)
            if "{" in path:
                assert "404" in statuses, (method, path)
            for status, entry in operation["responses"].items():
                if int(status) >= 400:
                    ref = entry["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/Error"), (method, path, status)


def test_request_bodies_refuse_unknown_fields(app_schema: tuple[Any, dict[str, Any]]) -> None:
    _app, schema = app_schema
    models = schema["components"]["schemas"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is None:
                continue
            model = models[body["schema"]["$ref"].rpartition("/")[2]]
            assert model.get("additionalProperties") is False, (method, path)


async def test_wrong_method_lists_every_allowed_one(
    app_schema: tuple[Any, dict[str, Any]],
) -> None:
    app, _schema = app_schema
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        answer = await client.delete("/api/rooms")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, POST"
    assert answer.json()["code"] == "method_not_allowed"


def _values(info: GameInfo, rng: random.Random) -> dict[str, Any]:
    """Options near and past every bound, some unknown, some of the wrong type."""
    options: dict[str, Any] = {}
    for spec in room_info(info).options:
        if rng.random() < 0.4:
            continue
        if spec.kind == "bool":
            options[spec.name] = rng.choice([True, False, 0, "yes"])
        elif spec.kind == "int":
            low, high = spec.minimum or 0, spec.maximum or 100
            options[spec.name] = rng.choice(
                [low, high, low - 1, high + 1, rng.randint(low, high), float(high), True, "3"]
            )
        else:
            options[spec.name] = rng.choice([*spec.choices, "other", None])
    if rng.random() < 0.1:
        options["no_such_option"] = 1
    return options


@pytest.mark.parametrize("game", [game.INFO for game in iter_games(include_test_games=True)],
                         ids=lambda info: info.id)  # fmt: skip
def test_options_valid_by_schema_exactly_when_the_server_accepts(game: GameInfo) -> None:
    rng = random.Random(game.id)
    checked = 0
    for seats in range(game.min_seats, game.max_seats + 1):
        validator = jsonschema_rs.validator_for(options_schema(game, seats))
        for _ in range(300):
            options = _values(game, rng)
            try:
                normalize_room_options(game, seats, options)
                accepted = True
            except InvalidOptions:
                accepted = False
            assert validator.is_valid(options) == accepted, (seats, options)
            checked += 1
    assert checked >= 300


def test_names_valid_by_schema_are_accepted() -> None:
    rng = random.Random(7)
    alphabet = [chr(code) for code in range(0x20, 0x3000) if valid_name_by_schema(chr(code))]
    accepted = 0
    for _ in range(2000):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30)))
        if not valid_name_by_schema(name):
            continue  # only spaces
        try:
            clean_name(name)
        except Conflict:
            continue  # a reserved name: 409, as a taken one
        accepted += 1
    assert accepted > 1500
    assert not valid_name_by_schema("zero\u200bwidth") and not valid_name_by_schema("   ")
    assert not valid_name_by_schema("ＳＹＳＴＥＭ")  # NFKC would change it
