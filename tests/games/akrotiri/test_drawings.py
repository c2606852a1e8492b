"""The board's tile catalogue is generated from the rules package's data."""

from __future__ import annotations

from pathlib import Path

from app.games.akrotiri.drawings import javascript, tile_drawings

TILES_JS = Path(__file__).resolve().parents[3] / "static/js/boards/akrotiri/tiles.js"


def test_static_tile_catalogue_matches_the_component_data() -> None:
    # Regenerate with: python -m app.games.akrotiri.drawings > static/js/boards/akrotiri/tiles.js
    assert TILES_JS.read_text("utf-8") == javascript()


def test_catalogue_covers_every_tile() -> None:
    drawings = tile_drawings()
    assert len(drawings) == 36
    assert all(len(d["routes"]) >= 4 and d["pieces"] and d["ports"] for d in drawings.values())
