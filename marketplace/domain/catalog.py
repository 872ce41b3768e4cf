"""The catalog as visitors see it: home blocks, categories, statistics, course pages and related courses.

This module is the one door to discovery for the API and the UI states: the listing
(:mod:`marketplace.domain.listing`), the search (:mod:`marketplace.domain.search`) and the instructors
(:mod:`marketplace.domain.instructors`) are re-exported here.
"""

from __future__ import annotations

from decimal import Decimal

from sqlmodel import Session, col, func, select

from marketplace.db.models import Category, Course, CourseCategory, Enrollment, Instructor, Section, User
from marketplace.domain import reviews
from marketplace.domain.catalog_shapes import (
    PLACEHOLDER_THUMBNAIL,
    course_cards,
    course_counts,
    duration_text,
    instructor_dict,
    thumbnail_url,
)
from marketplace.domain.errors import NotFound
from marketplace.domain.instructors import (
    INSTRUCTOR_NOT_FOUND,
    InstructorPage,
    get_instructor,
    instructor_courses,
    list_instructors,
    mentor_page,
    popular_mentors,
    top_instructors,
)
from marketplace.domain.listing import (
    CHAPTER_RANGES,
    PER_PAGE,
    SORT_LABELS,
    SORTS,
    CoursePage,
    InvalidFilter,
    ListingQuery,
    list_courses,
    list_courses_for,
    popularity_order,
)
from marketplace.domain.progress import is_enrolled
from marketplace.domain.search import search_courses
from marketplace.domain.video import section_video
from marketplace.money import to_naira

__all__ = [
    "CHAPTER_RANGES",
    "COURSE_NOT_FOUND",
    "INSTRUCTOR_NOT_FOUND",
    "PER_PAGE",
    "PLACEHOLDER_THUMBNAIL",
    "SORTS",
    "SORT_LABELS",
    "CoursePage",
    "InstructorPage",
    "InvalidFilter",
    "ListingQuery",
    "catalog_stats",
    "featured_courses",
    "get_course",
    "get_course_detail",
    "get_instructor",
    "instructor_courses",
    "list_categories",
    "list_courses",
    "list_courses_for",
    "list_instructors",
    "max_course_price",
    "mentor_page",
    "popular_mentors",
    "related_courses",
    "search_courses",
    "thumbnail_url",
    "top_categories",
    "top_courses",
    "top_instructors",
]

COURSE_NOT_FOUND = "Course not found"


def _category_dict(category: Category, count: int) -> dict:
    return {
        "id": category.id,
        "_id": category.id,
        "name": category.name,
        "slug": category.slug,
        "icon": category.icon,
        "course_count": count,
        "courseCount": count,
    }


def _categories_with_counts():
    count = func.count(CourseCategory.course_id)
    return (
        select(Category, count)
        .join(CourseCategory, col(CourseCategory.category_id) == Category.id, isouter=True)
        .group_by(col(Category.id))
    ), count


def list_categories(session: Session) -> list[dict]:
    """Every category by name, with its real number of courses.

    Returns:
        Dicts ``{id, _id, name, slug, icon, course_count, courseCount}``.
    """
    query, _ = _categories_with_counts()
    return [_category_dict(c, n) for c, n in session.exec(query.order_by(col(Category.name))).all()]


def top_categories(session: Session, limit: int = 4) -> list[dict]:
    """The home page's top categories: those with the most courses (none empty), then by name."""
    query, count = _categories_with_counts()
    rows = session.exec(query.having(count > 0).order_by(count.desc(), col(Category.name)).limit(limit)).all()
    return [_category_dict(c, n) for c, n in rows]


def catalog_stats(session: Session) -> dict[str, int]:
    """The home page's statistics strip, counted from the database.

    Returns:
        ``{courses, instructors, learners, categories}``; learners are distinct users enrolled in a course.
    """
    return {
        "courses": session.exec(select(func.count(Course.id))).one(),
        "instructors": session.exec(select(func.count(Instructor.id))).one(),
        "learners": session.exec(select(func.count(func.distinct(Enrollment.user_id)))).one(),
        "categories": session.exec(select(func.count(Category.id))).one(),
    }


def top_courses(session: Session, limit: int = 4) -> list[dict]:
    """The home page's Top Courses: the listing's relevance order."""
    return course_cards(session, list(session.exec(select(Course).order_by(*popularity_order()).limit(limit)).all()))


def featured_courses(session: Session, limit: int = 3) -> list[dict]:
    """The listing's Featured Courses: the newest additions to the catalog."""
    query = select(Course).order_by(col(Course.created_at).desc(), col(Course.id).desc()).limit(limit)
    return course_cards(session, list(session.exec(query).all()))


def max_course_price(session: Session) -> Decimal:
    """The highest course price in naira (the top of the price slider); 0 for an empty catalog."""
    return to_naira(session.exec(select(func.max(Course.price_kobo))).one() or 0)


def get_course(session: Session, course_id: int) -> dict:
    """One course card.

    Raises:
        NotFound: Course not found.
    """
    course = session.get(Course, course_id)
    if course is None:
        raise NotFound(COURSE_NOT_FOUND)
    return course_cards(session, [course])[0]


def _section_dict(section: Section, playable: bool) -> dict:
    kind, src, mime = section_video(section.video_url, section.video_file) if playable else ("none", "", "")
    return {
        "id": section.id,
        "_id": section.id,
        "title": section.title,
        "position": section.position,
        "isPreview": section.is_preview,
        "label": "Preview" if section.is_preview else "Video",
        # Paid videos' links go only to those who may watch them; previews are open to everyone.
        "videoUrl": section.video_url if playable else "",
        "videoFile": section.video_file if playable else "",
        "locked": not playable,
        "kind": kind,
        "src": src,
        "mime": mime,
        "durationSeconds": section.duration_seconds,
        "duration": duration_text(section.duration_seconds),
    }


def _instructor_block(session: Session, instructor_id: int) -> dict | None:
    row = session.exec(
        select(Instructor, User).join(User, col(User.id) == Instructor.user_id).where(Instructor.id == instructor_id)
    ).first()
    if row is None:
        return None
    instructor, user = row
    return instructor_dict(instructor, user, course_counts(session, [instructor_id]).get(instructor_id, 0))


def get_course_detail(
    session: Session, course_id: int, *, viewer_id: int | None = None, reviews_shown: int = 10
) -> dict:
    """Everything the course page shows.

    Args:
        session: The database session.
        course_id: The course.
        viewer_id: The signed-in user, if any: enrolled learners get every section's video and ``enrolled``.
        reviews_shown: How many of the newest reviews to include.

    Returns:
        The course card (see ``catalog_shapes.course_cards``) plus ``sections`` (``title``, ``isPreview``,
        ``label`` Preview/Video, ``videoUrl``/``videoFile`` and ``kind``/``src``/``mime`` for playable ones,
        ``locked``, ``duration`` text), ``instructor`` (the full instructor dict of the course's real
        teacher), ``reviewSummary`` ``{averageRating, totalReviews, distribution}``, ``reviews`` (newest
        first) and ``enrolled``.

    Raises:
        NotFound: Course not found.
    """
    detail = get_course(session, course_id)
    enrolled = is_enrolled(session, viewer_id, course_id)
    sections = session.exec(
        select(Section).where(Section.course_id == course_id).order_by(col(Section.position), col(Section.id))
    ).all()
    detail["sections"] = [_section_dict(s, s.is_preview or enrolled) for s in sections]
    detail["instructor"] = _instructor_block(session, detail["instructor_id"]) or detail["instructor"]
    detail["reviewSummary"] = reviews.review_summary(session, reviews.COURSE, course_id)
    detail["reviews"] = reviews.list_reviews(
        session, target_type=reviews.COURSE, target_id=course_id, per_page=reviews_shown
    )["reviews"]
    detail["enrolled"] = enrolled
    return detail


def related_courses(session: Session, course_id: int, limit: int = 4) -> list[dict]:
    """Up to ``limit`` other courses sharing a category with ``course_id``, most popular first.

    Raises:
        NotFound: Course not found.
    """
    if session.get(Course, course_id) is None:
        raise NotFound(COURSE_NOT_FOUND)
    its_categories = select(CourseCategory.category_id).where(CourseCategory.course_id == course_id)
    sharing = select(CourseCategory.course_id).where(col(CourseCategory.category_id).in_(its_categories))
    query = (
        select(Course)
        .where(col(Course.id).in_(sharing), Course.id != course_id)
        .order_by(*popularity_order())
        .limit(limit)
    )
    return course_cards(session, list(session.exec(query).all()))
