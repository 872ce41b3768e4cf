"""Home page state: statistics, top categories, courses and instructors, testimonials, all from the database."""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx
from sqlmodel import Session

from marketplace.db.engine import in_session_thread
from marketplace.db.read_cache import ReadCache, kept_or_read
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


# The home page's blocks are the same for every visitor: each process keeps them this long instead of reading
# six queries for every visit, and the visitors who open it at once share one read. Any write to the tables they
# come from, in any process, forgets them (db/read_cache.py), so a new course or review shows on the next visit.
HOME_SECONDS = 10.0
HOME_TABLES = ("courses", "course_categories", "categories", "instructors", "users", "enrollments", "reviews")


@dataclasses.dataclass(frozen=True)
class _Blocks:
    stats: list[StatFigure]
    categories: list[Category]
    courses: list[CourseCard]
    instructors: list[InstructorCard]
    quotes: list[Testimonial]
    tiles: list[CourseTile]  # what the course cards draw, for a visitor (no Enrolled marks)


@dataclasses.dataclass(frozen=True)
class _Home:
    blocks: _Blocks
    tiles: list[CourseTile]  # the viewer's: their own courses marked Enrolled
    resume: ContinueLearning | None


_kept: ReadCache[_Blocks] = ReadCache(HOME_TABLES, seconds=HOME_SECONDS, max_entries=4)


def _read_blocks(session: Session) -> _Blocks:
    """Every block of the home page as any visitor sees it."""
    courses = catalog.top_courses(session, limit=HOME_COURSES)
    return _Blocks(
        stats=stat_figures(catalog.catalog_stats(session)),
        categories=catalog.top_categories(session, limit=HOME_CATEGORIES),
        courses=courses,
        instructors=catalog.top_instructors(session, limit=HOME_INSTRUCTORS),
        quotes=testimonials(session, limit=HOME_TESTIMONIALS),
        tiles=[CourseTile.of(card) for card in courses],
    )


def _read_own(session: Session, blocks: _Blocks, user_id: int) -> _Home:
    """The signed-in learner's home: the shared blocks, their own courses marked Enrolled, what they watched last."""
    courses = [card.model_copy() for card in blocks.courses]  # the kept cards are shared
    mark_owned(session, user_id, courses)
    return _Home(blocks, [CourseTile.of(card) for card in courses], last_watched(session, user_id=user_id))


async def _read_home(user_id: int | None) -> _Home:
    """The home page for this viewer: a visitor's from what is kept (one shared read when it is not)."""
    blocks = await kept_or_read(_kept, "home", _read_blocks)
    if user_id is None:
        return _Home(blocks, blocks.tiles, None)
    return await in_session_thread(lambda session: _read_own(session, blocks, user_id), readonly=True)


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
    resume: ContinueLearning = rx.field(default_factory=ContinueLearning)
    has_resume: bool = False

    @rx.event
    async def load(self):
        """Read every block of the home page (on_load); a signed-in learner's courses are marked Enrolled."""
        user_id = await viewer_id(self)
        try:
            home = await _read_home(user_id)
        except Exception:  # the page says so instead of breaking
            log.exception("Home page failed to load")
            self.error, self.loading = "Failed to fetch courses.", False
            return
        blocks = home.blocks  # kept and shared: the state gets lists of its own
        self.stats = list(blocks.stats)
        self.categories = list(blocks.categories)
        self.top_courses = list(home.tiles)
        self.top_instructors = list(blocks.instructors)
        self.testimonials = list(blocks.quotes)
        self.resume = home.resume or ContinueLearning()
        self.has_resume = home.resume is not None
        self.error, self.loading = "", False
