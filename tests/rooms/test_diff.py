import copy
import json
import random
from typing import Any

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from app.rooms.diff import diff, diff_views

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(["a", "b", "c/d", "e~f", ""]), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=400)
@given(json_values, json_values)
def test_patch_turns_before_into_after(before: Any, after: Any) -> None:
    ops = diff(before, after)
    assert {op["op"] for op in ops} <= {"add", "remove", "replace"}
    assert jsonpatch.apply_patch(copy.deepcopy(before), ops) == after


def test_equal_views_give_no_ops() -> None:
    view = {"a": [1, {"b": 2}], "c": None}
    assert diff(view, copy.deepcopy(view)) == []


def test_list_shrink_removes_from_the_end() -> None:
    ops = diff({"x": [1, 2, 3]}, {"x": [1]})
    assert ops == [{"op": "remove", "path": "/x/2"}, {"op": "remove", "path": "/x/1"}]


def test_shared_fixture_for_the_js_patcher() -> None:
    # The same cases run in the browser test of static/js/patch.js.
    rng = random.Random(5)
    before: dict[str, Any] = {
        "board": [[rng.randint(0, 3) for _ in range(3)] for _ in range(3)],
        "turn": 0,
    }
    after = copy.deepcopy(before)
    after["board"][1][2] = 9
    after["turn"] = 1
    assert diff(before, after) == [
        {"op": "replace", "path": "/board/1/2", "value": 9},
        {"op": "replace", "path": "/turn", "value": 1},
    ]


big_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 2) | st.floats(-2, 2, allow_nan=False),
    lambda children: (
        st.lists(children, min_size=6, max_size=12)
        | st.dictionaries(st.sampled_from(list("abcdefghijkl")), children, min_size=6, max_size=12)
    ),
    max_leaves=60,
)


@settings(max_examples=120)
@given(big_values, big_values)
def test_large_containers_take_the_serialised_fast_path_correctly(before: Any, after: Any) -> None:
    assert jsonpatch.apply_patch(copy.deepcopy(before), diff(before, after)) == after


def test_true_is_not_one_even_inside_equal_looking_containers() -> None:
    before = {"flags": [1] * 10, "score": 1.0}
    after = {"flags": [True] * 10, "score": 1}
    ops = diff(before, after)
    assert len(ops) == 11
    assert {"op": "replace", "path": "/flags/0", "value": True} in ops
    assert {"op": "replace", "path": "/score", "value": 1} in ops


def test_views_of_several_audiences_share_the_work_and_stay_exact() -> None:
    public_before = {"board": list(range(20)), "log": ["a", "b", "c"]}
    public_after = {"board": [*range(10), 99, *range(10, 20)], "log": ["a", "b", "c", "d"]}
    pairs = {
        "0": ({**public_before, "hand": [1, 2, 3]}, {**public_after, "hand": [1, 3, 4]}),
        "s": (dict(public_before), dict(public_after)),
    }
    patches = diff_views(pairs)
    for audience, (before, after) in pairs.items():
        assert jsonpatch.apply_patch(copy.deepcopy(before), patches[audience]) == after
    assert {"op": "add", "path": "/board/10", "value": 99} in patches["s"]
    assert len(patches["s"]) == 2  # one insertion in the middle, one append


def test_audiences_sharing_the_same_objects_get_exact_patches() -> None:
    # Games hand every audience the same public objects (the memo's identity fast path),
    # under a wrapper and a per-audience dict rebuilt for each; one shared pair also sits
    # at a second place, where its ops must be re-pathed.
    rng = random.Random(7)
    for _ in range(200):
        shared_before = {"cities": [[rng.randint(0, 3) for _ in range(6)] for _ in range(3)]}
        shared_after = copy.deepcopy(shared_before)
        shared_after["cities"][rng.randrange(3)].append(rng.randint(0, 3))
        site_before, site_after = [1, 2, 3, 4], [2, 3, 4]
        pairs = {
            audience: (
                {"to_act": [0], "game": {"you": audience, "pub": shared_before,
                                         "again": {"x": shared_before}, "site": site_before}},
                {"to_act": [1], "game": {"you": audience, "pub": shared_after,
                                         "again": {"x": shared_after}, "site": site_after}},
            )
            for audience in ("0", "1", "spectator")
        }  # fmt: skip
        patches = diff_views(pairs)
        for audience, (before, after) in pairs.items():
            # A JSON copy, as a client holds it (deepcopy would keep the sharing).
            client = json.loads(json.dumps(before))
            assert jsonpatch.apply_patch(client, patches[audience]) == after


@settings(max_examples=300)
@given(
    st.lists(json_values, max_size=12),
    st.lists(st.tuples(st.integers(0, 12), json_values), max_size=5),
    st.booleans(),
)
def test_items_only_added_or_only_removed_give_one_op_each(
    items: list[Any], inserts: list[tuple[int, Any]], removing: bool
) -> None:
    """A city's hexes gain a few items sorted in: one ``add`` each (no difflib),
    and the symmetric case, whatever duplicates the lists hold."""
    longer = list(items)
    for at, value in inserts:
        longer.insert(min(at, len(longer)), value)
    before, after = (longer, items) if removing else (items, longer)
    ops = diff({"h": before}, {"h": after})
    assert jsonpatch.apply_patch(copy.deepcopy({"h": before}), ops) == {"h": after}
    assert len(ops) == len(inserts)


def test_containers_sharing_most_items_are_walked_and_stay_exact() -> None:
    """Most items the same objects: walked (no whole serialisation), and still exact,
    including a shared-looking item whose value changed type."""
    hexes = [{"q": q, "level": 1} for q in range(10)]
    before = {"game": {"cities": [{"seat": 0, "hexes": hexes, "score": {"total": 1}}]}}
    changed = list(hexes)
    changed[4] = {"q": 4, "level": True}
    changed.insert(7, {"q": 99, "level": 2})
    after = {"game": {"cities": [{"seat": 0, "hexes": changed, "score": {"total": 1.0}}]}}
    ops = diff(before, after)
    assert jsonpatch.apply_patch(copy.deepcopy(before), ops) == after
    assert {op["path"] for op in ops} == {
        "/game/cities/0/hexes/4/level",
        "/game/cities/0/hexes/7",
        "/game/cities/0/score/total",
    }
