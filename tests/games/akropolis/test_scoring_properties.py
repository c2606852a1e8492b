"""Property tests of ``score_city`` on arbitrary maps (hypothesis): symmetries of the hex
grid, lakes, variants only ever add points."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.akropolis.components import TYPES, VARIANTS
from app.games.akropolis.scoring import NEIGHBOURS, lakes, score_city, score_details

HEXES = st.one_of(
    st.just({"kind": "quarry"}),
    st.builds(lambda t: {"kind": "district", "type": t}, st.sampled_from(TYPES)),
    st.builds(
        lambda t, n: {"kind": "plaza", "type": t, "stars": n},
        st.sampled_from(TYPES),
        st.integers(1, 3),
    ),
)
CITIES = st.dictionaries(
    st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
    st.tuples(st.integers(1, 4), HEXES),
    max_size=45,
)
VARIANT_SETS = st.sets(st.sampled_from(VARIANTS))


def _as_list(city: dict[tuple[int, int], tuple[int, dict]], move: Any = None) -> list[dict]:
    out = []
    for (q, r), (level, hex_) in city.items():
        q2, r2 = move(q, r) if move else (q, r)
        out.append({"q": q2, "r": r2, "level": level, "hex": hex_})
    return out


@settings(max_examples=150, deadline=None)
@given(CITIES, VARIANT_SETS, st.integers(0, 9), st.integers(-50, 50), st.integers(-50, 50))
def test_symmetries(city: dict, variants: set[str], stones: int, dq: int, dr: int) -> None:
    base = score_city(_as_list(city), variants, stones)
    assert base["total"] == sum(base[t] for t in TYPES) + stones
    moves = [
        lambda q, r: (q + dq, r + dr),  # translation
        lambda q, r: (-r, q + r),  # rotation by 60 degrees
        lambda q, r: (r, q),  # mirror
    ]
    for move in moves:
        assert score_city(_as_list(city, move), variants, stones) == base


@settings(max_examples=150, deadline=None)
@given(CITIES, VARIANT_SETS)
def test_variants_only_add_and_details_add_up(city: dict, variants: set[str]) -> None:
    plain = score_details(_as_list(city))
    more = score_details(_as_list(city), variants)
    for type_ in TYPES:
        assert more[type_] >= plain[type_]
        detail = more["details"][type_]
        assert detail["points"] == detail["value"] * detail["stars"] == more[type_]
        assert detail["doubled"] <= detail["qualifying"] <= detail["districts"]


@settings(max_examples=150, deadline=None)
@given(CITIES)
def test_lakes_are_enclosed_empty_positions(city: dict) -> None:
    occupied = set(city)
    found = lakes(occupied)
    assert not found & occupied
    for q, r in found:
        for dq, dr in NEIGHBOURS:
            n = (q + dq, r + dr)
            assert n in occupied or n in found
    if occupied:
        qs = [q for q, _ in occupied]
        rs = [r for _, r in occupied]
        assert all(min(qs) < q < max(qs) and min(rs) < r < max(rs) for q, r in found)
