"""The live scorer on packed positions gives exactly the reference scorer's answer."""

from __future__ import annotations

import pytest

from app.games.akropolis import live_score
from app.games.akropolis.components import VARIANTS
from app.games.akropolis.geometry import City, unpack
from app.games.akropolis.scoring import lakes, normalise, score_cells
from app.games.akropolis.view import visible_hexes
from tests.games.akropolis.helpers import played_cities


def test_agrees_with_score_cells_on_random_cities() -> None:
    """Every city of random games (half of the moves raise a tile when one can, so
    levels, doubled houses and level-2 temples occur), with no variant and with all."""
    checked = doubled = 0
    for rng, city in played_cities(range(40), raise_share=0.5):
        lake = lakes({unpack(p) for p in city.height})
        cells = normalise(visible_hexes(city))
        for variants in ((), VARIANTS):
            stones = rng.randrange(5)
            expected = score_cells(cells, variants, stones, lake)
            assert live_score.score(city, variants, stones, lake) == expected
            doubled += sum(d["doubled"] > 0 for d in expected["details"].values())
            checked += 1
    assert checked > 2000 and doubled > 500


def test_refuses_an_unknown_variant() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        live_score.score(City([[0, 0, 0, 0]]), ["towers"], 0, set())
