"""Which courses visitors see, and who may buy, enroll in or review a course (docs/product.md, "Catalog visibility").

Only published courses are in the public catalog: the listing, search, categories and their counts, the home
page, teachers' pages, related and featured courses. A draft is seen by its instructor alone; an unpublished
course by its instructor and the learners already enrolled in it (they keep their course and its player).

Every public query filters on :func:`published`; the listing's sort indexes lead with ``status`` (migration
0015), so that filter still reads the first page of any sort straight from its index.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement
from sqlmodel import Session, col, select

from marketplace.db.engine import AnyRow
from marketplace.db.models import Course, Enrollment, Instructor
from marketplace.domain.errors import Conflict, Forbidden, NotFound

PUBLISHED = "published"
DRAFT = "draft"
UNPUBLISHED = "unpublished"

COURSE_NOT_FOUND = "Course not found"
NO_LONGER_AVAILABLE = "This course is no longer available."
OWN_COURSE = "You teach this course."
FREE_COURSE = "This course is free: enroll instead."


def published() -> ColumnElement[bool]:
    """The condition every public course query carries."""
    return col(Course.status) == PUBLISHED


def owner_user_id(session: Session, course: Course | AnyRow) -> int | None:
    """The user id of the instructor who teaches ``course``: read from a row that carries it as ``owner_user_id``
    (no lookup then), else looked up."""
    known: int | None = getattr(course, "owner_user_id", None)
    if known is not None:
        return known
    return session.exec(select(Instructor.user_id).where(Instructor.id == course.instructor_id)).first()


def teaches(session: Session, user_id: int | None, course: Course | AnyRow) -> bool:
    """Whether ``user_id`` is the instructor of ``course``."""
    return user_id is not None and owner_user_id(session, course) == user_id


def _enrolled(session: Session, user_id: int, course_id: int) -> bool:
    found = select(Enrollment.id).where(Enrollment.user_id == user_id, Enrollment.course_id == course_id)
    return session.exec(found).first() is not None


def may_see(session: Session, viewer_id: int | None, course: Course | AnyRow) -> bool:
    """Whether the course page is shown to ``viewer_id`` (None: a visitor)."""
    if course.status == PUBLISHED:
        return True
    if viewer_id is None or course.id is None:
        return False
    if teaches(session, viewer_id, course):
        return True
    return course.status == UNPUBLISHED and _enrolled(session, viewer_id, course.id)


def visible_course(session: Session, course_id: int, viewer_id: int | None) -> Course:
    """The course, if ``viewer_id`` may see its page.

    Raises:
        NotFound: no such course, or a draft or unpublished course the viewer may not see (the same answer, so
            a course's existence does not leak).
    """
    course = session.get(Course, course_id)
    if course is None or not may_see(session, viewer_id, course):
        raise NotFound(COURSE_NOT_FOUND)
    return course


def check_for_sale(session: Session, course: Course | AnyRow | None, user_id: int | None) -> Course | AnyRow:
    """Refuse a course nobody may put in a cart or buy; the course otherwise.

    ``course`` may be a row that carries its teacher's user id as ``owner_user_id`` (see :func:`owner_user_id`).

    Raises:
        NotFound: no such course, or a draft (that was never in the catalog).
        Conflict: an unpublished course ("This course is no longer available."), or a free one ("This course is
            free: enroll instead.").
        Forbidden: the buyer teaches it ("You teach this course.").
    """
    if course is None or course.status == DRAFT:
        raise NotFound(COURSE_NOT_FOUND + ".")
    if course.status != PUBLISHED:
        raise Conflict(NO_LONGER_AVAILABLE)
    if teaches(session, user_id, course):
        raise Forbidden(OWN_COURSE)
    if course.price_kobo == 0:
        raise Conflict(FREE_COURSE)
    return course


def problems_for_sale(session: Session, courses: list[Course], user_id: int) -> str:
    """Why these courses (a cart at checkout) cannot be bought, in one message; ``""`` when they can.

    Courses no longer in the catalog are named; the cart leaves them out (domain/cart.py), so the page that shows
    this and reloads the cart shows it without them.
    """
    gone = [c.title for c in courses if c.status != PUBLISHED]
    if gone:
        return f"{', '.join(gone)} is no longer available and has left your cart. Please review your cart."
    own = [c.title for c in courses if teaches(session, user_id, c)]
    if own:
        return f"You teach {', '.join(own)}: remove it from your cart to continue."
    free = [c.title for c in courses if c.price_kobo == 0]
    if free:
        return f"{', '.join(free)} is free: enroll from its page instead, and remove it from your cart to continue."
    return ""
