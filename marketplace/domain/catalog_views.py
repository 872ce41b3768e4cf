"""Catalog reads that only the visitor pages need: the home page's testimonials."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, col, select

from marketplace.db.models import Course, Review, User
from marketplace.domain.shapes import iso, person_name

MIN_TESTIMONIAL_RATING = 4
MIN_TESTIMONIAL_LENGTH = 20  # "Great!" says little to a visitor deciding whether to buy


def testimonials(session: Session, limit: int = 8) -> list[dict]:
    """Real course reviews worth showing on the home page: four or five stars, with a real comment.

    One per author (their best, newest), best rated first, then newest, so a single enthusiast cannot fill
    the row.

    Returns:
        Dicts ``{id, rating, comment, created_at, authorName, avatar, courseId, courseTitle}``.
    """
    rows = session.exec(
        select(Review, User, Course)
        .join(User, col(User.id) == Review.author_id)
        .join(Course, col(Course.id) == Review.target_id)
        .where(
            Review.target_type == "Course",
            Review.rating >= MIN_TESTIMONIAL_RATING,
            func.length(Review.comment) >= MIN_TESTIMONIAL_LENGTH,
        )
        .order_by(col(Review.rating).desc(), col(Review.created_at).desc(), col(Review.id).desc())
        .limit(limit * 5)
    ).all()
    chosen: list[dict] = []
    seen_authors: set[int] = set()
    for review, author, course in rows:
        if author.id in seen_authors:
            continue
        seen_authors.add(author.id)
        chosen.append(
            {
                "id": review.id,
                "rating": review.rating,
                "comment": review.comment,
                "created_at": iso(review.created_at),
                "authorName": person_name(author),
                "avatar": author.profile_picture,
                "courseId": course.id,
                "courseTitle": course.title,
            }
        )
        if len(chosen) == limit:
            break
    return chosen
