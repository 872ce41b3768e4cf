"""My Courses (/profile2): one page of the learner's enrolled courses with their progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx
from sqlmodel import Session

from marketplace.domain import learning
from marketplace.states.paging import UserPagesState
from marketplace.views.learning import EnrolledCourseView, enrolled_course_view

LOAD_FAILED = "Failed to load courses."
PER_PAGE = 6


class MyCoursesState(UserPagesState, rx.State):
    """The enrolled courses page: 6 per page, most recently watched first."""

    courses: list[EnrolledCourseView] = []

    @rx.event
    async def load(self):
        """Load the first page (on_load)."""
        self.page = 1
        await self._fetch()

    def _reader(self, user_id: int) -> Callable[[Session], dict[str, Any]]:
        page = self.page
        return lambda session: learning.enrolled_courses(session, user_id, page=page, per_page=PER_PAGE)

    def _show(self, data: dict[str, Any] | None) -> None:
        self.courses = [enrolled_course_view(item) for item in data["courses"]] if data else []

    def _failed_message(self) -> str:
        return LOAD_FAILED
