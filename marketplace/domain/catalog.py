"""The catalog as visitors see it: home blocks, categories, statistics, course pages and related courses.

This module is the one door to discovery for the API and the UI states: the listing
(:mod:`marketplace.domain.listing`), the search (:mod:`marketplace.domain.search`) and the instructors
(:mod:`marketplace.domain.instructors`) are re-exported here.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any
from urllib.parse import quote

from sqlalchemy import ColumnElement, bindparam
from sqlalchemy import select as core_select
from sqlmodel import Session, col, func, select

from marketplace.db.engine import AnyRow, row_reader
from marketplace.db.models import Category as CategoryRow
from marketplace.db.models import Course, CourseCategory, Enrollment, Instructor, MediaUpload
from marketplace.db.models import Section as SectionRow
from marketplace.db.tables import COURSES, INSTRUCTORS, SECTIONS, USERS
from marketplace.domain import reviews
from marketplace.domain.catalog_cards import (
    ACCOUNT_FIELDS,
    CATEGORIES_JSON,
    PLACEHOLDER_THUMBNAIL,
    course_cards,
    course_fields,
    duration_text,
    instructor_detail,
    json_categories,
    prefixed,
    thumbnail_url,
)
from marketplace.domain.catalog_visibility import PUBLISHED, may_see, published, teaches, visible_course
from marketplace.domain.errors import NotFound
from marketplace.domain.instructors import (
    INSTRUCTOR_NOT_FOUND,
    get_instructor,
    instructor_courses,
    list_instructors,
    mentor_page,
    popular_mentors,
    top_instructors,
)
from marketplace.domain.listing import (
    CHAPTER_RANGES,
    DURATION_RANGES,
    LEVELS,
    PER_PAGE,
    SORT_LABELS,
    SORTS,
    InvalidFilter,
    ListingQuery,
    languages,
    list_courses,
    list_courses_for,
    popularity_order,
)
from marketplace.domain.progress import is_enrolled
from marketplace.domain.search import search_courses
from marketplace.domain.video import section_video
from marketplace.media.serving import ready_videos, uploaded_source
from marketplace.money import to_naira
from marketplace.shapes.catalog import CatalogStats, Category, CourseCard, CourseDetail, InstructorDetail, Section

__all__ = [
    "CHAPTER_RANGES",
    "COURSE_NOT_FOUND",
    "DURATION_RANGES",
    "INSTRUCTOR_NOT_FOUND",
    "LEVELS",
    "PER_PAGE",
    "PLACEHOLDER_THUMBNAIL",
    "SORTS",
    "SORT_LABELS",
    "InvalidFilter",
    "ListingQuery",
    "catalog_stats",
    "featured_courses",
    "get_course",
    "get_course_detail",
    "get_instructor",
    "instructor_courses",
    "languages",
    "list_categories",
    "list_courses",
    "list_courses_for",
    "list_instructors",
    "max_course_price",
    "mentor_page",
    "popular_mentors",
    "preview_section",
    "related_courses",
    "search_courses",
    "thumbnail_url",
    "top_categories",
    "top_courses",
    "top_instructors",
]

COURSE_NOT_FOUND = "Course not found"
LISTING_PATH = "/categories"


def category_href(slug: str, listing_path: str = LISTING_PATH) -> str:
    """The listing filtered to one category (the listing itself when the category has no slug)."""
    return f"{listing_path}?category={quote(slug)}" if slug else listing_path


def _category(category: CategoryRow, count: int) -> Category:
    return Category(
        id=category.id or 0,
        name=category.name,
        slug=category.slug,
        icon=category.icon or "book-open",
        course_count=count,
        href=category_href(category.slug),
    )


def _categories_with_counts() -> tuple[Any, ColumnElement[int]]:
    # Published courses only: a category's count is what its listing shows.
    count = func.count(col(Course.id))
    return (
        select(CategoryRow, count)
        .join(CourseCategory, col(CourseCategory.category_id) == CategoryRow.id, isouter=True)
        .join(Course, (col(Course.id) == CourseCategory.course_id) & published(), isouter=True)
        .group_by(col(CategoryRow.id))
    ), count


def list_categories(session: Session) -> list[Category]:
    """Every category by name, with its real number of courses."""
    query, _ = _categories_with_counts()
    return [_category(c, n) for c, n in session.exec(query.order_by(col(CategoryRow.name))).all()]


def top_categories(session: Session, limit: int = 4) -> list[Category]:
    """The home page's top categories: those with the most courses (none empty), then by name."""
    query, count = _categories_with_counts()
    rows = session.exec(query.having(count > 0).order_by(count.desc(), col(CategoryRow.name)).limit(limit)).all()
    return [_category(c, n) for c, n in rows]


def catalog_stats(session: Session) -> CatalogStats:
    """The home page's statistics strip, counted from the database (learners: distinct enrolled users)."""
    return CatalogStats(
        courses=session.exec(select(func.count(col(Course.id))).where(published())).one(),
        instructors=session.exec(select(func.count(col(Instructor.id)))).one(),
        learners=session.exec(select(func.count(func.distinct(Enrollment.user_id)))).one(),
        categories=session.exec(select(func.count(col(CategoryRow.id)))).one(),
    )


def top_courses(session: Session, limit: int = 4) -> list[CourseCard]:
    """The home page's Top Courses: the listing's relevance order."""
    rows = session.exec(select(Course).where(published()).order_by(*popularity_order()).limit(limit)).all()
    return course_cards(session, list(rows))


def featured_courses(session: Session, limit: int = 3) -> list[CourseCard]:
    """The listing's Featured Courses: the newest additions to the catalog."""
    query = select(Course).where(published()).order_by(col(Course.created_at).desc(), col(Course.id).desc())
    query = query.limit(limit)
    return course_cards(session, list(session.exec(query).all()))


def max_course_price(session: Session) -> Decimal:
    """The highest course price in naira (the top of the price slider); 0 for an empty catalog."""
    return to_naira(session.exec(select(func.max(Course.price_kobo)).where(published())).one() or 0)


def get_course(session: Session, course_id: int, *, viewer_id: int | None = None) -> CourseCard:
    """One course card (a draft or unpublished course only for who may see it: see catalog_visibility).

    Raises:
        NotFound: Course not found.
    """
    return course_cards(session, [visible_course(session, course_id, viewer_id)])[0]


def _section(section: SectionRow | AnyRow, playable: bool, ready: dict[str, MediaUpload]) -> Section:
    # An accepted uploaded video plays from a short-lived signed link, made only for who may watch it.
    kind, src, mime = (
        (uploaded_source(section, ready) or section_video(section.video_url, section.video_file))
        if playable
        else ("none", "", "")
    )
    return Section(
        id=section.id or 0,
        title=section.title,
        position=section.position,
        is_preview=section.is_preview,
        label="Preview" if section.is_preview else "Video",
        # Paid videos' links go only to those who may watch them; previews are open to everyone.
        video_url=section.video_url if playable else "",
        video_file=section.video_file if playable else "",
        locked=not playable,
        kind=kind,
        src=src,
        mime=mime,
        duration_seconds=section.duration_seconds,
        duration_text=duration_text(section.duration_seconds),
    )


def _lines(values: list[str] | None) -> list[str]:
    """A stored list of points as shown: text only, blank ones dropped (the column is free JSON)."""
    return [str(value).strip() for value in values or [] if str(value).strip()]


def preview_section(sections: list[Section]) -> Section | None:
    """The video shown at the top of the course page: the first preview section that has something to play."""
    return next((s for s in sections if s.is_preview and s.kind != "none"), None)


# The course page's reads, built once and read as plain rows: ORM objects cost ten times the time of these few
# rows (issue 14: a course page nobody had just read took 5 ms of Python at 100,000 courses, the SQL 0.5 ms).
_TEACHES = COURSES.alias("taught")
_TEACHER_COURSES = (
    core_select(func.count())
    .where(_TEACHES.c.instructor_id == COURSES.c.instructor_id, _TEACHES.c.status == PUBLISHED)
    .scalar_subquery()
)


# The course with its teacher, the teacher's account, how many published courses they teach and the course's
# categories, in one trip.
_COURSE_ROW = (
    core_select(
        COURSES,
        *[column.label(f"teacher_{column.name}") for column in INSTRUCTORS.c],
        *[column.label(f"account_{column.name}") for column in USERS.c if column.name in ACCOUNT_FIELDS],
        _TEACHER_COURSES.label("teacher_courses"),
        CATEGORIES_JSON.label("categories_json"),
    )
    .select_from(COURSES)
    .join(INSTRUCTORS, INSTRUCTORS.c.id == COURSES.c.instructor_id, isouter=True)
    .join(USERS, USERS.c.id == INSTRUCTORS.c.user_id, isouter=True)
    .where(COURSES.c.id == bindparam("course_id"))
)
_SECTION_ROWS = (
    core_select(SECTIONS)
    .where(SECTIONS.c.course_id == bindparam("course_id"))
    .order_by(SECTIONS.c.position, SECTIONS.c.id)
)


def _instructor_block(course: AnyRow) -> InstructorDetail:
    """The teacher of a :data:`_COURSE_ROW` row, as the course page shows them."""
    instructor, user = prefixed(course, "teacher_"), prefixed(course, "account_")
    if instructor.id is None or user.id is None:
        return InstructorDetail(id=course.instructor_id)
    return instructor_detail(instructor, user, course.teacher_courses or 0)


def get_course_detail(
    session: Session, course_id: int, *, viewer_id: int | None = None, reviews_shown: int = 10
) -> CourseDetail:
    """Everything the course page shows.

    Args:
        session: The database session.
        course_id: The course.
        viewer_id: The signed-in user, if any: enrolled learners get every section's video and ``enrolled``; the
            course's instructor gets ``teaches`` (and every video), and alone sees a draft.
        reviews_shown: How many of the newest reviews to include; 0 for neither reviews nor their summary.

    Returns:
        The course's card fields, its ``sections`` (videos only for previews, or every one for an enrolled
        viewer), its full ``instructor``, the ``review_summary`` and the newest ``reviews``.

    Raises:
        NotFound: Course not found, or not to be seen by this viewer (a draft, an unpublished course).
    """
    connection = row_reader(session)
    course = connection.execute(_COURSE_ROW, {"course_id": course_id}).first()
    if course is None or not may_see(session, viewer_id, course):
        raise NotFound(COURSE_NOT_FOUND)
    enrolled = is_enrolled(session, viewer_id, course_id)
    own = teaches(session, viewer_id, course)
    sections = connection.execute(_SECTION_ROWS, {"course_id": course_id}).all()
    detail = CourseDetail.model_validate(
        {
            **course_fields(course, json_categories(course.categories_json)),
            "subtitle": course.subtitle,
            "language": course.language,
            "learn": _lines(course.learn),
            "requirements": _lines(course.requirements),
            "audience": _lines(course.audience),
        }
    )
    detail.enrolled = enrolled
    detail.teaches = own
    detail.status = course.status
    detail.free = course.price_kobo == 0
    ready = ready_videos(session, sections)
    detail.sections = [_section(s, s.is_preview or enrolled or own, ready) for s in sections]
    detail.instructor = _instructor_block(course)
    if reviews_shown > 0:  # the course page reads its reviews through the review list instead (0 here)
        newest, detail.review_summary = reviews.page_and_summary(
            session, reviews.COURSE, course_id, per_page=reviews_shown
        )
        detail.reviews = newest.reviews
    return detail


def related_courses(
    session: Session, course_id: int, limit: int = 4, *, viewer_id: int | None = None
) -> list[CourseCard]:
    """Up to ``limit`` other published courses sharing a category with ``course_id``, most popular first.

    Raises:
        NotFound: Course not found (or not to be seen by this viewer).
    """
    visible_course(session, course_id, viewer_id)
    its_categories = select(CourseCategory.category_id).where(CourseCategory.course_id == course_id)
    sharing = select(CourseCategory.course_id).where(col(CourseCategory.category_id).in_(its_categories))
    query = (
        select(Course)
        .where(published(), col(Course.id).in_(sharing), Course.id != course_id)
        .order_by(*popularity_order())
        .limit(limit)
    )
    return course_cards(session, list(session.exec(query).all()))
