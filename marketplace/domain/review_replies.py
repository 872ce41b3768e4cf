"""Instructors answer reviews: of one of their courses, or of themselves as a mentor.

An answer is public: it shows under the review wherever the review is listed. The reviewer is told with a
``reply`` notification that links to the page of the review. One answer per review; writing again replaces
it. Answers are plain text and must be rendered as text, never as HTML.
"""

from __future__ import annotations

from sqlmodel import Session

from marketplace.db.models import Course, Instructor, Review, User
from marketplace.db.models._base import utcnow
from marketplace.domain.errors import DomainError, Forbidden, NotFound, Unauthorized
from marketplace.domain.notifications import notify
from marketplace.domain.reviews import get_target, review_shape, target_link, target_teacher
from marketplace.domain.shapes import person_name
from marketplace.shapes.reviews import Review as ReviewShape

MAX_REPLY_LENGTH = 2000


def _owner(session: Session, target: Course | Instructor) -> Instructor | None:
    return session.get(Instructor, target.instructor_id) if isinstance(target, Course) else target


def may_reply(session: Session, *, user_id: int | None, target_type: str, target_id: int) -> bool:
    """Whether ``user_id`` teaches the course (or is the mentor) whose reviews are listed."""
    if user_id is None:
        return False
    try:
        return target_teacher(session, target_type, target_id) == user_id
    except NotFound:
        return False


def reply_to_review(session: Session, *, user_id: int | None, review_id: int, reply: str | None) -> ReviewShape:
    """Answer a review as the instructor it is about, and tell the reviewer.

    Args:
        session: The database session (flushed, not committed).
        user_id: The signed-in user, or None.
        review_id: The review answered.
        reply: Plain text; surrounding blanks are trimmed.

    Raises:
        Unauthorized: nobody is signed in.
        NotFound: Review not found.
        Forbidden: the caller is not the instructor of the reviewed course or the reviewed mentor.
        DomainError: a blank or too long reply.
    """
    user = session.get(User, user_id) if user_id is not None else None
    if user is None:
        raise Unauthorized("You must be logged in to reply to a review.")
    review = session.get(Review, review_id)
    if review is None:
        raise NotFound("Review not found")
    target = get_target(session, review.target_type, review.target_id)
    owner = _owner(session, target)
    if owner is None or owner.user_id != user.id:
        raise Forbidden("Only the instructor of this course can reply to its reviews.")
    text = (reply or "").strip()
    if not text:
        raise DomainError("Please write your reply.", field="reply")
    if len(text) > MAX_REPLY_LENGTH:
        raise DomainError(f"Please keep your reply under {MAX_REPLY_LENGTH} characters.", field="reply")
    first_answer = review.reply is None
    review.reply, review.replied_at = text, utcnow()
    session.add(review)
    if review.author_id != user.id:
        about = f"your review of {target.title}" if isinstance(target, Course) else "your review"
        verb = "replied to" if first_answer else "updated their reply to"
        notify(
            session,
            user_id=review.author_id,
            kind="reply",
            text=f"{person_name(user)} {verb} {about}.",
            link=target_link(review.target_type, review.target_id) + "#reviews",
        )
    session.flush()
    return review_shape(review, session.get(User, review.author_id))
