"""A page load's snapshot diffed against the compiled defaults (marketplace/hydrate_diff.py): the same answer as
Reflex's own diff, reached without turning every unchanged var into JSON."""

from __future__ import annotations

import asyncio
import copy
import hashlib
import inspect
import math
from decimal import Decimal

import pydantic
import pytest
import reflex.state as reflex_state
from hypothesis import given, settings
from hypothesis import strategies as st
from reflex.istate.data import ReflexURL, URLData
from reflex.istate.delta import _resolve_delta
from reflex.state import State
from reflex_base.utils import types as reflex_types
from reflex_base.utils.format import json_dumps

import marketplace.marketplace  # noqa: F401  (the app: its states, and the diff it puts in place)
from marketplace import hydrate_diff
from marketplace.hydrate_diff import diff_against_initial_state, same_json, surely_differs
from marketplace.shapes.catalog import CourseDetail

# The source of Reflex 0.10.1's State.hydrate_and_load, which marketplace.hydrate_diff.hydrate_and_load copies.
REFLEX_HYDRATE_AND_LOAD_SHA256 = "b40017df47df1d4266a1191d2ca7efe7406196bdb86c36d7715decbd1e4b0f0a"


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


# --- the snapshot: the same delta, without making the untouched vars ------------------------------------------------


async def _read_some_vars(root):
    """Vars read (so made, at their defaults) but not changed, and one changed back to its default."""
    from marketplace.states.cart import CartState
    from marketplace.states.listing import ListingState

    listing = await root.get_state(ListingState)
    assert listing.courses == []
    cart = await root.get_state(CartState)
    assert cart.totals.total == 0
    listing.page = 5
    listing.page = 1


async def _router_and_storage(root):
    """What a real hydrate has set before its snapshot: the page's router data and a browser-stored token."""
    from marketplace.states.session import SessionState

    root.rx_router_url = URLData.from_url(ReflexURL("http://localhost:3000/categories?page=2"))
    session = await root.get_state(SessionState)
    session.token = "a.b.c"


async def _set_computed_vars_dependencies(root):
    """Vars that computed vars read, one a chain's (a certificate's links read its text and link, which read it)."""
    from marketplace.shapes.certificates import CertificateView
    from marketplace.states.certificate import CertificateState
    from marketplace.states.listing import ListingState

    (await root.get_state(ListingState)).category = "design"  # any_filter: True
    (await root.get_state(CertificateState)).certificate = CertificateView(code="NL-1", course_title="Excel")


async def _both_snapshots(change, hashes):
    """(ours, Reflex's) for two roots made alike: Reflex's snapshot makes every default, so each gets its own."""
    ours_root, theirs_root = State(_reflex_internal_init=True), State(_reflex_internal_init=True)
    if change:
        await change(ours_root)
        await change(theirs_root)
    ours = await hydrate_diff.hydrate_snapshot(ours_root, hashes)
    theirs = await hydrate_diff._reflex_diff(State, await _resolve_delta(theirs_root.dict()), hashes)
    return ours, theirs, ours_root


@pytest.mark.parametrize(
    "change", [None, _set_some_vars, _read_some_vars, _router_and_storage, _set_computed_vars_dependencies]
)
def test_the_snapshot_of_a_new_tab_and_of_a_used_one_is_reflexs(change):
    async def check():
        await hydrate_diff._reflex_diff(State, {}, ["warm the cache"])
        ours, theirs, _root = await _both_snapshots(change, _hashes())
        assert ours == theirs
        if change is _set_some_vars:
            listing = next(name for name in ours if name.endswith("listing____listing_state"))
            assert ours[listing]["page_rx_state_"] == 3

    asyncio.run(check())


def test_a_new_tabs_snapshot_leaves_its_untouched_vars_unmade():
    async def check():
        from marketplace.states.listing import ListingState

        await hydrate_diff._reflex_diff(State, {}, ["warm the cache"])
        _ours, _theirs, root = await _both_snapshots(_router_and_storage, _hashes())
        listing = await root.get_state(ListingState)
        assert "courses" not in listing.__dict__
        assert listing.courses == []  # made when read, as ever

    asyncio.run(check())


def test_a_new_tabs_snapshot_leaves_out_computed_vars_of_untouched_vars_and_reads_the_others():
    async def check():
        from marketplace.states.certificate import CertificateState
        from marketplace.states.listing import ListingState
        from marketplace.states.session import SessionState

        await hydrate_diff._reflex_diff(State, {}, ["warm the cache"])
        _ours, _theirs, root = await _both_snapshots(_router_and_storage, _hashes())
        listing, certificate = await root.get_state(ListingState), await root.get_state(CertificateState)
        for state, name in ((listing, "any_filter"), (certificate, "whatsapp_href")):  # the second, through a chain
            assert type(state).computed_vars[name]._cache_attr not in state.__dict__, name
        assert listing.any_filter is False  # computed when read, as ever
        session = await root.get_state(SessionState)  # its token was set: what reads it is computed
        assert SessionState.computed_vars["logged_in"]._cache_attr in session.__dict__
        ours, theirs, root = await _both_snapshots(_set_computed_vars_dependencies, _hashes())
        assert ours == theirs
        certificate = await root.get_state(CertificateState)
        assert CertificateState.computed_vars["whatsapp_href"]._cache_attr in certificate.__dict__
        listing_name = next(name for name in ours if name.endswith("listing____listing_state"))
        assert ours[listing_name]["any_filter_rx_state_"] is True

    asyncio.run(check())


def test_what_a_computed_var_declared_with_an_initial_value_or_reading_other_states_is_always_read():
    plans = asyncio.run(hydrate_diff._left_out_vars(State, reflex_state._initial_snapshot_cache[State]))
    for state_cls in hydrate_diff._classes(State):
        plan = plans[state_cls.get_full_name()]
        for name in plan.computed:
            computed = state_cls.computed_vars[name]
            assert computed._cache and isinstance(computed._initial_value, reflex_types.Unset)
            assert set(computed._deps(objclass=state_cls)) <= {state_cls.get_full_name()}
    from marketplace.states.listing import ListingState
    from marketplace.states.studio_editor import StudioEditorState

    assert "any_filter" in plans[ListingState.get_full_name()].computed
    assert "price_text" not in plans[StudioEditorState.get_full_name()].computed  # reads a var made by a function


def test_the_snapshot_of_a_state_compiled_with_other_defaults_and_of_bad_hashes_is_reflexs():
    async def check():
        await hydrate_diff._reflex_diff(State, {}, ["warm the cache"])
        listing = next(
            name for name in reflex_state._initial_snapshot_cache[State].hashes if name.endswith("listing_state")
        )
        ours, theirs, _root = await _both_snapshots(_set_some_vars, _hashes(frontend_changed=listing))
        assert ours == theirs
        assert "courses_rx_state_" in ours[listing]  # sent whole
        for bad in (["nonsense"], _hashes()[:-1]):
            ours, theirs, _root = await _both_snapshots(_set_some_vars, bad)
            assert ours == theirs
            assert len(ours) == len(reflex_state._initial_snapshot_cache[State].hashes)  # every state, whole

    asyncio.run(check())


def test_a_default_made_another_way_each_time_is_always_read():
    from marketplace.states.studio_editor import StudioEditorState

    field = StudioEditorState.__fields__["draft"]
    assert not hydrate_diff._same_every_time(field)  # made by a function of ours: read, never assumed
    assert hydrate_diff._same_every_time(State.__fields__["rx_router_page"])  # a class


def test_the_app_hydrates_with_this_snapshot_in_reflexs_own_event():
    handler = State.event_handlers["hydrate_and_load"]
    assert handler.fn is hydrate_diff.hydrate_and_load
    assert State.hydrate_and_load is handler
    # hydrate_and_load is Reflex 0.10.1's with its snapshot step changed: a new Reflex must be read again.
    source = inspect.getsource(hydrate_diff._reflex_hydrate_and_load)
    assert hashlib.sha256(source.encode()).hexdigest() == REFLEX_HYDRATE_AND_LOAD_SHA256


def test_browser_kept_vars_are_reset_as_reflex_resets_them():
    async def check():
        from marketplace.states.listing import ListingState
        from marketplace.states.session import SessionState

        roots = State(_reflex_internal_init=True), State(_reflex_internal_init=True)
        for root in roots:
            session = await root.get_state(SessionState)
            session.token, session.refresh_token, session.cart_json = "a.b.c", "r", '{"items": []}'
            (await root.get_state(ListingState)).page = 4  # not kept in the browser: left as it is
            root._clean()
        hydrate_diff.reset_client_storage(roots[0])
        roots[1]._reset_client_storage()
        ours = await roots[0].get_state(SessionState), await roots[0].get_state(ListingState)
        theirs = await roots[1].get_state(SessionState), await roots[1].get_state(ListingState)
        assert ours[0].token == theirs[0].token == ""
        assert ours[0].cart_json == theirs[0].cart_json
        assert ours[1].page == theirs[1].page == 4
        assert ours[0].dirty_vars == theirs[0].dirty_vars
        assert {"token", "refresh_token", "user_json", "cart_json"} <= ours[0].dirty_vars
        assert not ours[1].dirty_vars
        assert await roots[0]._get_resolved_delta() == await roots[1]._get_resolved_delta()

    asyncio.run(check())
