import copy
import random
from typing import Any

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from app.rooms.diff import diff

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
    before = {"board": [[rng.randint(0, 3) for _ in range(3)] for _ in range(3)], "turn": 0}
    after = copy.deepcopy(before)
    after["board"][1][2] = 9
    after["turn"] = 1
    assert diff(before, after) == [
        {"op": "replace", "path": "/board/1/2", "value": 9},
        {"op": "replace", "path": "/turn", "value": 1},
    ]
