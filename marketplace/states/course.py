"""Course page state (/courses/[course_id]): the course, its real instructor, syllabus, reviews, related courses."""

from __future__ import annotations

import logging

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.domain import catalog, review_replies, reviews
from marketplace.domain.errors import NotFound
from marketplace.domain.shapes import parse_id
from marketplace.settings import settings
from marketplace.states.catalog import course_cards, owned_ids, viewer_id
from marketplace.views.cards import CourseCardView
from marketplace.views.catalog import (
    CourseDetailView,
    InstructorDetailView,
    LinkView,
    ReviewSummaryView,
    ReviewView,
    SectionView,
    course_detail,
    instructor_detail,
    review_view,
    section_view,
    share_links,
    summary_view,
)

log = logging.getLogger(__name__)

RELATED_COURSES = 4
REVIEWS_SHOWN = 10
FETCH_FAILED = "Failed to fetch single course."
LINK_COPIED = "Link copied"
COPY_FAILED = "Could not copy the link. Copy it from the address bar instead."


def _read_course(session: Session, course_id: int, user_id: int | None) -> dict:
    """The course page's course, related courses (and which the viewer owns), and whether the viewer may reply."""
    related = catalog.related_courses(session, course_id, limit=RELATED_COURSES)
    return {
        "detail": catalog.get_course_detail(session, course_id, viewer_id=user_id, reviews_shown=REVIEWS_SHOWN),
        "related": related,
        "owned": owned_ids(session, user_id, related),
        "can_reply": review_replies.may_reply(
            session, user_id=user_id, target_type=reviews.COURSE, target_id=course_id
        ),
    }


class CourseState(rx.State):
    """What the course page shows; ``not_found`` for an id the catalog does not know."""

    loading: bool = True
    not_found: bool = False
    error: str = ""
    course: CourseDetailView = CourseDetailView()
    instructor: InstructorDetailView = InstructorDetailView()
    sections: list[SectionView] = []
    summary: ReviewSummaryView = ReviewSummaryView()
    reviews: list[ReviewView] = []
    review_page: int = 1
    review_pages: int = 1
    related: list[CourseCardView] = []
    enrolled: bool = False
    # The course's own instructor is looking: each review gets a Reply form.
    can_reply: bool = False
    share: list[LinkView] = []
    page_url: str = ""

    @rx.event
    def link_copied(self, copied: bool):
        """The browser's answer to Copy link: the clipboard may be blocked or missing (old or insecure pages)."""
        return rx.toast.success(LINK_COPIED) if copied is True else rx.toast.error(COPY_FAILED)

    @rx.var
    def page_title(self) -> str:
        """The browser tab's title: the course's own."""
        if self.not_found:
            return "Course not found"
        return self.course.title or "Course"

    def _set_review_pages(self, total: int, page: int = 1) -> None:
        """Back to the first page of reviews (after a load or a new review), given how many there are."""
        self.review_page, self.review_pages = page, max(1, -(-int(total) // REVIEWS_SHOWN))

    @rx.event
    async def go_to_review_page(self, page: int):
        """Show another page of the course's reviews, newest first."""
        course_id = parse_id(self.course_id)
        if course_id is None:
            return None
        try:
            data = await in_session_thread(
                lambda session: reviews.list_reviews(
                    session,
                    target_type=reviews.COURSE,
                    target_id=course_id,
                    page=max(1, int(page)),
                    per_page=REVIEWS_SHOWN,
                ),
                readonly=True,
            )
        except Exception:
            log.exception("Loading reviews of course %s failed", course_id)
            return rx.toast.error("Failed to fetch course reviews")
        self.reviews = [review_view(r) for r in data["reviews"]]
        self._set_review_pages(data["total"], data["page"])
        return rx.scroll_to("reviews")

    @rx.event
    async def load(self):
        """Read the course of the URL (the page's on_load); the previous course is cleared first."""
        self.loading, self.not_found, self.error = True, False, ""
        self.course, self.sections, self.reviews, self.related = CourseDetailView(), [], [], []
        self.can_reply = False
        course_id = parse_id(self.course_id)
        if course_id is None:
            self.not_found, self.loading = True, False
            return
        user_id = await viewer_id(self)
        try:
            found = await in_session_thread(lambda session: _read_course(session, course_id, user_id), readonly=True)
        except NotFound:
            self.not_found, self.loading = True, False
            return
        except Exception:
            log.exception("Course %s failed to load", course_id)
            self.error, self.loading = FETCH_FAILED, False
            return
        detail = found["detail"]
        self.course = course_detail(detail)
        teacher = detail.get("instructor")
        self.instructor = instructor_detail(teacher if isinstance(teacher, dict) else {})
        self.sections = [section_view(s) for s in detail.get("sections", [])]
        self.summary = summary_view(detail.get("reviewSummary") or {})
        self.reviews = [review_view(r) for r in detail.get("reviews", [])]
        self._set_review_pages(self.summary.total)
        self.related = course_cards(found["related"], found["owned"])
        self.enrolled = bool(detail.get("enrolled"))
        self.can_reply = found["can_reply"]
        self.page_url = settings.public_url.rstrip("/") + routes.course(course_id)
        self.share = share_links(self.page_url, self.course.title)
        self.loading = False
