"""Teacher (/teacher/[route_arg]) and mentor (/mentors/[route_arg]) page state: one instructor, from the database."""

from __future__ import annotations

import logging

import reflex as rx
from sqlmodel import Session

from marketplace.db.engine import in_session_thread
from marketplace.domain import catalog
from marketplace.domain.errors import NotFound
from marketplace.domain.shapes import parse_id
from marketplace.shapes.catalog import CourseTile, InstructorDetail, MentorPage
from marketplace.states.catalog import mark_owned, viewer_id

log = logging.getLogger(__name__)

FETCH_FAILED = "Failed to fetch mentor details."


def _read_instructor(session: Session, instructor_id: int, user_id: int | None) -> MentorPage:
    """The mentor page's data, the viewer's own courses marked Enrolled."""
    # The reviews are the review list's own (ReviewListState): none are read here.
    page = catalog.mentor_page(session, instructor_id, reviews_per_page=0)
    mark_owned(session, user_id, page.courses)
    return page


class InstructorState(rx.State):
    """The instructor of the page's route and their courses; ``not_found`` for an unknown id.

    Their reviews are the one review list of :class:`marketplace.states.reviews.ReviewListState`.
    """

    loading: bool = True
    not_found: bool = False
    error: str = ""
    instructor: InstructorDetail = rx.field(default_factory=InstructorDetail)
    courses: list[CourseTile] = []

    @rx.var
    def page_title(self) -> str:
        """The browser tab's title: the instructor's name."""
        if self.not_found:
            return "Instructor not found"
        return self.instructor.name or "Instructor"

    @rx.event
    async def load(self):
        """Read the instructor of the URL (the page's on_load); the previous one is cleared first."""
        self.loading, self.not_found, self.error = True, False, ""
        self.instructor, self.courses = InstructorDetail(), []
        instructor_id = parse_id(self.route_arg)
        if instructor_id is None:
            self.not_found, self.loading = True, False
            return
        user_id = await viewer_id(self)
        try:
            data = await in_session_thread(
                lambda session: _read_instructor(session, instructor_id, user_id), readonly=True
            )
        except NotFound:
            self.not_found, self.loading = True, False
            return
        except Exception:
            log.exception("Instructor %s failed to load", instructor_id)
            self.error, self.loading = FETCH_FAILED, False
            return
        self.instructor = InstructorDetail.model_validate(dict(data))
        self.courses = [CourseTile.of(card) for card in data.courses]
        self.loading = False
