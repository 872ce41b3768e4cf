"""Writing a review of a course or of an instructor (mentor): who may, the limits, and what it updates.

Who may review what:
- a course: learners enrolled in it, never its instructor;
- an instructor: learners enrolled in at least one of that instructor's courses, and never the
  instructor themselves. (docs/product.md gives the mentor form "the same limits" as course reviews; taking a
  course from the mentor is what makes a review of them worth reading, and it keeps drive-by ratings out.)
At most five reviews per author per target (docs/product.md's limit); only the latest counts
(:mod:`marketplace.domain.reviews`). A new review refreshes the target's stored ``rating``/``review_count`` and
tells the instructor.
"""

from __future__ import annotations

from types import SimpleNamespace

from sqlalchemy import bindparam, exists, insert, literal, update
from sqlalchemy import select as core_select
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlmodel import Session, func

from marketplace.db.engine import AnyRow, lock_row, row_reader
from marketplace.db.models import Course, Instructor
from marketplace.db.models._base import utcnow
from marketplace.db.tables import COURSES, ENROLLMENTS, INSTRUCTORS, NOTIFICATIONS, REVIEWS, USERS
from marketplace.domain import notifications
from marketplace.domain.catalog_visibility import OWN_COURSE
from marketplace.domain.errors import DomainError, Forbidden, NotFound, Unauthorized
from marketplace.domain.reviews import (
    COURSE,
    INSTRUCTOR,
    normalize_type,
    review_shape,
    star_counts,
    summary_of,
    target_link,
)
from marketplace.domain.shapes import person_name
from marketplace.shapes.reviews import Review as ReviewShape
from marketplace.shapes.reviews import ReviewSummary

MAX_REVIEWS_PER_TARGET = 5
MAX_COMMENT_LENGTH = 2000


def validate(rating: object, comment: str | None) -> tuple[int, str]:
    """The rating and the cleaned comment, after the form's checks in docs/product.md's order and words."""
    if rating is None or rating == 0 or rating == "":
        raise DomainError("Please add a rating!", field="rating")
    if isinstance(rating, bool) or not isinstance(rating, int) or not 1 <= rating <= 5:
        raise DomainError("The rating must be a whole number from 1 to 5.", field="rating")
    text = (comment or "").strip()
    if not text:
        raise DomainError("Please add a comment!", field="comment")
    if len(text) > MAX_COMMENT_LENGTH:
        raise DomainError(f"Please keep your comment under {MAX_COMMENT_LENGTH} characters.", field="comment")
    return rating, text


# What a review post reads, as plain rows of prebuilt statements (issue 14: loading the author's and the course's
# whole rows as ORM objects, and writing through the ORM, was most of a post's database time).
_AUTHOR = core_select(USERS.c.id, USERS.c.first_name, USERS.c.last_name, USERS.c.profile_picture).where(
    USERS.c.id == bindparam("author_id")
)
# The target with its teacher's user id and whether the author may review it: enrolled in the course, or in one of
# the mentor's courses. No row: the target does not exist.
_COURSE_FACTS = (
    core_select(
        COURSES.c.title,
        INSTRUCTORS.c.user_id.label("teacher_id"),
        exists()
        .where(ENROLLMENTS.c.user_id == bindparam("author_id"), ENROLLMENTS.c.course_id == COURSES.c.id)
        .label("allowed"),
    )
    .select_from(COURSES)
    .outerjoin(INSTRUCTORS, INSTRUCTORS.c.id == COURSES.c.instructor_id)
    .where(COURSES.c.id == bindparam("target_id"))
)
_MENTOR_FACTS = core_select(
    literal("").label("title"),
    INSTRUCTORS.c.user_id.label("teacher_id"),
    exists()
    .where(
        ENROLLMENTS.c.user_id == bindparam("author_id"),
        ENROLLMENTS.c.course_id == COURSES.c.id,
        COURSES.c.instructor_id == INSTRUCTORS.c.id,
    )
    .label("allowed"),
).where(INSTRUCTORS.c.id == bindparam("target_id"))
_INSERT_REVIEW = insert(REVIEWS).returning(REVIEWS.c.id)
_INSERT_NOTIFICATION = insert(NOTIFICATIONS)
# What each kind of target is, and the statement that stores its rating and count (bound: target_id, rating,
# count).
_MODELS: dict[str, type[Course] | type[Instructor]] = {COURSE: Course, INSTRUCTOR: Instructor}
_STORE_RATING = {
    kind: update(table)
    .where(table.c.id == bindparam("target_id"))
    .values(rating=bindparam("rating"), review_count=bindparam("count"))
    for kind, table in ((COURSE, COURSES), (INSTRUCTOR, INSTRUCTORS))
}
_REVIEWS_BY_AUTHOR = core_select(func.count()).where(
    REVIEWS.c.author_id == bindparam("author_id"),
    REVIEWS.c.target_type == bindparam("target_type"),
    REVIEWS.c.target_id == bindparam("target_id"),
)


def _target_facts(session: Session, author_id: int, target_type: str, target_id: int) -> AnyRow:
    """The target's title (a course's), its teacher's user id and whether ``author_id`` may review it.

    Raises:
        NotFound: Course not found / Instructor not found.
    """
    query = _COURSE_FACTS if target_type == COURSE else _MENTOR_FACTS
    facts = row_reader(session).execute(query, {"author_id": author_id, "target_id": target_id}).first()
    if facts is None:
        raise NotFound("Course not found" if target_type == COURSE else "Instructor not found")
    return facts


def _check_may_review(author_id: int, target_type: str, facts: AnyRow) -> None:
    if target_type == COURSE:
        if facts.teacher_id == author_id:  # checked first: an instructor may be enrolled in their own course
            raise Forbidden(OWN_COURSE)
        if not facts.allowed:
            raise Forbidden("Only learners enrolled in this course can review it.")
        return
    if facts.teacher_id == author_id:
        raise Forbidden("You cannot review yourself.")
    if not facts.allowed:
        raise Forbidden("Only learners enrolled in one of this mentor's courses can review them.")


def store_rating(session: Session, target_type: str, target_id: int) -> ReviewSummary:
    """Recompute the target's stored ``rating`` and ``review_count`` (what cards and the listing's sorts read), and
    answer its summary.

    The target's row is locked first (PostgreSQL; SQLite serialises writers anyway), so two reviews of one course
    written at once are counted one after the other, each seeing the other's committed review. The update goes
    through the session, so the catalog's kept reads are forgotten.
    """
    _lock_target(session, target_type, target_id)
    return _store_figures(session, target_type, target_id)


def _lock_target(session: Session, target_type: str, target_id: int) -> None:
    lock_row(session, _MODELS[target_type], target_id)


def _store_figures(session: Session, target_type: str, target_id: int) -> ReviewSummary:
    """:func:`store_rating` once the target's row is locked."""
    summary = summary_of(star_counts(session, target_type, target_id))
    figures = {"target_id": target_id, "rating": summary.average_rating, "count": summary.total_reviews}
    session.execute(_STORE_RATING[target_type], figures)
    loaded = session.identity_map.get(identity_key(_MODELS[target_type], target_id))
    if loaded is not None:  # the target as this session holds it shows the figures just stored
        set_committed_value(loaded, "rating", summary.average_rating)
        set_committed_value(loaded, "review_count", summary.total_reviews)
    return summary


def _notify(
    session: Session,
    author: AnyRow,
    target: tuple[str, int],
    title: str,
    rating: int,
    teacher_id: int | None,
) -> None:
    if teacher_id is None or teacher_id == author.id:
        return
    target_type, target_id = target
    about = f"your course {title}" if target_type == COURSE else "you"
    text = f"{person_name(author)} reviewed {about} ({rating}/5)."
    note = {
        "user_id": teacher_id,
        "kind": "review",
        "text": text if len(text) <= 300 else text[:297] + "...",
        "link": target_link(target_type, target_id),
        "created_at": utcnow(),
    }
    session.execute(_INSERT_NOTIFICATION, note)
    notifications.told(session, teacher_id)


def add_review(
    session: Session,
    *,
    author_id: int | None,
    target_type: str,
    target_id: int,
    rating: int | None,
    comment: str | None,
) -> ReviewShape:
    """Write a review, refresh the target's stored rating and count, and tell the instructor.

    Args:
        session: The database session (flushed, not committed).
        author_id: The signed-in user, or None.
        target_type: ``Course`` or ``Instructor`` (``mentor`` accepted).
        target_id: The course or instructor id.
        rating: 1 to 5.
        comment: Plain text; surrounding blanks are trimmed.

    Raises:
        Unauthorized: You must be logged in to submit a review.
        DomainError: Please add a rating! / Please add a comment! / too long / the sixth review:
            You have already reviewed this target 5 times.
        NotFound: the target does not exist.
        Forbidden: the author may not review this target (see the module docstring).
    """
    author = None if author_id is None else row_reader(session).execute(_AUTHOR, {"author_id": author_id}).first()
    if author is None or author_id is None:
        raise Unauthorized("You must be logged in to submit a review.")
    stars, text = validate(rating, comment)
    target_type = normalize_type(target_type)
    facts = _target_facts(session, author_id, target_type, target_id)
    _check_may_review(author_id, target_type, facts)
    # Lock the target's row (PostgreSQL; SQLite serialises writers anyway) before counting: two quick submits
    # cannot both pass the five-review limit, and two reviews of the target are counted one after the other.
    _lock_target(session, target_type, target_id)
    keys = {"author_id": author_id, "target_type": target_type, "target_id": target_id}
    if row_reader(session).execute(_REVIEWS_BY_AUTHOR, keys).scalar_one() >= MAX_REVIEWS_PER_TARGET:
        raise DomainError(f"You have already reviewed this target {MAX_REVIEWS_PER_TARGET} times.")
    values = {**keys, "rating": stars, "comment": text, "created_at": utcnow()}
    # Through the session (not its bare connection), so the catalog's kept reads of reviews are forgotten.
    review_id = session.execute(_INSERT_REVIEW, values).scalar_one()
    _store_figures(session, target_type, target_id)
    _notify(session, author, (target_type, target_id), facts.title, stars, facts.teacher_id)
    return review_shape(SimpleNamespace(id=review_id, **values, reply=None, replied_at=None), author)
