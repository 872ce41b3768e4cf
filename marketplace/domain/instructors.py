"""Instructors (mentors, teachers) as visitors see them: lists, name search, pages and their courses."""

from __future__ import annotations

import dataclasses

from sqlmodel import Session, col, func, select

from marketplace.db.models import Course, Instructor, User
from marketplace.domain import reviews
from marketplace.domain.catalog_shapes import course_cards, course_counts, instructor_dict
from marketplace.domain.errors import NotFound
from marketplace.domain.listing import MAX_PER_PAGE, popularity_order

INSTRUCTOR_NOT_FOUND = "Instructor not found"
PER_PAGE = 6
MAX_NAME_QUERY = 100


@dataclasses.dataclass(frozen=True)
class InstructorPage:
    """One page of instructors."""

    items: list[dict]
    total: int
    page: int
    pages: int
    per_page: int = PER_PAGE


def _cards(session: Session, rows: list[tuple[Instructor, User]]) -> list[dict]:
    counts = course_counts(session, [instructor.id for instructor, _ in rows])
    return [instructor_dict(instructor, user, counts.get(instructor.id, 0)) for instructor, user in rows]


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _name_matches(query: str) -> list:
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


def _select_instructors():
    return select(Instructor, User).join(User, col(User.id) == Instructor.user_id)


def list_instructors(
    session: Session, *, page: int = 1, per_page: int = PER_PAGE, query: str | None = None
) -> InstructorPage:
    """A page of instructors, most students first, optionally only those whose name holds every word of ``query``.

    Args:
        session: The database session.
        page: 1-based; a page past the end answers the last page.
        per_page: Instructors per page (the teachers page shows 6).
        query: Words of a name (case ignored); blank for everybody.

    Returns:
        An :class:`InstructorPage` of instructor dicts (see ``catalog_shapes.instructor_dict``).
    """
    where = _name_matches((query or "").strip()[:MAX_NAME_QUERY])
    per_page = min(max(1, per_page), MAX_PER_PAGE)
    total = session.exec(
        select(func.count(Instructor.id)).join(User, col(User.id) == Instructor.user_id).where(*where)
    ).one()
    pages = max(1, -(-total // per_page))
    page = min(max(1, page), pages)
    rows = session.exec(
        _select_instructors().where(*where).order_by(*_BY_STUDENTS).offset((page - 1) * per_page).limit(per_page)
    ).all()
    return InstructorPage(_cards(session, list(rows)), total, page, pages, per_page)


def top_instructors(session: Session, limit: int = 4) -> list[dict]:
    """The home page's Top Instructors: most students first."""
    return _cards(session, list(session.exec(_select_instructors().order_by(*_BY_STUDENTS).limit(limit)).all()))


def popular_mentors(session: Session, limit: int = 4) -> list[dict]:
    """The listing's Popular Mentors: best rated by the most reviewers first."""
    return _cards(session, list(session.exec(_select_instructors().order_by(*_BY_REVIEWS).limit(limit)).all()))


def _instructor_row(session: Session, instructor_id: int) -> tuple[Instructor, User]:
    row = session.exec(_select_instructors().where(Instructor.id == instructor_id)).first()
    if row is None:
        raise NotFound(INSTRUCTOR_NOT_FOUND)
    return row


def get_instructor(session: Session, instructor_id: int) -> dict:
    """One instructor with every field of the spec (name, title, students, rating, about, expertise...).

    Raises:
        NotFound: Instructor not found.
    """
    instructor, user = _instructor_row(session, instructor_id)
    return instructor_dict(instructor, user, course_counts(session, [instructor.id]).get(instructor.id, 0))


def instructor_courses(session: Session, instructor_id: int) -> list[dict]:
    """The courses an instructor teaches, as course cards, most popular first.

    Raises:
        NotFound: Instructor not found.
    """
    _instructor_row(session, instructor_id)
    courses = session.exec(select(Course).where(Course.instructor_id == instructor_id).order_by(*popularity_order()))
    return course_cards(session, list(courses.all()))


def mentor_page(session: Session, instructor_id: int, *, reviews_per_page: int = 10) -> dict:
    """Everything the teacher and mentor pages show.

    Returns:
        ``{instructor, courses, reviews, reviewSummary}``: the instructor dict, their course cards, their
        newest reviews (the reviews module's shape) and ``{averageRating, totalReviews, distribution}``.

    Raises:
        NotFound: Instructor not found.
    """
    profile = get_instructor(session, instructor_id)
    return {
        "instructor": profile,
        "courses": instructor_courses(session, instructor_id),
        "reviews": reviews.list_reviews(
            session, target_type=reviews.INSTRUCTOR, target_id=instructor_id, per_page=reviews_per_page
        )["reviews"],
        "reviewSummary": reviews.review_summary(session, reviews.INSTRUCTOR, instructor_id),
    }
