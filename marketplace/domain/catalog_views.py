"""Catalog reads and figures that only the visitor pages need: testimonials, the statistics strip, share links."""

from __future__ import annotations

from urllib.parse import quote

from sqlalchemy import func, true
from sqlmodel import Session, col, select

from marketplace.db.models import Course, Review, User
from marketplace.domain.catalog_visibility import published
from marketplace.domain.reviews import date_text, initials
from marketplace.domain.shapes import iso, person_name
from marketplace.shapes.catalog import CatalogStats, SocialLink, StatFigure, Testimonial

MIN_TESTIMONIAL_RATING = 4
MIN_TESTIMONIAL_LENGTH = 20  # "Great!" says little to a visitor deciding whether to buy


def testimonials(session: Session, limit: int = 8) -> list[Testimonial]:
    """Real course reviews worth showing on the home page: four or five stars, with a real comment.

    One per author (their best, newest), best rated first, then newest, so a single enthusiast cannot fill
    the row; only reviews that count (each learner's latest of a course), so a view they changed is never quoted.
    """
    rows = session.exec(
        select(Review, User, Course)
        .join(User, col(User.id) == Review.author_id)
        .join(Course, col(Course.id) == Review.target_id)
        .where(
            Review.target_type == "Course",
            published(),  # the quote links to its course page
            col(Review.counted) == true(),
            Review.rating >= MIN_TESTIMONIAL_RATING,
            func.length(Review.comment) >= MIN_TESTIMONIAL_LENGTH,
        )
        .order_by(col(Review.rating).desc(), col(Review.created_at).desc(), col(Review.id).desc())
        .limit(limit * 5)
    ).all()
    chosen: list[Testimonial] = []
    seen_authors: set[int] = set()
    for review, author, course in rows:
        if author.id is None or author.id in seen_authors:
            continue
        seen_authors.add(author.id)
        name = person_name(author)
        chosen.append(
            Testimonial(
                id=review.id or 0,
                rating=review.rating,
                comment=review.comment,
                created_at=iso(review.created_at),
                date_text=date_text(review.created_at),
                author_name=name,
                initials=initials(name),
                avatar=author.profile_picture,
                course_id=course.id or 0,
                course_title=course.title,
                course_href=f"/courses/{course.id}",
            )
        )
        if len(chosen) == limit:
            break
    return chosen


def compact_count(value: int) -> str:
    """A figure for the statistics strip: ``12``, ``1.2K+``... never rounded up past the truth."""
    if value >= 1_000_000:
        return f"{value // 100_000 / 10:g}M+"
    if value >= 1_000:
        return f"{value // 100 / 10:g}K+"
    return str(value)


# The statistics strip's labels, in its order (the page shows them while the figures load).
STAT_LABELS = ("Courses", "Expert Instructors", "Enrolled Learners", "Categories")


def stat_figures(stats: CatalogStats) -> list[StatFigure]:
    """The home page's statistics strip as shown, in its order."""
    counts = (stats.courses, stats.instructors, stats.learners, stats.categories)
    return [
        StatFigure(value=compact_count(count), label=label) for count, label in zip(counts, STAT_LABELS, strict=True)
    ]


def share_links(url: str, title: str) -> list[SocialLink]:
    """Share buttons for a page: WhatsApp, X, Facebook, LinkedIn (each opens in a new tab)."""
    u, text = quote(url, safe=""), quote(f"{title} {url}", safe="")
    return [
        SocialLink(label="WhatsApp", icon="message-circle", href=f"https://wa.me/?text={text}"),
        SocialLink(label="X", icon="at-sign", href=f"https://x.com/intent/post?url={u}&text={quote(title, safe='')}"),
        SocialLink(label="Facebook", icon="users", href=f"https://www.facebook.com/sharer/sharer.php?u={u}"),
        SocialLink(label="LinkedIn", icon="briefcase", href=f"https://www.linkedin.com/sharing/share-offsite/?url={u}"),
    ]
