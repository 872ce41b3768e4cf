"""My Courses (/profile2): one page of the learner's enrolled courses with their progress."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.domain import learning
from marketplace.shapes.learning import EnrolledCourse, EnrolledCoursePage
from marketplace.states.paging import UserPagesState, list_url

LOAD_FAILED = "Failed to load courses."
PER_PAGE = 6


class MyCoursesState(UserPagesState, rx.State):
    """The enrolled courses page: 6 per page, most recently watched first.

    The page number lives in the URL (``/profile2?page=2``): the pager navigates and on_load reads it, so a
    reload or Back shows the same page.
    """

    courses: list[EnrolledCourse] = []

    @rx.event
    async def load(self):
        """Show the URL's page (on_load); past the last page, the last, with the URL corrected."""
        return await self._load_asked_page()

    @rx.event
    def go_to_page(self, page: int):
        """Go to another page: a new history entry, whose on_load shows it."""
        return self._navigate_to_page(page)

    def _page_url(self, page: int) -> str:
        return list_url(routes.MY_COURSES, page)

    def _reader(self, user_id: int) -> Callable[[Session], EnrolledCoursePage]:
        page = self.page
        return lambda session: learning.enrolled_courses(session, user_id, page=page, per_page=PER_PAGE)

    def _show(self, data: EnrolledCoursePage | None) -> None:
        self.courses = data.courses if data else []

    def _failed_message(self) -> str:
        return LOAD_FAILED
