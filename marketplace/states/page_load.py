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
event of that chain. A submit that finds it false sends itself again, to the back of the tab's queue, which is
behind the whole chain; it runs there once, as it would have.
"""

from __future__ import annotations

import reflex as rx


async def page_still_loading(state: rx.State) -> bool:
    """Whether the page this tab is on has on_load handlers queued that have not all run yet."""
    root = await state.get_state(rx.State)
    return not root.is_hydrated
