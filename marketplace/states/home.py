"""Home page state: statistics, top categories, courses and instructors, testimonials, all from the database."""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx
from sqlmodel import Session

from marketplace.db.engine import in_session_thread
from marketplace.domain import catalog
from marketplace.domain.catalog_views import stat_figures, testimonials
from marketplace.domain.continue_learning import last_watched
from marketplace.shapes.catalog import Category, CourseCard, CourseTile, InstructorCard, StatFigure, Testimonial
from marketplace.shapes.home import ContinueLearning
from marketplace.states.catalog import mark_owned, viewer_id

log = logging.getLogger(__name__)

HOME_COURSES = 4
HOME_INSTRUCTORS = 4
HOME_CATEGORIES = 4
HOME_TESTIMONIALS = 8


@dataclasses.dataclass(frozen=True)
class _Home:
    stats: list[StatFigure]
    categories: list[Category]
    courses: list[CourseCard]
    instructors: list[InstructorCard]
    quotes: list[Testimonial]
    resume: ContinueLearning | None


def _read_home(session: Session, user_id: int | None) -> _Home:
    """Every block of the home page, the viewer's own courses marked Enrolled, and what they watched last."""
    courses = catalog.top_courses(session, limit=HOME_COURSES)
    mark_owned(session, user_id, courses)
    return _Home(
        stats=stat_figures(catalog.catalog_stats(session)),
        categories=catalog.top_categories(session, limit=HOME_CATEGORIES),
        courses=courses,
        instructors=catalog.top_instructors(session, limit=HOME_INSTRUCTORS),
        quotes=testimonials(session, limit=HOME_TESTIMONIALS),
        resume=last_watched(session, user_id=user_id) if user_id is not None else None,
    )


class HomeState(rx.State):
    """The home page's blocks; ``loading`` until the first load answers."""

    loading: bool = True
    error: str = ""
    stats: list[StatFigure] = []
    categories: list[Category] = []
    top_courses: list[CourseTile] = []
    top_instructors: list[InstructorCard] = []
    testimonials: list[Testimonial] = []
    # Continue learning: the course the signed-in learner watched last (shown when ``has_resume``).
    resume: ContinueLearning = ContinueLearning()
    has_resume: bool = False

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
        self.stats = home.stats
        self.categories = home.categories
        self.top_courses = [CourseTile.of(card) for card in home.courses]
        self.top_instructors = home.instructors
        self.testimonials = home.quotes
        self.resume = home.resume or ContinueLearning()
        self.has_resume = home.resume is not None
        self.error, self.loading = "", False
