"""Instructors (mentors, teachers) as visitors see them: lists, name search, pages and their courses."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement
from sqlmodel import Session, col, func, select

from marketplace.db.models import Course, Instructor, User
from marketplace.domain import reviews
from marketplace.domain.catalog_cards import course_cards, course_counts, instructor_card, instructor_detail
from marketplace.domain.catalog_visibility import published
from marketplace.domain.errors import NotFound
from marketplace.domain.listing import MAX_PER_PAGE, popularity_order
from marketplace.shapes.base import Page, clamp_page, page_count
from marketplace.shapes.catalog import CourseCard, InstructorCard, InstructorDetail, MentorPage

INSTRUCTOR_NOT_FOUND = "Instructor not found"
PER_PAGE = 6
MAX_NAME_QUERY = 100


def _cards(session: Session, rows: list[tuple[Instructor, User]]) -> list[InstructorCard]:
    counts = course_counts(session, [instructor.id for instructor, _ in rows if instructor.id is not None])
    return [instructor_card(instructor, user, counts.get(instructor.id or 0, 0)) for instructor, user in rows]


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _name_matches(query: str) -> list[ColumnElement[bool]]:
    # lower() on both sides: PostgreSQL's LIKE is case-sensitive. Accents are not folded here because
    # users keep no folded name column; see the catalog report.
    full_name = func.lower(col(User.first_name) + " " + col(User.last_name))
    return [full_name.like(f"%{_like_escape(word)}%", escape="\\") for word in query.lower().split()[:8]]


_BY_STUDENTS = (col(Instructor.students_count).desc(), col(Instructor.rating).desc(), col(Instructor.id))
_BY_REVIEWS = (
    (col(Instructor.rating) * col(Instructor.review_count)).desc(),
    col(Instructor.students_count).desc(),
    col(Instructor.id),
)


def _select_instructors() -> Any:
    return select(Instructor, User).join(User, col(User.id) == Instructor.user_id)


def list_instructors(
    session: Session, *, page: int = 1, per_page: int = PER_PAGE, query: str | None = None
) -> Page[InstructorCard]:
    """A page of instructors, most students first, optionally only those whose name holds every word of ``query``.

    Args:
        session: The database session.
        page: 1-based; a page past the end answers the last page.
        per_page: Instructors per page (the teachers page shows 6).
        query: Words of a name (case ignored); blank for everybody.

    Returns:
        A page of instructor cards.
    """
    where = _name_matches((query or "").strip()[:MAX_NAME_QUERY])
    per_page = min(max(1, per_page), MAX_PER_PAGE)
    total = session.exec(
        select(func.count(col(Instructor.id))).join(User, col(User.id) == Instructor.user_id).where(*where)
    ).one()
    page = clamp_page(page, page_count(total, per_page))
    rows = session.exec(
        _select_instructors().where(*where).order_by(*_BY_STUDENTS).offset(Page.offset(page, per_page)).limit(per_page)
    ).all()
    return Page[InstructorCard].of(_cards(session, list(rows)), total=total, page=page, per_page=per_page)


def top_instructors(session: Session, limit: int = 4) -> list[InstructorCard]:
    """The home page's Top Instructors: most students first."""
    return _cards(session, list(session.exec(_select_instructors().order_by(*_BY_STUDENTS).limit(limit)).all()))


def popular_mentors(session: Session, limit: int = 4) -> list[InstructorCard]:
    """The listing's Popular Mentors: best rated by the most reviewers first."""
    return _cards(session, list(session.exec(_select_instructors().order_by(*_BY_REVIEWS).limit(limit)).all()))


def _instructor_row(session: Session, instructor_id: int) -> tuple[Instructor, User]:
    row = session.exec(_select_instructors().where(Instructor.id == instructor_id)).first()
    if row is None:
        raise NotFound(INSTRUCTOR_NOT_FOUND)
    instructor, user = row
    return instructor, user


def get_instructor(session: Session, instructor_id: int) -> InstructorDetail:
    """One instructor with every field of docs/product.md (name, title, students, rating, about, expertise...).

    Raises:
        NotFound: Instructor not found.
    """
    instructor, user = _instructor_row(session, instructor_id)
    return instructor_detail(instructor, user, course_counts(session, [instructor_id]).get(instructor_id, 0))


def instructor_courses(session: Session, instructor_id: int) -> list[CourseCard]:
    """The published courses an instructor teaches, as course cards, most popular first.

    Raises:
        NotFound: Instructor not found.
    """
    _instructor_row(session, instructor_id)
    mine = select(Course).where(published(), Course.instructor_id == instructor_id)
    courses = session.exec(mine.order_by(*popularity_order()))
    return course_cards(session, list(courses.all()))


def mentor_page(session: Session, instructor_id: int, *, reviews_per_page: int = 10) -> MentorPage:
    """Everything the teacher and mentor pages show: the instructor, their courses, newest reviews and summary.

    ``reviews_per_page=0`` leaves the reviews and their summary out (the pages read them through the review list).

    Raises:
        NotFound: Instructor not found.
    """
    page = MentorPage.model_validate(
        {**dict(get_instructor(session, instructor_id)), "courses": instructor_courses(session, instructor_id)}
    )
    if reviews_per_page > 0:
        page.reviews = reviews.list_reviews(
            session, target_type=reviews.INSTRUCTOR, target_id=instructor_id, per_page=reviews_per_page
        ).reviews
        page.review_summary = reviews.review_summary(session, reviews.INSTRUCTOR, instructor_id)
    return page
