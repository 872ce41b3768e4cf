"""Home page state: statistics, top categories, courses and instructors, testimonials, all from the database."""

from __future__ import annotations

import logging

import reflex as rx

from marketplace.db.engine import session_scope
from marketplace.domain import catalog
from marketplace.domain.catalog_views import testimonials
from marketplace.states.catalog import course_cards, viewer_id
from marketplace.views.cards import CourseCardView, InstructorCardView, instructor_card
from marketplace.views.catalog import CategoryView, ReviewView, StatView, category_view, compact_count, review_view

log = logging.getLogger(__name__)

HOME_COURSES = 4
HOME_INSTRUCTORS = 4
HOME_CATEGORIES = 4
HOME_TESTIMONIALS = 8


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
            with session_scope() as session:
                stats = catalog.catalog_stats(session)
                categories = catalog.top_categories(session, limit=HOME_CATEGORIES)
                courses = catalog.top_courses(session, limit=HOME_COURSES)
                instructors = catalog.top_instructors(session, limit=HOME_INSTRUCTORS)
                quotes = testimonials(session, limit=HOME_TESTIMONIALS)
        except Exception:  # the page says so instead of breaking
            log.exception("Home page failed to load")
            self.error, self.loading = "Failed to fetch courses.", False
            return
        self.stats = [
            StatView(compact_count(stats["courses"]), "Courses"),
            StatView(compact_count(stats["instructors"]), "Expert Instructors"),
            StatView(compact_count(stats["learners"]), "Enrolled Learners"),
            StatView(compact_count(stats["categories"]), "Categories"),
        ]
        self.categories = [category_view(c) for c in categories]
        self.top_courses = course_cards(courses, user_id)
        self.top_instructors = [instructor_card(i) for i in instructors]
        self.testimonials = [review_view(q) for q in quotes]
        self.error, self.loading = "", False
