"""Live delivery of a just-committed chat message, and of new notifications' bells, to the pages where people
are looking.

The domain stores messages and notifications; how they reach open pages is the UI's business (a Reflex shared room
per conversation and each person's bell, which Reflex keeps in Redis and pushes to every linked tab on any
worker). The UI layer registers that delivery here with :func:`on_message` and :func:`on_notified`, so the JSON
API, which must not import the UI, can trigger the same delivery with :func:`announce_message_from_thread` and
:func:`ring_from_thread` after it commits.

Live delivery is a convenience on top of stored data: a failure is logged, never raised, and the page
catches up on its next load.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import anyio.from_thread

from marketplace.shapes.social import ChatMessage

log = logging.getLogger(__name__)

Deliver = Callable[[ChatMessage], Awaitable[None]]
_deliverers: list[Deliver] = []
Ring = Callable[[set[int]], None]  # called on the server's event loop; it only schedules the bells' recount
_ringers: list[Ring] = []


def on_message(deliver: Deliver) -> Deliver:
    """Register how a committed message (as ``domain.chat.send_message`` answers it) reaches open pages."""
    if deliver not in _deliverers:
        _deliverers.append(deliver)
    return deliver


async def announce_message(message: ChatMessage) -> int:
    """Deliver ``message`` live through every registered way. Returns how many deliveries succeeded."""
    delivered = 0
    for deliver in list(_deliverers):
        try:
            await deliver(message)
            delivered += 1
        except Exception:
            log.warning("Live delivery of message %s failed", message.id, exc_info=True)
    return delivered


def announce_message_from_thread(message: ChatMessage) -> int:
    """:func:`announce_message` from a synchronous API route (a worker thread of the server's event loop)."""
    try:
        return anyio.from_thread.run(announce_message, message)
    except RuntimeError:  # not on a worker thread of a running loop (a script): nothing is open to deliver to
        log.info("No event loop to deliver message %s live", message.id)
        return 0


def on_notified(ring: Ring) -> Ring:
    """Register how the bells of users given a committed notification ring on their open pages."""
    if ring not in _ringers:
        _ringers.append(ring)
    return ring


def ring(user_ids: set[int]) -> None:
    """Ring the bells of ``user_ids`` through every registered way, on the event loop (a failure is logged)."""
    for each in list(_ringers):
        try:
            each(user_ids)
        except Exception:
            log.warning("Ringing the bells of users %s failed", sorted(user_ids), exc_info=True)


def ring_from_thread(user_ids: set[int]) -> None:
    """:func:`ring` from a synchronous API route, once its notifications are committed."""
    if not user_ids:
        return
    try:
        anyio.from_thread.run_sync(ring, user_ids)
    except RuntimeError:  # not on a worker thread of a running loop (a script): no page is open to ring
        log.info("No event loop to ring the bells of users %s", sorted(user_ids))
