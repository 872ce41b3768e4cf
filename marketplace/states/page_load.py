"""A form sent while its page is still loading is answered after the load, so the load cannot wipe the answer.

The account pages (log in, sign up, forgot and reset password) and the studio's new-course page clear their form
on load: a fresh form every visit. Reflex runs a tab's events one at a time, in the order they were queued, and
queues a page's on_load handlers only while it runs the navigation's own event (``on_load_internal``, or the
hydrate of a new tab). A submit that reached the server before that event had finished therefore runs before the
page's reset, which then wipes its answer: the "we have sent a link" notice, a sign-up's confirmation, a wrong
password's message. The browser cannot always prevent it: a navigation's submit buttons wait for
``is_hydrated``, but a previous page's late "hydrated" can reach the browser after the navigation began and enable
them early.

The server knows: it sets ``is_hydrated`` false when it queues a page's on_load handlers and true in the last
event of that chain. A submit wrapped in :func:`answered_after_page_load` that finds it false sends itself again,
to the back of the tab's queue, which is behind the whole chain; it runs there once, as it would have.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import reflex as rx


async def page_still_loading(state: rx.State) -> bool:
    """Whether the page this tab is on has on_load handlers queued that have not all run yet."""
    root = await state.get_state(rx.State)
    return not root.is_hydrated


def answered_after_page_load(submit: Callable[[Any, dict], AsyncIterator[Any]]) -> Callable[..., AsyncIterator[Any]]:
    """Make a form's submit (an async generator method taking the form's data) wait for its page's load.

    Put it under ``@rx.event``. The handler Reflex sees takes ``after_load`` as well: the second pass's mark, so an
    event is sent round once at most (a browser that sends it only skips the wait).
    """

    async def handler(self: rx.State, form: dict, after_load: bool = False) -> AsyncIterator[Any]:
        if not after_load and await page_still_loading(self):
            yield getattr(type(self), submit.__name__)(form, True)
            return
        async for update in submit(self, form):
            yield update

    handler.__name__, handler.__qualname__, handler.__doc__ = submit.__name__, submit.__qualname__, submit.__doc__
    handler.__module__ = submit.__module__
    return handler
