"""The Teachers page (/profile4): instructors searched by name, the learner's own teachers first."""

from __future__ import annotations

from sqlalchemy import case, func
from sqlmodel import Session, col, select

from marketplace.db.models import Course, Enrollment, Instructor, User
from marketplace.domain.shapes import person_name

PER_PAGE = 6
MAX_QUERY_LENGTH = 100


def _name_key():
    return func.lower(User.first_name + " " + User.last_name)


def list_teachers(session: Session, *, user_id: int, query: str = "", page: int = 1, per_page: int = PER_PAGE) -> dict:
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
        ``{teachers, total, page, pages, query}``; each teacher is ``{id, userId, name, title, picture,
        rating, reviewCount, courseCount, students, mine}`` (``id`` is the instructor id of /mentors/{id}).
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
        select(Course.instructor_id, func.count().label("courses")).group_by(Course.instructor_id).subquery()
    )
    conditions = [Instructor.user_id != user_id]
    if query:
        conditions.append(_name_key().contains(query.lower(), autoescape=True))
    total = session.exec(
        select(func.count()).select_from(Instructor).join(User, col(User.id) == Instructor.user_id).where(*conditions)
    ).one()
    pages = max(1, -(-total // per_page))
    page = min(max(1, page), pages)
    rows = session.exec(
        select(Instructor, User, mine.label("mine"), func.coalesce(course_counts.c.courses, 0))
        .join(User, col(User.id) == Instructor.user_id)
        .outerjoin(course_counts, col(course_counts.c.instructor_id) == Instructor.id)
        .where(*conditions)
        .order_by(mine.desc(), _name_key(), col(Instructor.id))
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    teachers = [
        {
            "id": instructor.id,
            "userId": user.id,
            "name": person_name(user),
            "title": instructor.title or instructor.profession,
            "picture": user.profile_picture,
            "rating": round(instructor.rating, 1),
            "reviewCount": instructor.review_count,
            "courseCount": courses,
            "students": instructor.students_count,
            "mine": bool(is_mine),
        }
        for instructor, user, is_mine, courses in rows
    ]
    return {"teachers": teachers, "total": total, "page": page, "pages": pages, "query": query}
