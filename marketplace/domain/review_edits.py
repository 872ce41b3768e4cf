"""A learner edits or deletes their own reviews (My Reviews).

Only the author may change a review: every call re-reads who is asking and whose review it is, whatever a
page shows or a client sends. An edit goes through the review form's checks, in its words; the review keeps its
date, so which of the author's reviews of a target counts (their latest) does not change. After either, the
target's stored rating and count are recomputed, counting each author once.
"""

from __future__ import annotations

from sqlmodel import Session

from marketplace.db.engine import lock_row
from marketplace.db.models import Review, User
from marketplace.domain.errors import Forbidden, NotFound, Unauthorized
from marketplace.domain.review_writing import store_rating, validate
from marketplace.domain.reviews import get_target, review_shape, target_titles
from marketplace.shapes.reviews import Review as ReviewShape
from marketplace.shapes.reviews import ReviewRemoved

NOT_YOURS = "You can only edit or delete your own reviews."


def _own_review(session: Session, user_id: int | None, review_id: int) -> tuple[User, Review]:
    """The caller and their review, the author's row locked so an edit and a new review run one at a time.

    Raises:
        Unauthorized: nobody is signed in.
        NotFound: Review not found.
        Forbidden: the review is someone else's.
    """
    user = session.get(User, user_id) if user_id is not None else None
    if user is None:
        raise Unauthorized("You must be logged in to change a review.")
    lock_row(session, User, user_id)
    review = session.get(Review, review_id)
    if review is None:
        raise NotFound("Review not found")
    if review.author_id != user.id:
        raise Forbidden(NOT_YOURS)
    return user, review


def edit_review(
    session: Session, *, user_id: int | None, review_id: int, rating: object, comment: str | None
) -> ReviewShape:
    """Change the rating and comment of the caller's review, then the target's stored rating and count.

    Raises:
        Unauthorized, NotFound, Forbidden: see :func:`_own_review`.
        DomainError: the form's messages (Please add a rating! / Please add a comment! / too long).
    """
    stars, text = validate(rating, comment)
    user, review = _own_review(session, user_id, review_id)
    get_target(session, review.target_type, review.target_id)  # NotFound when the course or mentor is gone
    review.rating, review.comment = stars, text
    session.add(review)
    session.flush()
    store_rating(session, review.target_type, review.target_id)
    title = target_titles(session, [review]).get((review.target_type, review.target_id), "")
    return review_shape(review, user, target_title=title)


def delete_review(session: Session, *, user_id: int | None, review_id: int) -> ReviewRemoved:
    """Delete the caller's review; their previous review of the target (if any) becomes the one that counts.

    Raises:
        Unauthorized, NotFound, Forbidden: see :func:`_own_review`.
    """
    _user, review = _own_review(session, user_id, review_id)
    target_type, target_id = review.target_type, review.target_id
    get_target(session, target_type, target_id)  # NotFound when the course or mentor is gone
    session.delete(review)
    session.flush()
    summary = store_rating(session, target_type, target_id)
    return ReviewRemoved(
        id=review_id,
        target_id=target_id,
        target_type=target_type,
        average_rating=summary.average_rating,
        total_reviews=summary.total_reviews,
    )
