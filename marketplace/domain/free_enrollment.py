"""Enrolling in a free course (price 0): no cart, no order, no payment (docs/product.md, "Free courses").

The enrollment is the same row a paid order gives (without ``order_id``), so My Courses, the player, progress,
certificates and reviews treat a free course like any other; the instructor gains a student, as with a sale.
"""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from marketplace import routes
from marketplace.db.models import Course, Enrollment, Instructor
from marketplace.domain import cart
from marketplace.domain.catalog_visibility import COURSE_NOT_FOUND, PUBLISHED, teaches, visible_course
from marketplace.domain.errors import Conflict, DomainError, Forbidden, Unauthorized
from marketplace.shapes.teach import FreeEnrollment

LOGIN_FIRST = "Log in to enroll in this course."
NOT_FREE = "This course is not free: add it to your cart to buy it."
NOT_OPEN = "This course is not open for enrollment."
ALREADY_ENROLLED = "You are already enrolled in this course."
OWN_COURSE = "You teach this course."

__all__ = ["ALREADY_ENROLLED", "COURSE_NOT_FOUND", "LOGIN_FIRST", "NOT_FREE", "NOT_OPEN", "OWN_COURSE", "enroll_free"]


def _already(session: Session, user_id: int, course_id: int) -> bool:
    found = select(Enrollment.id).where(Enrollment.user_id == user_id, Enrollment.course_id == course_id)
    return session.exec(found).first() is not None


def enroll_free(session: Session, user_id: int | None, course_id: int) -> FreeEnrollment:
    """Enroll ``user_id`` in the free course ``course_id`` (flushed, not committed).

    Raises:
        Unauthorized: nobody is signed in ("Log in to enroll in this course.").
        NotFound: no such course, or a draft or unpublished one the learner may not see.
        Conflict: already enrolled ("You are already enrolled in this course.").
        Forbidden: the learner teaches it ("You teach this course.").
        DomainError: a paid course ("This course is not free: ..."), or an unpublished one (not open).
    """
    if user_id is None:
        raise Unauthorized(LOGIN_FIRST)
    course = visible_course(session, course_id, user_id)
    if teaches(session, user_id, course):
        raise Forbidden(OWN_COURSE)
    if _already(session, user_id, course_id):
        raise Conflict(ALREADY_ENROLLED)
    if course.status != PUBLISHED:
        raise DomainError(NOT_OPEN)
    if course.price_kobo != 0:
        raise DomainError(NOT_FREE)
    try:
        with session.begin_nested():  # a double click racing this one: the unique key keeps one enrollment
            session.add(Enrollment(user_id=user_id, course_id=course_id))
    except IntegrityError as exc:
        raise Conflict(ALREADY_ENROLLED) from exc
    _count_student(session, course)
    cart.remove_courses(session, user_id=user_id, course_ids=[course_id])  # a stale cart entry of it goes
    session.flush()
    return FreeEnrollment(course_id=course_id, enrolled=True, player_url=routes.player(course_id))


def _count_student(session: Session, course: Course) -> None:
    session.execute(
        update(Instructor)
        .where(col(Instructor.id) == course.instructor_id)
        .values(students_count=Instructor.students_count + 1)
        .execution_options(synchronize_session=False)
    )
