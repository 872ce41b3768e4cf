"""A page load's snapshot made without what the diff would drop (marketplace/hydrate_snapshot.py): the same delta as
Reflex's snapshot and diff, with the untouched vars and the computed vars read from them never made."""

from __future__ import annotations

import asyncio
import copy
import functools
import hashlib
import inspect

import pytest
import reflex as rx
import reflex.state as reflex_state
from reflex.istate.data import ReflexURL, URLData
from reflex.istate.delta import _resolve_delta
from reflex.state import State
from reflex_base.utils import types as reflex_types

import marketplace.marketplace  # noqa: F401  (the app: its states, and the snapshot it puts in place)
from marketplace import hydrate_diff, hydrate_snapshot
from tests.unit.test_hydrate_diff import _hashes, _set_some_vars

# The source of Reflex 0.10.1's State.hydrate_and_load, which marketplace.hydrate_snapshot.hydrate_and_load copies.
REFLEX_HYDRATE_AND_LOAD_SHA256 = "b40017df47df1d4266a1191d2ca7efe7406196bdb86c36d7715decbd1e4b0f0a"


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


async def _change_what_a_computed_var_read(root):
    """A computed var read (so its value kept) and then one of its vars changed, not yet sent: the snapshot must
    compute it again, as Reflex's marks it dirty first."""
    from marketplace.states.listing import ListingState

    listing = await root.get_state(ListingState)
    assert listing.any_filter is False
    listing.category = "design"


async def _both_snapshots(change, hashes):
    """(ours, Reflex's) for two roots made alike: Reflex's snapshot makes every default, so each gets its own."""
    ours_root, theirs_root = State(_reflex_internal_init=True), State(_reflex_internal_init=True)
    if change:
        await change(ours_root)
        await change(theirs_root)
    ours = await hydrate_snapshot.hydrate_snapshot(ours_root, hashes)
    theirs = await hydrate_diff._reflex_diff(State, await _resolve_delta(theirs_root.dict()), hashes)
    return ours, theirs, ours_root


@pytest.mark.parametrize(
    "change",
    [
        None,
        _set_some_vars,
        _read_some_vars,
        _router_and_storage,
        _set_computed_vars_dependencies,
        _change_what_a_computed_var_read,
    ],
)
def test_the_snapshot_of_a_new_tab_and_of_a_used_one_is_reflexs(change):
    async def check():
        await hydrate_diff._reflex_diff(State, {}, ["warm the cache"])
        ours, theirs, _root = await _both_snapshots(change, _hashes())
        assert ours == theirs
        listing = next((name for name in ours if name.endswith("listing____listing_state")), None)
        if change is _set_some_vars:
            assert listing is not None and ours[listing]["page_rx_state_"] == 3
        if change is _change_what_a_computed_var_read:
            assert listing is not None and ours[listing]["any_filter_rx_state_"] is True

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
    asyncio.run(hydrate_diff._reflex_diff(State, {}, ["warm the cache"]))
    plans = asyncio.run(hydrate_snapshot._left_out_vars(State, reflex_state._initial_snapshot_cache[State]))
    for state_cls in hydrate_snapshot._classes(State):
        plan = plans[state_cls.get_full_name()]
        for name in plan.computed:
            computed = state_cls.computed_vars[name]
            assert computed._cache and isinstance(computed._initial_value, reflex_types.Unset)
            assert set(computed._deps(objclass=state_cls)) <= {state_cls.get_full_name()}
    from marketplace.states.listing import ListingState
    from marketplace.states.studio_editor import StudioEditorState

    assert "any_filter" in plans[ListingState.get_full_name()].computed
    # The studio's draft is made by a class given plain values: its computed vars are left out while it is unmade.
    assert {"price_text", "durations"} <= set(plans[StudioEditorState.get_full_name()].computed)


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
    from marketplace.shapes.studio import CourseDraft
    from marketplace.states.studio_editor import StudioEditorState

    same = hydrate_snapshot._same_every_time
    assert same(State.__fields__["rx_router_page"])  # a class
    assert same(StudioEditorState.__fields__["draft"])  # a class given plain values
    assert same(rx.field(default_factory=functools.partial(copy.deepcopy, [1, 2])))  # Reflex's copy of a literal
    # A function of ours, or a class given a value that could change between two calls: read, never assumed.
    assert not same(rx.field(default_factory=lambda: CourseDraft(id=0, title="")))
    assert not same(rx.field(default_factory=functools.partial(CourseDraft, id=0, title="", learn=["x"])))
    assert not same(rx.field(default_factory=functools.partial(lambda title: title, "x")))


def test_the_app_hydrates_with_this_snapshot_in_reflexs_own_event():
    handler = State.event_handlers["hydrate_and_load"]
    assert handler.fn is hydrate_snapshot.hydrate_and_load
    assert State.hydrate_and_load is handler
    # hydrate_and_load is Reflex 0.10.1's with its snapshot step changed: a new Reflex must be read again.
    source = inspect.getsource(hydrate_snapshot._reflex_hydrate_and_load)
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
        hydrate_snapshot.reset_client_storage(roots[0])
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
