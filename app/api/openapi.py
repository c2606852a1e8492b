"""The OpenAPI schema states the real constraints, so generated clients are not refused.

Lengths, patterns and ranges live on the request models; the sets that depend on what
the server runs (the game ids, which include the test games only when they are on, and
the bot kinds) are filled in here as ``enum`` when the schema is first built.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from app.accounts.tokens import SCOPES
from app.api.openapi_games import install_game_branches
from app.api.openapi_responses import complete_responses
from app.api.openapi_text import install_text_rules
from app.bots import BOTS
from app.config import Settings
from app.games.registry import iter_games

#: (schema name, property) -> which enum it takes
ENUMS = {
    ("RoomCreate", "game"): "games",
    ("PlayBotsIn", "game"): "games",
    ("JoinTableIn", "game"): "games",
    ("BotIn", "bot"): "bots",
    ("PlayBotsIn", "bot"): "bots",
    ("ChallengeIn", "game"): "games",
}

#: path parameters that name a game
PATH_GAMES = ("game", "game_id")


def _set_enum(prop: dict[str, Any], values: list[str]) -> None:
    for branch in prop.get("anyOf", [prop]):
        if branch.get("type") == "string":
            branch["enum"] = values
            branch.pop("maxLength", None)


def install_openapi(app: FastAPI, settings: Settings) -> None:
    values = {
        "games": sorted(
            g.INFO.id for g in iter_games(include_test_games=settings.agora_test_games)
        ),
        "bots": sorted(BOTS),
    }

    def build() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            models = schema.get("components", {}).get("schemas", {})
            for (model, prop), kind in ENUMS.items():
                found = models.get(model, {}).get("properties", {}).get(prop)
                if found is not None:
                    _set_enum(found, values[kind])
            scopes = models.get("TokenIn", {}).get("properties", {}).get("scopes")
            if scopes is not None:
                scopes["items"] = {"enum": list(SCOPES)}
            for operations in schema.get("paths", {}).values():
                for operation in operations.values():
                    for parameter in operation.get("parameters", []):
                        if parameter.get("in") == "path" and parameter["name"] in PATH_GAMES:
                            _set_enum(parameter.get("schema", {}), values["games"])
            install_game_branches(schema, settings.agora_test_games)
            install_text_rules(schema, request_models(schema))
            complete_responses(schema, app.routes)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = build  # type: ignore[method-assign]


def request_models(schema: dict[str, Any]) -> set[str]:
    """The component names of the request bodies."""
    names = set()
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            body = operation.get("requestBody", {}).get("content", {})
            for media in body.values():
                ref = media.get("schema", {}).get("$ref", "")
                names.add(ref.rpartition("/")[2])
    return names - {""}
