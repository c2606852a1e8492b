"""The app's assembly (app.main): its routes can be tried in any order."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from starlette.routing import Mount

from app.config import Settings
from app.main import create_app


def leaf_routes(routes: list[Any]) -> Iterator[Any]:
    for route in routes:
        inner = getattr(route, "original_router", None)  # an included router
        if inner is not None:
            yield from leaf_routes(inner.routes)
        else:
            yield route


def test_no_two_routes_match_one_method_and_path(tmp_path: Path) -> None:
    """app.main includes the busiest routers first: that is safe only while no request
    could be taken by two routes (then the first one would win)."""
    app = create_app(Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'a.db'}"))
    # The static files' mount comes after every route (it takes only /static/...).
    routes = [r for r in leaf_routes(app.router.routes) if not isinstance(r, Mount)]
    assert len(routes) > 50

    def kinds(route: Any) -> set[str]:  # a socket route has no methods
        return set(getattr(route, "methods", None) or {"WEBSOCKET"})

    for route in routes:
        sample = re.sub(r"\{[^}]+\}", "x1", route.path)
        for kind in kinds(route):
            takers = [
                other.path
                for other in routes
                if kind in kinds(other) and other.path_regex.match(sample)
            ]
            assert takers == [route.path], (kind, sample, takers)
