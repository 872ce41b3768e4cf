"""My Courses (/profile2): one page of the learner's enrolled courses with their progress."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx
from sqlmodel import Session

from marketplace.domain import learning
from marketplace.shapes.learning import EnrolledCourse, EnrolledCoursePage
from marketplace.states.paging import UserPagesState

LOAD_FAILED = "Failed to load courses."
PER_PAGE = 6


class MyCoursesState(UserPagesState, rx.State):
    """The enrolled courses page: 6 per page, most recently watched first."""

    courses: list[EnrolledCourse] = []

    @rx.event
    async def load(self):
        """Load the first page (on_load)."""
        self.page = 1
        await self._fetch()

    def _reader(self, user_id: int) -> Callable[[Session], EnrolledCoursePage]:
        page = self.page
        return lambda session: learning.enrolled_courses(session, user_id, page=page, per_page=PER_PAGE)

    def _show(self, data: EnrolledCoursePage | None) -> None:
        self.courses = data.courses if data else []

    def _failed_message(self) -> str:
        return LOAD_FAILED
