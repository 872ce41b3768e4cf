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

from sqlmodel import Session, col, func, select

from marketplace.db.engine import lock_row
from marketplace.db.models import Course, Enrollment, Instructor, Notification, Review, User
from marketplace.domain.catalog_visibility import OWN_COURSE, owner_user_id
from marketplace.domain.errors import DomainError, Forbidden, Unauthorized
from marketplace.domain.reviews import (
    get_target,
    normalize_type,
    review_shape,
    star_counts,
    summary_of,
    target_link,
)
from marketplace.domain.shapes import person_name
from marketplace.shapes.reviews import Review as ReviewShape

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


def _check_may_review(session: Session, author: User, target: Course | Instructor, teacher_id: int | None) -> None:
    if isinstance(target, Course):
        if teacher_id == author.id:  # checked first: an instructor may be enrolled in their own course
            raise Forbidden(OWN_COURSE)
        enrolled = session.exec(
            select(Enrollment.id).where(Enrollment.user_id == author.id, Enrollment.course_id == target.id)
        ).first()
        if enrolled is None:
            raise Forbidden("Only learners enrolled in this course can review it.")
        return
    if target.user_id == author.id:
        raise Forbidden("You cannot review yourself.")
    taught = session.exec(
        select(Enrollment.id)
        .join(Course, col(Course.id) == Enrollment.course_id)
        .where(Enrollment.user_id == author.id, Course.instructor_id == target.id)
    ).first()
    if taught is None:
        raise Forbidden("Only learners enrolled in one of this mentor's courses can review them.")


def store_rating(session: Session, target: Course | Instructor, target_type: str, target_id: int) -> None:
    """Recompute the target's stored ``rating`` and ``review_count`` (what cards and the listing's sorts read).

    The target's row is locked first (PostgreSQL; SQLite serialises writers anyway), so two reviews of one course
    written at once are counted one after the other, each seeing the other's committed review.
    """
    lock_row(session, Course if isinstance(target, Course) else Instructor, target_id)
    summary = summary_of(star_counts(session, target_type, target_id))
    target.rating, target.review_count = summary.average_rating, summary.total_reviews
    session.add(target)


def _notify(
    session: Session,
    author: User,
    target: Course | Instructor,
    target_type: str,
    target_id: int,
    rating: int,
    teacher_id: int | None,
) -> None:
    if teacher_id is None or teacher_id == author.id:
        return
    about = f"your course {target.title}" if isinstance(target, Course) else "you"
    text = f"{person_name(author)} reviewed {about} ({rating}/5)."
    session.add(
        Notification(
            user_id=teacher_id,
            kind="review",
            text=text if len(text) <= 300 else text[:297] + "...",
            link=target_link(target_type, target_id),
        )
    )


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
    author = session.get(User, author_id) if author_id is not None else None
    if author is None or author_id is None:
        raise Unauthorized("You must be logged in to submit a review.")
    stars, text = validate(rating, comment)
    target_type = normalize_type(target_type)
    target = get_target(session, target_type, target_id)
    teacher_id = owner_user_id(session, target) if isinstance(target, Course) else target.user_id
    _check_may_review(session, author, target, teacher_id)
    # Lock the author's row (PostgreSQL; SQLite serialises writers anyway) so two quick submits
    # cannot both pass the five-review limit.
    lock_row(session, User, author_id)
    count = session.exec(
        select(func.count(col(Review.id))).where(
            Review.author_id == author_id, Review.target_type == target_type, Review.target_id == target_id
        )
    ).one()
    if count >= MAX_REVIEWS_PER_TARGET:
        raise DomainError(f"You have already reviewed this target {MAX_REVIEWS_PER_TARGET} times.")
    review = Review(author_id=author_id, target_type=target_type, target_id=target_id, rating=stars, comment=text)
    session.add(review)
    session.flush()
    store_rating(session, target, target_type, target_id)
    _notify(session, author, target, target_type, target_id, stars, teacher_id)
    session.flush()
    return review_shape(review, author)
