"""An event's delta and its frontend events in one websocket message (marketplace/one_reply.py)."""

from __future__ import annotations

import asyncio
import hashlib
import inspect
from types import SimpleNamespace

import pytest
import reflex as rx
from reflex.istate.manager.memory import StateManagerMemory
from reflex_base.event.context import EventContext
from reflex_base.event.processor import base_state_processor

import marketplace.marketplace  # noqa: F401  (the app: its states, and the one-message answer it puts in place)
from marketplace import one_reply
from marketplace.states import toasts
from marketplace.states.cart import CartState
from marketplace.states.session import SessionState

# The source of Reflex 0.10.1's chain_updates, whose order (delta resolved, sent, then the root cleaned; frontend
# events to the browser, the rest queued) marketplace.one_reply.chain_updates keeps.
REFLEX_CHAIN_UPDATES_SHA256 = "e41aa991f40f52fb24a5b265167a1ff3025214a45b7ef36bac6c8d2884b42172"


class _Browser:
    """What reaches the browser and the queue: every emitted update, delta and event as their own calls."""

    def __init__(self) -> None:
        self.updates: list = []  # (delta, frontend event names) of each message through the namespace
        self.deltas: list = []  # messages through the context's delta-only path
        self.events: list = []  # messages through the context's events-only path
        self.queued: list = []  # event names queued for the server

    async def emit_update(self, update, token: str) -> None:
        assert token == "tab-1"
        self.updates.append((update.delta, [event.name for event in update.events]))

    async def emit_delta(self, token: str, delta) -> None:
        self.deltas.append(delta)

    async def emit_event(self, token: str, *events) -> None:
        self.events.append([event.name for event in events])

    async def enqueue(self, token: str, *events) -> None:
        self.queued.extend(event.name for event in events)


def _context(browser: _Browser, *, configured: bool = True) -> EventContext:
    return EventContext(
        token="tab-1",
        state_manager=StateManagerMemory(),
        enqueue_impl=browser.enqueue,
        emit_delta_impl=browser.emit_delta if configured else None,
        emit_event_impl=browser.emit_event if configured else None,
    )


def _changed_root() -> rx.State:
    """A tab whose cart in local storage just changed (what Add To Cart does), its earlier state already sent."""
    root = rx.State()
    root._clean()
    root.get_substate([rx.State.get_name(), SessionState.get_name()]).cart_json = '{"items": []}'
    return root


def _unchanged_root() -> rx.State:
    """A tab whose state was all sent already."""
    root = rx.State()
    root._clean()
    return root


async def _chain(browser: _Browser, events, root, *, configured: bool = True, app=True) -> None:
    token = EventContext.set(_context(browser, configured=configured))
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(one_reply, "_app", SimpleNamespace(event_namespace=browser) if app else None)
            await base_state_processor.chain_updates(events, handler_name="test", root_state=root)
    finally:
        EventContext.reset(token)


def _session_delta(delta) -> dict:
    return delta[SessionState.get_full_name()]


def test_the_app_answers_through_its_own_chain_updates():
    assert base_state_processor.chain_updates is one_reply.chain_updates


def test_reflex_chain_updates_is_the_one_this_mirrors():
    """A Reflex upgrade that changes how a handler's answer is sent fails here: read it again against ours."""
    source = inspect.getsource(one_reply._reflex_chain_updates)
    assert hashlib.sha256(source.encode()).hexdigest() == REFLEX_CHAIN_UPDATES_SHA256


def test_a_change_and_a_toast_are_one_message_and_a_server_event_is_queued():
    browser = _Browser()
    root = _changed_root()
    asyncio.run(_chain(browser, [toasts.success("Course added to cart"), CartState.refresh], root))
    assert len(browser.updates) == 1 and not browser.deltas and not browser.events
    delta, events = browser.updates[0]
    assert [value for key, value in _session_delta(delta).items() if key.startswith("cart_json")] == ['{"items": []}']
    assert events == ["_call_function"]  # the toast
    assert browser.queued == [f"{CartState.get_full_name()}.refresh"]
    assert not root.dirty_vars and not any(s.dirty_vars for s in root.substates.values())  # cleaned, as Reflex


def test_a_toast_alone_and_a_change_alone_are_each_one_message():
    browser = _Browser()
    asyncio.run(_chain(browser, toasts.info("Already in your cart"), _unchanged_root()))
    assert browser.updates == [({}, ["_call_function"])] and not browser.deltas and not browser.events
    browser = _Browser()
    asyncio.run(_chain(browser, None, _changed_root()))  # the end of a handler: Reflex's own path
    assert len(browser.deltas) == 1 and not browser.updates


@pytest.mark.parametrize("configured, app", [(False, True), (True, False)])
def test_without_an_event_namespace_reflex_sends_them_as_before(configured, app):
    """Unit tests of states (no namespace) and a context without a browser go through Reflex's own path."""
    browser = _Browser()
    asyncio.run(_chain(browser, toasts.success("Saved"), _changed_root(), configured=configured, app=app))
    assert not browser.updates
    if configured:
        assert len(browser.deltas) == 1 and len(browser.events) == 1


def test_an_answer_that_is_no_event_still_sends_the_change_first():
    browser = _Browser()
    with pytest.raises(TypeError):
        asyncio.run(_chain(browser, object(), _changed_root()))
    assert len(browser.deltas) == 1 and not browser.updates
