"""A page load's snapshot diffed against the compiled defaults (marketplace/hydrate_diff.py): the same answer as
Reflex's own diff, reached without turning every unchanged var into JSON."""

from __future__ import annotations

import asyncio
import copy
import math
from decimal import Decimal

import pydantic
import pytest
import reflex.state as reflex_state
from hypothesis import given, settings
from hypothesis import strategies as st
from reflex.istate.delta import _resolve_delta
from reflex.state import State
from reflex_base.utils.format import json_dumps

import marketplace.marketplace  # noqa: F401  (the app: its states, and the diff it puts in place)
from marketplace import hydrate_diff
from marketplace.hydrate_diff import diff_against_initial_state, same_json, surely_differs
from marketplace.shapes.catalog import CourseDetail


class Point(pydantic.BaseModel):
    x: float = 0.0
    tags: list[str] = []
    extra: dict[str, int] = {}


class Open(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="allow")
    x: int = 0


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(min_value=-2, max_value=2),
    st.just(math.nan),
    st.decimals(min_value=-2, max_value=2, places=2),
    st.sampled_from([Decimal("0"), Decimal("0.00"), Decimal("-0")]),
    st.sampled_from([0.0, -0.0, 1.0]),
    st.text(max_size=3),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.one_of(st.text(max_size=2), st.integers(0, 2), st.booleans()), inner, max_size=3),
        st.builds(Point, x=st.floats(-1, 1), tags=st.lists(st.text(max_size=2), max_size=2)),
    ),
    max_leaves=8,
)


def _has_nan(value) -> bool:
    """Whether a float NaN is anywhere in ``value`` (it is never equal to itself, so never the same JSON)."""
    if isinstance(value, float):
        return math.isnan(value)
    if isinstance(value, (list, tuple)):
        return any(map(_has_nan, value))
    if isinstance(value, dict):
        return any(_has_nan(key) or _has_nan(item) for key, item in value.items())
    if isinstance(value, pydantic.BaseModel):
        return _has_nan(value.__dict__)
    return False


def _near(value):
    """A value equal to ``value`` but built anew, so identity never decides."""
    return copy.deepcopy(value)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(values, values)
def test_two_values_called_the_same_json_write_the_same_text(a, b):
    if same_json(a, b):
        assert json_dumps(a) == json_dumps(b)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(values, values)
def test_two_values_called_surely_different_write_different_text(a, b):
    if surely_differs(a, b):
        assert json_dumps(a) != json_dumps(b)
    assert not (surely_differs(a, b) and same_json(a, b))


@pytest.mark.parametrize(
    ("value", "default", "differs"),
    [
        ("a", "b", True),
        (2, 1, True),
        (True, False, True),
        ([1, 2], [1], True),
        ({"a": 1}, {}, True),
        ([1], [2], False),  # the same length: left to the JSON
        ((1,), [1], False),  # written alike
        (1, 1.0, False),
        (Point(x=1), Point(), False),
    ],
)
def test_what_is_surely_different(value, default, differs):
    assert surely_differs(value, default) is differs


@settings(max_examples=300, deadline=None, derandomize=True)
@given(values)
def test_a_copy_of_a_value_without_nan_is_the_same_json(a):
    assert same_json(a, _near(a)) == (not _has_nan(a))


@pytest.mark.parametrize(
    ("value", "default"),
    [
        (1, 1.0),
        (1, True),
        (0, False),
        (-0.0, 0.0),
        (math.nan, math.nan),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
        ({1: "x"}, {True: "x"}),
        ([1], (1,)),
        (Decimal("0"), Decimal("0.00")),
        (Decimal("0"), Decimal("-0")),
        (Point(x=-0.0), Point(x=0.0)),
        (Point(tags=["a"]), Point()),
        (Open(x=1, more=2), Open(x=1, more=2)),
        (object(), object()),
    ],
)
def test_values_that_may_write_other_text_are_left_to_json(value, default):
    assert not same_json(value, default)


def test_equal_values_of_the_same_kind_are_the_same_json():
    assert same_json("", "")
    assert same_json([], [])
    assert same_json({"a": [1, 2.5, None]}, {"a": [1, 2.5, None]})
    assert same_json(CourseDetail(), CourseDetail())
    assert same_json(Point(x=0.5, tags=["x"]), Point(x=0.5, tags=["x"]))


# --- against Reflex's own diff, on the app's state tree ---------------------------------------------------------------


def _hashes(frontend_changed: str | None = None) -> list[str]:
    cached = reflex_state._initial_snapshot_cache[State]
    names = sorted(cached.hashes)
    return [cached.names_digest] + [
        "0" * len(cached.hashes[name]) if name == frontend_changed else cached.hashes[name] for name in names
    ]


async def _snapshot(change=None) -> dict:
    root = State(_reflex_internal_init=True)
    if change:
        await change(root)
    return await _resolve_delta(root.dict())


async def _both(delta, hashes):
    ours = await diff_against_initial_state(State, copy.deepcopy(delta), hashes)
    theirs = await hydrate_diff._reflex_diff(State, copy.deepcopy(delta), hashes)
    return ours, theirs


async def _set_some_vars(root):
    from marketplace.states.course import CourseState
    from marketplace.states.listing import ListingState
    from marketplace.states.session import SessionState

    listing = await root.get_state(ListingState)
    listing.page = 3
    listing.sort = "price"
    listing.languages = ["English", "Yoruba"]
    listing.mentors = []  # a new list, equal to the default: nothing to send
    course = await root.get_state(CourseState)
    course.course = CourseDetail(id=7, title="Data analysis")
    course.has_preview = False  # set to its default: still nothing to send
    session = await root.get_state(SessionState)
    session.refresh_token = "abc"


def test_the_diff_of_a_fresh_tab_and_of_a_used_one_is_reflexs():
    async def check():
        await _snapshot()
        await hydrate_diff._reflex_diff(State, {}, ["warm the cache"])
        for change in (None, _set_some_vars):
            delta = await _snapshot(change)
            ours, theirs = await _both(delta, _hashes())
            assert ours == theirs
            if change:
                sent = {state.rsplit(".", 1)[-1]: sorted(vars_) for state, vars_ in ours.items()}
                assert sent["marketplace___states___listing____listing_state"] == [
                    "languages_rx_state_",
                    "page_rx_state_",
                    "sort_rx_state_",
                ]
                assert "course_rx_state_" in sent["marketplace___states___course____course_state"]
                assert "has_preview_rx_state_" not in sent["marketplace___states___course____course_state"]

    asyncio.run(check())


def test_a_state_compiled_with_other_defaults_is_sent_whole_and_other_states_or_bad_hashes_as_reflex_does():
    async def check():
        delta = await _snapshot(_set_some_vars)
        await hydrate_diff._reflex_diff(State, {}, ["warm the cache"])  # _hashes reads Reflex's snapshot
        listing = next(name for name in delta if name.endswith("listing____listing_state"))
        ours, theirs = await _both(delta, _hashes(frontend_changed=listing))
        assert ours == theirs
        assert ours[listing] == delta[listing]
        for bad in (["nonsense"], _hashes()[:-1], []):
            ours, theirs = await _both(delta, bad)
            assert ours == theirs == delta

    asyncio.run(check())


def test_without_reflexs_snapshot_the_answer_is_reflexs(monkeypatch):
    async def check():
        delta = await _snapshot(_set_some_vars)
        await hydrate_diff._reflex_diff(State, {}, ["warm the cache"])
        hashes = _hashes()
        expected = await hydrate_diff._reflex_diff(State, copy.deepcopy(delta), hashes)
        monkeypatch.setattr(reflex_state, "_initial_snapshot_cache", {})
        assert await diff_against_initial_state(State, copy.deepcopy(delta), hashes) == expected

    asyncio.run(check())


def test_a_default_changed_since_reflexs_snapshot_is_compared_as_text(monkeypatch):
    async def check():
        await hydrate_diff._reflex_diff(State, {}, ["warm the cache"])
        cached = reflex_state._initial_snapshot_cache[State]
        listing = next(name for name in cached.serialized if name.endswith("listing____listing_state"))
        changed = copy.deepcopy(cached)
        changed.serialized[listing]["page_rx_state_"] = "2"
        monkeypatch.setitem(reflex_state._initial_snapshot_cache, State, changed)
        delta = await _snapshot()
        ours, theirs = await _both(delta, _hashes())
        assert ours == theirs
        assert ours[listing] == {"page_rx_state_": 1}

    asyncio.run(check())


def test_the_app_hydrates_with_this_diff():
    assert reflex_state._diff_against_initial_state is diff_against_initial_state
    assert hydrate_diff._reflex_diff is not diff_against_initial_state
