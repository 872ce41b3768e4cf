"""An event's changes and the browser-side events it asks for (a toast, a redirect) in one websocket message.

Reflex 0.10.1 answers a handler that changes the state and returns a toast with two messages: the delta, then the
toast on its own (``chain_updates`` in ``reflex_base.event.processor.base_state_processor``). Each message is
encoded, framed by Socket.IO and written, and each ``emit_update`` yields a loop tick: for the pages' commonest
events (Add To Cart, a review, a vote, each answered with a toast) the second message was about a tenth of the
event's time on the worker (issue 14, py-spy).

The browser's reducer takes both in one message, and in the order Reflex keeps: it applies the delta, stores what
goes to local storage, then runs the events (``socket.on("event")`` in ``.web/utils/state.js``), so a toast or a
redirect still runs against the state it follows. :func:`chain_updates` below sends one ``StateUpdate`` with both;
with no frontend event, or where no event namespace is configured (unit tests of states), it is Reflex's own.
Events for the server (``State.handler`` chained after this one) are queued as before.
"""

from __future__ import annotations

from typing import Any

from reflex.state import BaseState, StateUpdate
from reflex_base.event import Event
from reflex_base.event.context import EventContext
from reflex_base.event.processor import base_state_processor

_reflex_chain_updates = base_state_processor.chain_updates
_app: Any = None  # the app whose event namespace answers (set once it is made)


async def chain_updates(events: Any, handler_name: str, root_state: BaseState | None = None) -> None:
    """Reflex's ``chain_updates``, with the delta and the frontend events in one message (module docstring)."""
    ctx = EventContext.get()
    namespace = _app.event_namespace if _app is not None else None
    if root_state is None or events is None or namespace is None or ctx.emit_delta_impl is None:
        await _reflex_chain_updates(events, handler_name, root_state)
        return
    backend: list[Event] = []
    try:  # as Reflex: the delta resolved, then sent, and only then the root cleaned (linked states fan out there)
        delta = await root_state._get_resolved_delta()
        try:
            fixed = Event.from_event_type(base_state_processor._check_valid_yield(events, handler_name=handler_name))
        except Exception:
            if delta:  # what changed still reaches the browser before the handler's error is handled
                await ctx.emit_delta(delta)
            raise
        frontend = [event for event in fixed if event.name.startswith("_")]
        backend = [event for event in fixed if not event.name.startswith("_")]
        if delta or frontend:
            await namespace.emit_update(update=StateUpdate(delta=delta, events=frontend), token=ctx.token)
    finally:
        root_state._clean()
    if backend:
        await ctx.enqueue(*backend)


def answer_in_one_message(app: Any) -> None:
    """Send each event's delta and its frontend events together (called once, when the app is made)."""
    global _app
    _app = app
    base_state_processor.chain_updates = chain_updates
