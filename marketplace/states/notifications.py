"""Notifications: the bell's live unread count (shared by every tab of one user) and the /notifications page.

The bell is a :class:`rx.SharedState` linked to the token ``user<id>``: when a message arrives, the sender's
handler refreshes the recipient's bell through that token, and Reflex pushes the new count to every open
tab of the recipient, on any worker (the state lives in Redis when several workers run).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

import reflex as rx
from reflex.utils import prerequisites
from reflex_base.registry import RegistrationContext
from reflex_base.utils.exceptions import ReflexRuntimeError
from sqlmodel import Session

from marketplace import realtime
from marketplace.background import in_background
from marketplace.db.engine import in_session_thread
from marketplace.domain import notifications
from marketplace.shapes.social import Notification, NotificationPage
from marketplace.states.paging import UserPagesState

log = logging.getLogger(__name__)
T = TypeVar("T")

LOAD_FAILED = "Failed to load notifications."
PER_PAGE = 20


def bell_token(user_id: int) -> str:
    """The shared token of one user's bell (no underscore: Reflex refuses it in link tokens)."""
    return f"user{user_id}"


class BellState(rx.SharedState):
    """The unread notification count, the same in every tab of one user. It has no events of its own."""

    unread: int = 0


async def link_bell(state: rx.State, user_id: int) -> BellState:
    """Link the caller's bell to ``user_id``'s shared token (once per tab) and return the linked bell."""
    bell = await state.get_state(BellState)
    return await bell._link_to(bell_token(user_id))


async def unread_count(user_id: int) -> int:
    """How many of ``user_id``'s notifications are unread (read off the event loop)."""
    return await in_session_thread(lambda session: notifications.unread_count(session, user_id), readonly=True)


async def recount_own_bell(state: rx.State, user_id: int) -> int:
    """Set the caller's bell from the database and return the count (under the bell's lock: no older count wins)."""
    bell = await link_bell(state, user_id)
    bell.unread = await unread_count(user_id)
    return bell.unread


def running_app() -> rx.App:
    """The app this server process runs, from inside a Reflex event or from an API request alike."""
    try:
        return RegistrationContext.get().app
    except (LookupError, ReflexRuntimeError):
        # An API request on a worker thread does not carry Reflex's context; the app module is imported already.
        return prerequisites.get_app().app


async def _refresh_bell(user_id: int) -> None:
    app = running_app()
    async with app.modify_state(rx.BaseStateToken(ident=bell_token(user_id), cls=BellState)) as root:
        bell = await root.get_state(BellState)
        if not bell._linked_from:
            # No tab of theirs shows the bell (a teacher reviewed while away): every page they open counts it
            # afresh (the header's load), so nothing is read, and nothing sent to nobody.
            return
        # Counted while holding the bell: a tab marking messages read at the same time cannot be overwritten.
        bell.unread = await unread_count(user_id)


def refresh_bell_later(user_id: int) -> None:
    """Recount ``user_id``'s unread notifications and push the number to their open tabs, in the background."""
    # Run after the sender's event, outside its locks. The count is a convenience: a failure is logged, and the next
    # page load shows it anyway.
    in_background(_refresh_bell(user_id), log, "Refreshing the bell of user %s failed", user_id)


def telling(work: Callable[[Session], T]) -> Callable[[Session], tuple[T, set[int]]]:
    """``work``, answering also whom it notified (read inside its session; :func:`ring` them after the commit)."""
    return lambda session: (work(session), notifications.notified_in(session))


@realtime.on_notified  # the JSON API's notifications ring the bells as the pages' do (realtime.ring_from_thread)
def ring(user_ids: set[int]) -> None:
    """Ring the bells of ``user_ids`` (their open tabs count the new notification at once)."""
    for user_id in user_ids:
        refresh_bell_later(user_id)


class NotificationsState(UserPagesState, rx.State):
    """The /notifications page: newest first, a page at a time, marked read once shown."""

    items: list[Notification] = []

    @rx.event
    async def load(self):
        """on_load: the first page, then everything is marked read (the bell goes to 0)."""
        self.page = 1
        user_id = await self._fetch()  # listed before marking, so the page still shows which ones are new
        if user_id is None:
            return
        try:
            await in_session_thread(lambda session: notifications.mark_all_read(session, user_id), group_commit=True)
            bell = await link_bell(self, user_id)
            bell.unread = 0
        except Exception:  # the list is shown; they stay unread until the next visit
            log.warning("Marking the notifications of user %s read failed", user_id, exc_info=True)

    def _reader(self, user_id: int) -> Callable[[Session], NotificationPage]:
        page = self.page
        return lambda session: notifications.list_notifications(session, user_id, page=page, per_page=PER_PAGE)

    def _show(self, data: NotificationPage | None) -> None:
        self.items = data.notifications if data else []

    def _signed_out_message(self) -> str:
        return LOAD_FAILED

    def _failed_message(self) -> str:
        return LOAD_FAILED
