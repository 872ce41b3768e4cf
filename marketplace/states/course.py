"""Course page state (/courses/[route_arg]): the course, its real instructor, syllabus, related courses.

Its reviews are the one review list of :class:`marketplace.states.reviews.ReviewListState`.
"""

from __future__ import annotations

import logging

import reflex as rx
from sqlmodel import Session

from marketplace import routes
from marketplace.db.engine import in_session_thread
from marketplace.db.read_cache import ReadCache, kept_or_read
from marketplace.domain import catalog
from marketplace.domain.catalog_views import share_links
from marketplace.domain.errors import NotFound
from marketplace.domain.shapes import parse_id
from marketplace.settings import settings
from marketplace.shapes.catalog import CourseCard, CourseDetail, CourseTile, InstructorDetail, Section, SocialLink
from marketplace.states import toasts
from marketplace.states.catalog import mark_owned, viewer_id

log = logging.getLogger(__name__)

RELATED_COURSES = 4
FETCH_FAILED = "Failed to fetch single course."
LINK_COPIED = "Link copied"
PREVIEW_PLACES = ("phone", "desktop")
COPY_FAILED = "Could not copy the link. Copy it from the address bar instead."


# A course page is the same for every visitor: each process keeps it this long, and the visitors who open one at
# once (a link shared in a group chat) share one read. Any write to the tables it comes from, in any process,
# forgets every kept page (db/read_cache.py). A signed-in viewer's page (enrolled, teaches, their videos) is
# always read for them.
COURSE_SECONDS = 10.0
COURSE_TABLES = ("courses", "course_categories", "categories", "sections", "media_uploads", "instructors", "users")
_visitor_pages: ReadCache[tuple[CourseDetail, list[CourseCard]]] = ReadCache(
    COURSE_TABLES, seconds=COURSE_SECONDS, max_entries=500
)


def _read_course(session: Session, course_id: int, user_id: int | None) -> tuple[CourseDetail, list[CourseCard]]:
    """The course page's course and its related courses, the viewer's own marked Enrolled."""
    related = catalog.related_courses(session, course_id, limit=RELATED_COURSES, viewer_id=user_id)
    mark_owned(session, user_id, related)
    # The reviews are the review list's own (ReviewListState): none are read here.
    return catalog.get_course_detail(session, course_id, viewer_id=user_id, reviews_shown=0), related


async def _course_page(course_id: int, user_id: int | None) -> tuple[CourseDetail, list[CourseCard]]:
    """The course page as ``user_id`` sees it; a visitor's from what is kept (shared: copy before changing)."""
    if user_id is None:
        return await kept_or_read(_visitor_pages, course_id, lambda session: _read_course(session, course_id, None))
    return await in_session_thread(lambda session: _read_course(session, course_id, user_id), readonly=True)


class CourseState(rx.State):
    """What the course page shows; ``not_found`` for an id the catalog does not know."""

    loading: bool = True
    not_found: bool = False
    error: str = ""
    # The course's own fields; its instructor and sections are held apart, as the page shows them.
    course: CourseDetail = rx.field(default_factory=CourseDetail)
    instructor: InstructorDetail = rx.field(default_factory=InstructorDetail)
    sections: list[Section] = []
    related: list[CourseTile] = []
    enrolled: bool = False
    share: list[SocialLink] = []
    page_url: str = ""
    # The first preview section's video, shown at the top of the page (``has_preview``); a YouTube or framed
    # one is drawn as the thumbnail with a play button until pressed, so nothing of it loads before then.
    preview: Section = rx.field(default_factory=Section)
    has_preview: bool = False
    # Which copy of the preview plays ("phone" above the title, "desktop" in the price card); "" before a press.
    # Only the pressed one becomes a player, so a hidden copy never plays (or downloads) alongside it.
    preview_playing: str = ""

    @rx.event
    def play_preview(self, where: str):
        """The preview's play button: put the player in place of that copy's poster."""
        if self.has_preview and where in PREVIEW_PLACES:
            self.preview_playing = where

    @rx.event
    def link_copied(self, copied: bool):
        """The browser's answer to Copy link: the clipboard may be blocked or missing (old or insecure pages)."""
        return toasts.success(LINK_COPIED) if copied is True else toasts.error(COPY_FAILED)

    @rx.var
    def page_title(self) -> str:
        """The browser tab's title: the course's own."""
        if self.not_found:
            return "Course not found"
        return self.course.title or "Course"

    @rx.event
    async def load(self):
        """Read the course of the URL (the page's on_load); the previous course is cleared first."""
        self.loading, self.not_found, self.error = True, False, ""
        self.course, self.sections, self.related = CourseDetail(), [], []
        self.preview, self.has_preview, self.preview_playing = Section(), False, ""
        course_id = parse_id(self.route_arg)
        if course_id is None:
            self.not_found, self.loading = True, False
            return
        await self._show(course_id, await viewer_id(self))

    async def _show(self, course_id: int, user_id: int | None) -> None:
        """Read the course as ``user_id`` sees it and show it (also after enrolling: the lessons open in place)."""
        try:
            detail, related = await _course_page(course_id, user_id)
        except NotFound:
            self.not_found, self.loading = True, False
            return
        except Exception:
            log.exception("Course %s failed to load", course_id)
            self.error, self.loading = FETCH_FAILED, False
            return
        self.instructor, self.sections = detail.instructor, list(detail.sections)  # the state's own list
        self.course = detail.model_copy(update={"instructor": InstructorDetail(), "sections": []})
        self.related = [CourseTile.of(card) for card in related]
        self.enrolled = detail.enrolled
        preview = catalog.preview_section(detail.sections)
        self.preview, self.has_preview = preview or Section(), preview is not None
        self.page_url = settings.public_url.rstrip("/") + routes.course(course_id)
        self.share = share_links(self.page_url, self.course.title)
        self.loading = False
