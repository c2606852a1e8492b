"""Generic validation of room options against a game's :class:`OptionSpec` list."""

from __future__ import annotations

from typing import Any

from app.games.interface import GameInfo, InvalidOptions, JsonDict


def normalize_options(info: GameInfo, seats: int, raw: JsonDict | None) -> JsonDict:
    """Fill defaults, type-check every option and run the game's own cross-checks.

    Unknown option names are refused rather than ignored, so a typo never silently
    starts a game with other settings than the host asked for.
    """
    if not info.min_seats <= seats <= info.max_seats:
        raise InvalidOptions(
            f"{info.id} is played by {info.min_seats} to {info.max_seats} seats, not {seats}"
        )
    raw = dict(raw or {})
    specs = {spec.name: spec for spec in info.options}
    unknown = sorted(set(raw) - set(specs))
    if unknown:
        raise InvalidOptions(f"unknown option(s) for {info.id}: {', '.join(unknown)}")
    options: JsonDict = {}
    for name, spec in specs.items():
        value: Any = raw.get(name, spec.default)
        if spec.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidOptions(f"option {name} must be true or false")
        elif spec.kind == "int":
            if isinstance(value, float) and value.is_integer():
                value = int(value)  # JSON has one number type: 3.0 is the integer 3
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(f"option {name} must be a whole number")
            if spec.minimum is not None and value < spec.minimum:
                raise InvalidOptions(f"option {name} must be at least {spec.minimum}")
            if spec.maximum is not None and value > spec.maximum:
                raise InvalidOptions(f"option {name} must be at most {spec.maximum}")
        elif value not in spec.choices:
            allowed = ", ".join(str(choice) for choice in spec.choices)
            raise InvalidOptions(f"option {name} must be one of: {allowed}")
        options[name] = value
    if info.check_options is not None:
        info.check_options(seats, options)
    return options
