"""Teacher (/teacher/[teacher_id]) and mentor (/mentors/[mentor_id]) page state: one instructor, from the database."""

from __future__ import annotations

import logging

import reflex as rx
from sqlmodel import Session

from marketplace.db.engine import in_session_thread
from marketplace.domain import catalog, review_replies, reviews
from marketplace.domain.errors import NotFound
from marketplace.domain.shapes import parse_id
from marketplace.states.catalog import course_cards, owned_ids, viewer_id
from marketplace.views.cards import CourseCardView
from marketplace.views.catalog import (
    InstructorDetailView,
    ReviewSummaryView,
    ReviewView,
    instructor_detail,
    review_view,
    summary_view,
)

log = logging.getLogger(__name__)

FETCH_FAILED = "Failed to fetch mentor details."
REVIEWS_SHOWN = 10


def _read_instructor(session: Session, instructor_id: int, user_id: int | None) -> dict:
    """The mentor page's data, which of their courses the viewer owns, and whether the viewer may reply."""
    data = catalog.mentor_page(session, instructor_id, reviews_per_page=REVIEWS_SHOWN)
    return {
        **data,
        "owned": owned_ids(session, user_id, data["courses"]),
        "can_reply": review_replies.may_reply(
            session, user_id=user_id, target_type=reviews.INSTRUCTOR, target_id=instructor_id
        ),
    }


class InstructorState(rx.State):
    """The instructor of the page's route, their courses and reviews; ``not_found`` for an unknown id."""

    loading: bool = True
    not_found: bool = False
    error: str = ""
    instructor: InstructorDetailView = InstructorDetailView()
    courses: list[CourseCardView] = []
    reviews: list[ReviewView] = []
    summary: ReviewSummaryView = ReviewSummaryView()
    # The mentor themselves is looking: each review gets a Reply form.
    can_reply: bool = False

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
        self.instructor, self.courses, self.reviews = InstructorDetailView(), [], []
        self.can_reply = False
        raw = self.mentor_id or self.teacher_id
        instructor_id = parse_id(raw)
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
        self.instructor = instructor_detail(data["instructor"])
        self.courses = course_cards(data["courses"], data["owned"])
        self.reviews = [review_view(r) for r in data["reviews"]]
        self.summary = summary_view(data["reviewSummary"])
        self.can_reply = data["can_reply"]
        self.loading = False
