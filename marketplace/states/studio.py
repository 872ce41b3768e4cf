"""The studio's course list (/studio) and the new-course form (/studio/courses/new).

Every event asks who is calling (SessionState._verified_user_id) and lets the studio domain decide what they may
do (marketplace.domain.studio: instructors only, their own courses only); the rules are in docs/product.md,
"Instructor studio". A learner who opens the studio is sent to /teach, where they can become an instructor.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

import reflex as rx
from pydantic import BaseModel
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import studio
from marketplace.domain.errors import DomainError, Forbidden
from marketplace.states.page_load import answered_after_page_load
from marketplace.states.session import SessionState

log = logging.getLogger(__name__)

T = TypeVar("T")

TEACH = getattr(routes, "TEACH", "/teach")
FAILED = "Something went wrong. Please try again."
STATUS_LABELS = {"draft": "Draft", "published": "Published", "unpublished": "Unpublished"}


class StudioCourseLine(BaseModel):
    """One course of My courses as the page shows it (the domain's StudioCourseRow, with its texts formatted)."""

    id: int
    title: str
    status: str
    status_label: str
    students: int
    revenue_text: str  # exact, ₦12,600.50
    rating_text: str  # "4.5 (12)" or "No ratings yet"
    thumbnail: str
    editor_url: str
    course_url: str


def _line(row) -> StudioCourseLine:
    rating = f"{row.rating:.1f} ({row.review_count})" if row.review_count else "No ratings yet"
    return StudioCourseLine(
        id=row.id,
        title=row.title,
        status=row.status,
        status_label=STATUS_LABELS.get(row.status, row.status.title()),
        students=row.students,
        revenue_text=row.revenue_text,
        rating_text=rating,
        thumbnail=row.thumbnail or "",
        editor_url=routes.studio_course(row.id),
        course_url=routes.course(row.id),
    )


async def _caller_id(state: rx.State) -> int | None:
    """The verified user of the tab that sent ``state``'s event (None: signed out, forged or revoked token)."""
    return await (await state.get_state(SessionState))._verified_user_id()


async def _as_caller(state: rx.State, work: Callable[[Session, int], T]) -> T | None:
    """Run ``work(session, user_id)`` for the verified caller; None when nobody (valid) is signed in."""
    user_id = await _caller_id(state)
    if user_id is None:
        return None
    return await in_session_thread(lambda session: work(session, user_id))


class StudioCoursesState(rx.State):
    """My courses: the rows, which one awaits a delete confirmation, and a message per row."""

    courses: list[StudioCourseLine] = []
    loaded: bool = False
    error: str = ""
    confirm_delete: int = 0  # the course whose delete awaits "Yes, delete"
    row_messages: dict[str, str] = {}
    busy: int = 0  # the course an action is running on

    async def _refresh(self) -> bool:
        """Read the caller's courses; False when the caller may not be here (already redirected)."""
        rows = await _as_caller(self, lambda session, user_id: studio.my_courses(session, user_id))
        if rows is None:
            return False
        self.courses = [_line(row) for row in rows]
        return True

    @rx.event
    async def load(self):
        """on_load: the caller's courses; a learner goes to /teach, a guest to log in (the page guard)."""
        self.loaded, self.error, self.confirm_delete, self.row_messages, self.busy = False, "", 0, {}, 0
        try:
            if not await self._refresh():
                return rx.redirect(routes.login_path(self.router.url.path), replace=True)
        except Forbidden:
            return rx.redirect(TEACH, replace=True)
        except DomainError as exc:
            self.error = exc.message
        except Exception:
            log.exception("Loading the studio's courses failed")
            self.error = FAILED
        self.loaded = True
        return None

    async def _act(self, course_id: int, work: Callable[[Session, int], object]):
        """Run one action on a course, then show the list as it now is; the domain's refusal shows on the row."""
        self.busy, self.row_messages = course_id, {}
        yield
        user_id = await _caller_id(self)
        if user_id is None:
            self.busy = 0
            yield rx.redirect(routes.login_path(self.router.url.path), replace=True)
            return
        try:
            await in_session_thread(lambda session: work(session, user_id))
            await self._refresh()
        except DomainError as exc:
            self.row_messages = {str(course_id): exc.message}
        except Exception:
            log.exception("A studio action failed")
            self.row_messages = {str(course_id): FAILED}
        finally:
            self.busy, self.confirm_delete = 0, 0

    @rx.event
    async def publish(self, course_id: int):
        """Publish a course; when it is not ready the row lists what is missing."""
        async for update in self._act(course_id, lambda s, uid: studio.publish(s, uid, int(course_id))):
            yield update

    @rx.event
    async def unpublish(self, course_id: int):
        """Take a course out of the catalog (enrolled learners keep it)."""
        async for update in self._act(course_id, lambda s, uid: studio.unpublish(s, uid, int(course_id))):
            yield update

    @rx.event
    def ask_delete(self, course_id: int):
        """Show "Delete this course?" on the row."""
        self.confirm_delete, self.row_messages = int(course_id), {}

    @rx.event
    def cancel_delete(self):
        """Keep the course."""
        self.confirm_delete = 0

    @rx.event
    async def delete(self, course_id: int):
        """Delete a course (refused, with the domain's message, once anyone has enrolled)."""
        async for update in self._act(course_id, lambda s, uid: studio.delete_course(s, uid, int(course_id))):
            yield update


class NewCourseState(rx.State):
    """/studio/courses/new: a title, then the draft's editor."""

    error: str = ""
    creating: bool = False

    @rx.event
    async def check(self):
        """on_load: only instructors may create courses; a learner goes to /teach."""
        self.error, self.creating = "", False
        user_id = await _caller_id(self)
        if user_id is None:
            return rx.redirect(routes.login_path(self.router.url.path), replace=True)
        try:
            await in_session_thread(lambda session: studio.require_instructor(session, user_id), readonly=True)
        except Forbidden:
            return rx.redirect(TEACH, replace=True)
        return None

    @rx.event
    @answered_after_page_load
    async def create(self, form_data: dict):
        """Create the draft and open its editor."""
        if self.creating:
            return
        title = str(form_data.get("title") or "")
        self.creating, self.error = True, ""
        yield
        try:
            draft = await _as_caller(self, lambda s, uid: studio.create_course(s, uid, title))
        except Forbidden:
            self.creating = False
            yield rx.redirect(TEACH)
            return
        except DomainError as exc:
            self.error, self.creating = exc.message, False
            return
        except Exception:
            log.exception("Creating a course failed")
            self.error, self.creating = FAILED, False
            return
        self.creating = False
        if draft is None:
            yield rx.redirect(routes.login_path(self.router.url.path), replace=True)
            return
        yield rx.redirect(routes.studio_course(draft.id))
