"""Home page state: statistics, top categories, courses and instructors, testimonials, all from the database."""

from __future__ import annotations

import logging

import reflex as rx
from sqlmodel import Session

from marketplace.db.engine import in_session_thread
from marketplace.domain import catalog
from marketplace.domain.catalog_views import testimonials
from marketplace.states.catalog import course_cards, owned_ids, viewer_id
from marketplace.views.cards import CourseCardView, InstructorCardView, instructor_card
from marketplace.views.catalog import CategoryView, ReviewView, StatView, category_view, compact_count, review_view

log = logging.getLogger(__name__)

HOME_COURSES = 4
HOME_INSTRUCTORS = 4
HOME_CATEGORIES = 4
HOME_TESTIMONIALS = 8


def _read_home(session: Session, user_id: int | None) -> dict:
    """Every block of the home page, and which of its courses the viewer owns."""
    courses = catalog.top_courses(session, limit=HOME_COURSES)
    return {
        "stats": catalog.catalog_stats(session),
        "categories": catalog.top_categories(session, limit=HOME_CATEGORIES),
        "courses": courses,
        "owned": owned_ids(session, user_id, courses),
        "instructors": catalog.top_instructors(session, limit=HOME_INSTRUCTORS),
        "quotes": testimonials(session, limit=HOME_TESTIMONIALS),
    }


class HomeState(rx.State):
    """The home page's blocks; ``loading`` until the first load answers."""

    loading: bool = True
    error: str = ""
    stats: list[StatView] = []
    categories: list[CategoryView] = []
    top_courses: list[CourseCardView] = []
    top_instructors: list[InstructorCardView] = []
    testimonials: list[ReviewView] = []

    @rx.event
    async def load(self):
        """Read every block of the home page (on_load); a signed-in learner's courses are marked Enrolled."""
        user_id = await viewer_id(self)
        try:
            home = await in_session_thread(lambda session: _read_home(session, user_id), readonly=True)
        except Exception:  # the page says so instead of breaking
            log.exception("Home page failed to load")
            self.error, self.loading = "Failed to fetch courses.", False
            return
        stats = home["stats"]
        self.stats = [
            StatView(compact_count(stats["courses"]), "Courses"),
            StatView(compact_count(stats["instructors"]), "Expert Instructors"),
            StatView(compact_count(stats["learners"]), "Enrolled Learners"),
            StatView(compact_count(stats["categories"]), "Categories"),
        ]
        self.categories = [category_view(c) for c in home["categories"]]
        self.top_courses = course_cards(home["courses"], home["owned"])
        self.top_instructors = [instructor_card(i) for i in home["instructors"]]
        self.testimonials = [review_view(q) for q in home["quotes"]]
        self.error, self.loading = "", False
