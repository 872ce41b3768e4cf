"""The wishlist's hearts and the wishlist on /profile (docs/product.md, "Wishlist").

Every page's header reads the signed-in learner's hearted course ids once (:meth:`WishlistState.load`), and each
heart on that page is drawn from those ids: one read per page, never one per card. A heart pressed by a visitor
goes to /login and comes back to the page.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import wishlist
from marketplace.domain.errors import DomainError
from marketplace.shapes.base import Page
from marketplace.shapes.catalog import CourseCard, CourseTile
from marketplace.states import toasts
from marketplace.states.paging import UserPagesState
from marketplace.states.session import verified_user_id

log = logging.getLogger(__name__)

ADDED = "Added to your wishlist"
REMOVED = "Removed from your wishlist"
CHANGE_FAILED = "Could not update your wishlist. Please try again."
LOAD_FAILED = "Failed to load your wishlist. Please try again."


def _toggle(session: Session, user_id: int, course_id: int, add: bool) -> list[int]:
    """Heart or un-heart, then the hearted ids as they now are."""
    if add:
        wishlist.add(session, user_id=user_id, course_id=course_id)
    else:
        wishlist.remove(session, user_id=user_id, course_id=course_id)
    return wishlist.course_ids(session, user_id=user_id)


class WishlistState(rx.State):
    """The hearted course ids of the signed-in learner, for every heart on the page."""

    ids: list[int] = []

    @rx.event
    async def load(self):
        """Read the hearted ids (each page's header calls it once); a visitor has none."""
        user_id = await verified_user_id(self)
        if user_id is None:
            self.ids = []
            return
        try:
            self.ids = await in_session_thread(lambda s: wishlist.course_ids(s, user_id=user_id), readonly=True)
        except Exception:  # the hearts show empty; pressing one still asks the server
            log.exception("Reading the wishlist ids failed")

    @rx.event
    async def toggle(self, course_id: int | str):
        """A heart pressed: add the course, or take it off when it is already hearted; a visitor logs in first."""
        course = int(str(course_id))
        user_id = await verified_user_id(self)
        if user_id is None:
            return rx.redirect(routes.login_path(self.router.url.path, self.router.url.query))
        add = course not in self.ids
        try:
            self.ids = await in_session_thread(lambda s: _toggle(s, user_id, course, add), group_commit=True)
        except DomainError as exc:  # the course is gone, or the list is full
            return toasts.error(exc.message)
        except Exception:
            log.exception("Changing the wishlist failed for course %s", course)
            return toasts.error(CHANGE_FAILED)
        if not add:  # /profile's list drops the card at once
            listed = await self.get_state(WishlistPageState)
            listed._drop(course)
        return toasts.success(ADDED if add else REMOVED)


class WishlistPageState(UserPagesState, rx.State):
    """/profile's wishlist: the hearted courses as cards, newest first, a page at a time."""

    courses: list[CourseTile] = []

    @rx.event
    async def load(self):
        """on_load of /profile: the first page."""
        self.page = 1
        await self._fetch()

    def _reader(self, user_id: int) -> Callable[[Session], Page[CourseCard]]:
        page = self.page
        return lambda session: wishlist.list_courses(session, user_id=user_id, page=page)

    def _show(self, data: Page[CourseCard] | None) -> None:
        self.courses = [CourseTile.of(card) for card in data.data] if data is not None else []

    def _failed_message(self) -> str:
        return LOAD_FAILED

    def _drop(self, course_id: int) -> None:
        kept = [card for card in self.courses if card.id != course_id]
        if len(kept) != len(self.courses):
            self.courses = kept
            self.total = max(0, self.total - 1)
