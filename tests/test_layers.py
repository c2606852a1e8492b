"""The import-linter contracts (pyproject.toml) cover every game the registry serves."""

from __future__ import annotations

import tomllib

from app.config import ROOT
from app.games.registry import GAME_MODULES


def _contract(name_start: str) -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"].startswith(name_start))


def test_bots_may_not_import_any_registered_game() -> None:
    forbidden = _contract("app.bots uses only the game interface")["forbidden_modules"]
    assert isinstance(forbidden, list)
    missing = [module for module in GAME_MODULES if module not in forbidden]
    assert not missing, f"add {missing} to the app.bots contract in pyproject.toml"
