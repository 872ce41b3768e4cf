"""The Teachers page (/profile4): instructors searched by name, the learner's own teachers first."""

from __future__ import annotations

from sqlalchemy import ColumnElement, case, func
from sqlmodel import Session, col, select

from marketplace.db.models import Course, Enrollment, Instructor, User
from marketplace.domain.catalog_cards import clamp_rating
from marketplace.domain.catalog_visibility import published
from marketplace.domain.reviews import initials
from marketplace.domain.shapes import person_name
from marketplace.shapes.base import Page, clamp_page, page_count
from marketplace.shapes.catalog import TeacherPage, TeacherRow

PER_PAGE = 6
MAX_QUERY_LENGTH = 100


def _name_key() -> ColumnElement[str]:
    return func.lower(col(User.first_name) + " " + col(User.last_name))


def list_teachers(
    session: Session, *, user_id: int, query: str = "", page: int = 1, per_page: int = PER_PAGE
) -> TeacherPage:
    """A page of instructors whose name contains ``query`` (any case), the learner's own teachers first.

    "Own teachers" teach a course the learner is enrolled in; they are flagged ``mine``. The caller's own
    instructor profile is left out (nobody messages themselves).

    Args:
        session: The database session.
        user_id: The signed-in learner.
        query: Part of a first or last name, or of "first last"; blank lists everyone.
        page: The page wanted, clamped to the pages that exist.
        per_page: Teachers per page (6 on the page).

    Returns:
        The page of :class:`TeacherRow` (``id`` is the instructor id of /mentors/{id}) with the query applied.
    """
    query = " ".join((query or "").split())[:MAX_QUERY_LENGTH]
    per_page = max(1, min(per_page, 100))
    mine_ids = (
        select(Course.instructor_id)
        .join(Enrollment, col(Enrollment.course_id) == Course.id)
        .where(Enrollment.user_id == user_id)
    )
    mine = case((col(Instructor.id).in_(mine_ids), 1), else_=0)
    course_counts = (
        select(Course.instructor_id, func.count().label("courses"))
        .where(published())
        .group_by(col(Course.instructor_id))
        .subquery()
    )
    conditions: list[ColumnElement[bool]] = [col(Instructor.user_id) != user_id]
    if query:
        conditions.append(_name_key().contains(query.lower(), autoescape=True))
    total = session.exec(
        select(func.count()).select_from(Instructor).join(User, col(User.id) == Instructor.user_id).where(*conditions)
    ).one()
    page = clamp_page(page, page_count(total, per_page))
    rows = session.exec(
        select(Instructor, User, mine.label("mine"), func.coalesce(course_counts.c.courses, 0))
        .join(User, col(User.id) == Instructor.user_id)
        .outerjoin(course_counts, col(course_counts.c.instructor_id) == Instructor.id)
        .where(*conditions)
        .order_by(mine.desc(), _name_key(), col(Instructor.id))
        .offset(Page.offset(page, per_page))
        .limit(per_page)
    ).all()
    teachers = [_row(instructor, user, bool(is_mine), courses) for instructor, user, is_mine, courses in rows]
    return TeacherPage(
        data=teachers, total=total, page=page, pages=page_count(total, per_page), per_page=per_page, query=query
    )


def _row(instructor: Instructor, user: User, mine: bool, course_count: int) -> TeacherRow:
    name = person_name(user)
    rating = clamp_rating(instructor.rating)
    return TeacherRow(
        id=instructor.id or 0,
        user_id=user.id or 0,
        name=name,
        initials=initials(name),
        title=instructor.title or instructor.profession,
        picture=user.profile_picture,
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=instructor.review_count,
        course_count=course_count,
        students=instructor.students_count,
        mine=mine,
    )
