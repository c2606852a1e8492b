"""The schema states which seats, options and bots each game takes.

A room is asked for with ``{"game", "seats", "options"}``, and what ``seats`` and
``options`` may be depends on the game (Akrotiri is for 2, Agorapolis' renown target
may only go down to its seat count's standard, Akropolis' long game stops at 3 seats).
A schema with one free ``seats`` integer and a free ``options`` object let generated
clients send schema-valid requests the server refused (schemathesis ST202). So each
request that names a game gets an ``anyOf`` with one branch per (game, seat count),
each naming its options object (``Options.<game>.<seats>`` in the components): the
room options of :mod:`app.rooms.room_options` with the game's ``option_limits``.
tests/api/test_openapi_games.py checks that a value is valid by the schema exactly when
the server's ``normalize_room_options`` accepts it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.catalogue.bots import available_bots
from app.catalogue.games import catalogue_entries
from app.games.interface import GameInfo, OptionSpec
from app.games.registry import get_game, iter_games
from app.rooms.room_options import room_info

JsonSchema = dict[str, Any]
CHALLENGE_SEATS = 2  # app.social.challenges.SEATS
NULL: JsonSchema = {"type": "null"}


def spec_schema(spec: OptionSpec) -> JsonSchema:
    if spec.kind == "bool":
        return {"type": "boolean"}
    if spec.kind == "int":
        bounds = {"minimum": spec.minimum, "maximum": spec.maximum}
        return {"type": "integer", **{k: v for k, v in bounds.items() if v is not None}}
    return {"enum": list(spec.choices)}


def options_schema(info: GameInfo, seats: int) -> JsonSchema:
    """The room options ``info`` accepts at ``seats``, as JSON Schema."""
    properties = {spec.name: spec_schema(spec) for spec in room_info(info).options}
    limits = info.option_limits(seats) if info.option_limits else {}
    for name, narrowed in limits.items():
        properties[name] = {**properties[name], **narrowed}
    return {"type": "object", "properties": properties, "additionalProperties": False}


def options_ref(components: JsonSchema, info: GameInfo, seats: int) -> JsonSchema:
    name = f"Options.{info.id}.{seats}"
    if name not in components:
        components[name] = options_schema(info, seats)
    return {"$ref": f"#/components/schemas/{name}"}


def _branch(
    game: str, seats: int | JsonSchema | None, options: JsonSchema, **more: JsonSchema
) -> JsonSchema:
    """One (game, seats) branch; ``seats`` a schema rather than a count: the field may
    be left out, else must match it; None: the request has no seats."""
    properties = {"game": {"const": game}, "options": options, **more}
    required = ["game"]
    if isinstance(seats, int):
        properties["seats"] = {"const": seats}
        required.append("seats")
    elif seats is not None:
        properties["seats"] = seats
    return {"type": "object", "properties": properties, "required": required}


def room_branches(components: JsonSchema, games: Iterable[GameInfo]) -> list[JsonSchema]:
    """``POST /api/rooms``: every seat count of every game."""
    return [
        _branch(info.id, seats, options_ref(components, info, seats))
        for info in games
        for seats in range(info.min_seats, info.max_seats + 1)
    ]


def play_bots_branches(components: JsonSchema) -> list[JsonSchema]:
    """``POST /api/play/bots``: listed games, the bots each takes, seats or the default."""
    branches = []
    for entry in catalogue_entries():
        info = get_game(entry["id"]).INFO
        bots = {"enum": [bot["id"] for bot in available_bots(info.id)] + [None]}
        for seats in range(info.min_seats, info.max_seats + 1):
            options = options_ref(components, info, seats)
            branches.append(_branch(info.id, seats, options, bot=bots))
        default = options_ref(components, info, entry["play_now_seats"])
        branches.append(_branch(info.id, NULL, default, bot=bots))  # play-now seats
    return branches


def challenge_branches(components: JsonSchema) -> list[JsonSchema]:
    """``POST /api/challenges``: the games one plays against one, their 2-seat options."""
    return [
        _branch(info.id, None, options_ref(components, info, CHALLENGE_SEATS))
        for info in (game.INFO for game in iter_games())
        if info.min_seats <= CHALLENGE_SEATS <= info.max_seats
    ]


def tournament_branches(components: JsonSchema, games: Iterable[GameInfo]) -> list[JsonSchema]:
    """``POST /api/tournaments``: every seat count of every game from 2 (app.tournaments)."""
    return [
        _branch(info.id, seats, options_ref(components, info, seats))
        for info in games
        for seats in range(max(2, info.min_seats), info.max_seats + 1)
    ]


def install_game_branches(schema: JsonSchema, include_test_games: bool) -> None:
    """Narrow the request models that name a game, in place."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    games = [game.INFO for game in iter_games(include_test_games=include_test_games)]
    listed = [entry["id"] for entry in catalogue_entries()]
    narrowed = {
        "RoomCreate": room_branches(components, games),
        "PlayBotsIn": play_bots_branches(components),
        "ChallengeIn": challenge_branches(components),
        "TournamentCreate": tournament_branches(components, games),
    }
    # A room's options change: the schema cannot know the room's game, so any game's
    # options (a mismatch with the room is a 409).
    change = components.get("OptionsIn", {}).get("properties", {})
    if "options" in change:
        known = sorted(name for name in components if name.startswith("Options."))
        change["options"] = {"anyOf": [{"$ref": f"#/components/schemas/{n}"} for n in known]}
    for model, branches in narrowed.items():
        if model in components:
            components[model]["anyOf"] = branches
    join = components.get("JoinTableIn", {}).get("properties", {}).get("game")
    if join is not None:
        join.pop("maxLength", None)
        join["enum"] = listed
