"""Reviews of courses and of instructors (mentors): listing, summaries, writing, a learner's own.

Who may review what:
- a course: learners enrolled in it;
- an instructor: learners enrolled in at least one of that instructor's courses, and never the
  instructor themselves. (docs/product.md gives the mentor form "the same limits" as course reviews; taking a
  course from the mentor is what makes a review of them worth reading, and it keeps drive-by ratings out.)
At most five reviews per author per target (docs/product.md's limit), but a learner's rating counts once: only each
author's latest review of a target (newest ``created_at``, then highest id) is in the target's average, its count,
its per-star bars, its stored ``rating``/``review_count`` (which the listing sorts and the cards read) and its
public list. Their earlier reviews stay theirs, under My Reviews, to edit or delete
(:mod:`marketplace.domain.review_edits`). Comments are stored as plain text and must be rendered as text, never
as HTML. Functions answer with the shapes of :mod:`marketplace.shapes.reviews`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from types import SimpleNamespace
from typing import Any

from sqlalchemy import ColumnElement, bindparam, func
from sqlalchemy import select as core_select
from sqlalchemy.orm import Mapped
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from marketplace.db.engine import AnyRow, row_reader
from marketplace.db.models import Course, Enrollment, Instructor, Notification, Review, User
from marketplace.domain.catalog_cards import Record, prefixed
from marketplace.domain.catalog_visibility import OWN_COURSE, teaches
from marketplace.domain.errors import DomainError, Forbidden, NotFound, Unauthorized
from marketplace.domain.shapes import iso, person_name
from marketplace.shapes.base import Page, clamp_page, page_count
from marketplace.shapes.reviews import Review as ReviewShape
from marketplace.shapes.reviews import ReviewPage, ReviewSummary, StarBar

COURSE = "Course"
INSTRUCTOR = "Instructor"
MAX_REVIEWS_PER_TARGET = 5
MAX_COMMENT_LENGTH = 2000
MAX_PER_PAGE = 100

_TYPE_ALIASES = {"course": COURSE, "instructor": INSTRUCTOR, "mentor": INSTRUCTOR, "teacher": INSTRUCTOR}


def normalize_type(target_type: str | None) -> str:
    """``Course`` or ``Instructor`` from any casing (mentor and teacher mean instructor); default Course."""
    if not target_type:
        return COURSE
    value = _TYPE_ALIASES.get(target_type.strip().lower())
    if value is None:
        raise DomainError("Unknown review type.", field="type")
    return value


def target_link(target_type: str, target_id: int) -> str:
    """The page of a review's target: the course page or the mentor page."""
    return f"/courses/{target_id}" if target_type == COURSE else f"/mentors/{target_id}"


def get_target(session: Session, target_type: str, target_id: int) -> Course | Instructor:
    """The course or instructor a review is about.

    Raises:
        NotFound: Course not found / Instructor not found.
    """
    if target_type == COURSE:
        course = session.get(Course, target_id)
        if course is None:
            raise NotFound("Course not found")
        return course
    instructor = session.get(Instructor, target_id)
    if instructor is None:
        raise NotFound("Instructor not found")
    return instructor


def initials(name: str) -> str:
    """Up to two initials of a name, for an avatar without a picture ("Ada Obi" -> "AO"); "?" when none."""
    return "".join(part[0] for part in name.split()[:2]).upper() or "?"


def date_text(moment: datetime | None) -> str:
    """``12 Mar 2025`` (the UTC day; SQLite hands back naive UTC datetimes); "" when there is none."""
    if moment is None:
        return ""
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return f"{moment.day} {moment:%b %Y}"


def review_shape(
    review: Review | AnyRow, author: User | Record | None, *, target_title: str = "", counted: bool = True
) -> ReviewShape:
    """A review as lists and the API show it, with its author's name and avatar and the instructor's reply."""
    author_name = person_name(author) or "Learner"
    return ReviewShape(
        id=review.id or 0,  # a listed or flushed review always has its id
        user_id=review.author_id,
        target_id=review.target_id,
        target_type=review.target_type,
        course_id=review.target_id if review.target_type == COURSE else None,
        rating=review.rating,
        comment=review.comment,
        created_at=iso(review.created_at),
        author_name=author_name,
        avatar=(author.profile_picture or "") if author else "",
        reply=review.reply or "",
        replied_at=iso(review.replied_at),
        target_title=target_title,
        counted=counted,
        link=target_link(review.target_type, review.target_id),
        initials=initials(author_name),
        date_text=date_text(review.created_at),
        reply_date_text=date_text(review.replied_at) if review.reply else "",
    )


def _page_bounds(total: int, page: int, per_page: int) -> tuple[int, int]:
    """The page brought into range, and the page size into 1..MAX_PER_PAGE."""
    per_page = min(max(1, per_page), MAX_PER_PAGE)
    return clamp_page(page, page_count(total, per_page)), per_page


def list_reviews(
    session: Session, *, target_type: str, target_id: int, page: int = 1, per_page: int = 10, total: int | None = None
) -> ReviewPage:
    """One page of a target's reviews, newest first, with each author's name and avatar: each author's latest
    review only, the ones the summary counts (so the list and its count agree, and one learner cannot fill a page).

    ``total``: how many there are, when the caller has just counted them (the summary's ``total_reviews`` in the
    same session); counted here otherwise.

    Raises:
        NotFound: the course or instructor does not exist.
    """
    target_type = normalize_type(target_type)
    get_target(session, target_type, target_id)
    return review_page(session, target_type, target_id, page=page, per_page=per_page, total=total)


def review_page(
    session: Session, target_type: str, target_id: int, *, page: int = 1, per_page: int = 10, total: int | None = None
) -> ReviewPage:
    """:func:`list_reviews` of a target known to exist (``target_type`` already normalized)."""
    connection = row_reader(session)
    target = {"target_type": target_type, "target_id": target_id}
    if total is None:
        total = connection.execute(_COUNTED, target).scalar_one()
    page, per_page = _page_bounds(total, page, per_page)
    rows = connection.execute(_NEWEST_FIRST, {**target, "offset": Page.offset(page, per_page), "limit": per_page}).all()
    shaped = [review_shape(row, _author(row)) for row in rows]
    return ReviewPage.of(shaped, total=total, page=page, per_page=per_page)


def _latest_ids(*where: ColumnElement[bool] | bool, per: tuple[Mapped[Any], ...]) -> SelectOfScalar[int]:
    """The ids of the newest review in each group ``per`` of the reviews matching ``where``."""
    ranked = (
        select(
            col(Review.id).label("review_id"),
            func.row_number()
            .over(partition_by=per, order_by=(col(Review.created_at).desc(), col(Review.id).desc()))
            .label("newness"),
        )
        .where(*where)
        .subquery()
    )
    return select(ranked.c.review_id).where(ranked.c.newness == 1)


def counted_review_ids(target_type: str) -> SelectOfScalar[int]:
    """A subquery of the reviews that count, over every target of a type: each author's latest of each target."""
    return _latest_ids(col(Review.target_type) == target_type, per=(col(Review.author_id), col(Review.target_id)))


def latest_review_ids(target_type: str, target_id: int) -> SelectOfScalar[int]:
    """A subquery of the reviews of a target that count: each author's latest one."""
    return _latest_ids(
        col(Review.target_type) == target_type, col(Review.target_id) == target_id, per=(col(Review.author_id),)
    )


# A target's reviews as the course and mentor pages read them, built once and read as plain rows (issue 14:
# building the statement and the ORM objects was most of a course page's time).
_TARGET_LATEST = latest_review_ids(bindparam("target_type"), bindparam("target_id"))  # type: ignore[arg-type]
_REVIEWS, _USERS = Review.__table__, User.__table__  # type: ignore[attr-defined]
_COUNTED = core_select(func.count()).where(_REVIEWS.c.id.in_(_TARGET_LATEST))
_STARS = (
    core_select(_REVIEWS.c.rating, func.count()).where(_REVIEWS.c.id.in_(_TARGET_LATEST)).group_by(_REVIEWS.c.rating)
)
_AUTHOR_FIELDS = ("id", "first_name", "last_name", "profile_picture")
_NEWEST_FIRST = (
    core_select(_REVIEWS, *[_USERS.c[name].label(f"writer_{name}") for name in _AUTHOR_FIELDS])
    .join(_USERS, _USERS.c.id == _REVIEWS.c.author_id, isouter=True)
    .where(_REVIEWS.c.id.in_(_TARGET_LATEST))
    .order_by(_REVIEWS.c.created_at.desc(), _REVIEWS.c.id.desc())
    .offset(bindparam("offset"))
    .limit(bindparam("limit"))
)


def _author(row: AnyRow) -> SimpleNamespace | None:
    """The author's part of a :data:`_NEWEST_FIRST` row (None when the account is gone)."""
    author = prefixed(row, "writer_")
    return author if author.id is not None else None


def _average(distribution: dict[int, int]) -> float:
    total = sum(distribution.values())
    if not total:
        return 0.0
    mean = Decimal(sum(stars * n for stars, n in distribution.items())) / Decimal(total)
    return float(mean.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def star_counts(session: Session, target_type: str, target_id: int) -> dict[int, int]:
    """How many authors gave each star, by their latest review of the target."""
    rows = row_reader(session).execute(_STARS, {"target_type": target_type, "target_id": target_id}).all()
    counts = {stars: count for stars, count in rows}
    return {stars: counts.get(stars, 0) for stars in (5, 4, 3, 2, 1)}


def summary_of(distribution: dict[int, int]) -> ReviewSummary:
    """The summary of a per-star count: the average, the count and one bar per star, 5 down to 1."""
    total = sum(distribution.values())
    average = _average(distribution)
    bars = [
        StarBar(stars=stars, count=count, percent=round(100 * count / total) if total else 0)
        for stars, count in distribution.items()
    ]
    return ReviewSummary(
        average_rating=average,
        total_reviews=total,
        distribution=distribution,
        average_text=f"{average:.1f}",
        bars=bars,
    )


def review_summary(session: Session, target_type: str, target_id: int) -> ReviewSummary:
    """The average (2 decimal places, 0 when none), the count, and how many reviews gave each star, counting
    each author once (their latest review).

    Raises:
        NotFound: the course or instructor does not exist.
    """
    target_type = normalize_type(target_type)
    get_target(session, target_type, target_id)
    return summary_of(star_counts(session, target_type, target_id))


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


def _check_may_review(session: Session, author: User, target: Course | Instructor) -> None:
    if isinstance(target, Course):
        if teaches(session, author.id, target):  # checked first: an instructor may be enrolled in their own course
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
    model = Course if isinstance(target, Course) else Instructor
    session.exec(select(model.id).where(col(model.id) == target_id).with_for_update()).first()
    distribution = star_counts(session, target_type, target_id)
    target.rating = _average(distribution)
    target.review_count = sum(distribution.values())
    session.add(target)


def _notify(
    session: Session, author: User, target: Course | Instructor, target_type: str, target_id: int, rating: int
) -> None:
    instructor = session.get(Instructor, target.instructor_id) if isinstance(target, Course) else target
    if instructor is None or instructor.user_id == author.id:
        return
    about = f"your course {target.title}" if isinstance(target, Course) else "you"
    text = f"{person_name(author)} reviewed {about} ({rating}/5)."
    session.add(
        Notification(
            user_id=instructor.user_id,
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
    _check_may_review(session, author, target)
    # Lock the author's row (PostgreSQL; SQLite serialises writers anyway) so two quick submits
    # cannot both pass the five-review limit.
    session.exec(select(User.id).where(User.id == author.id).with_for_update()).first()
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
    _notify(session, author, target, target_type, target_id, stars)
    session.flush()
    return review_shape(review, author)


def user_reviews(session: Session, user_id: int, *, page: int = 1, per_page: int = 4) -> ReviewPage:
    """One page of the reviews a user wrote, newest first, each with its target's name (``targetTitle``) and
    whether it is the one their rating of that target counts (``counted``: their latest review of it)."""
    where = Review.author_id == user_id
    total = session.exec(select(func.count(col(Review.id))).where(where)).one()
    page, per_page = _page_bounds(total, page, per_page)
    rows = session.exec(
        select(Review)
        .where(where)
        .order_by(col(Review.created_at).desc(), col(Review.id).desc())
        .offset(Page.offset(page, per_page))
        .limit(per_page)
    ).all()
    author = session.get(User, user_id)
    titles = target_titles(session, list(rows))
    counted = set(
        session.exec(_latest_ids(where, per=(col(Review.target_type), col(Review.target_id)))).all() if rows else ()
    )
    items = [
        review_shape(
            review,
            author,
            target_title=titles.get((review.target_type, review.target_id), ""),
            counted=review.id in counted,
        )
        for review in rows
    ]
    return ReviewPage.of(items, total=total, page=page, per_page=per_page)


def target_titles(session: Session, reviews: list[Review]) -> dict[tuple[str, int], str]:
    """The course's title or the mentor's name of each target of ``reviews``, by (type, id)."""
    course_ids = {r.target_id for r in reviews if r.target_type == COURSE}
    instructor_ids = {r.target_id for r in reviews if r.target_type == INSTRUCTOR}
    titles: dict[tuple[str, int], str] = {}
    if course_ids:
        for course_id, title in session.exec(select(Course.id, Course.title).where(col(Course.id).in_(course_ids))):
            titles[(COURSE, course_id or 0)] = title
    if instructor_ids:
        rows = session.exec(
            select(Instructor.id, User)
            .join(User, col(User.id) == Instructor.user_id)
            .where(col(Instructor.id).in_(instructor_ids))
        )
        for instructor_id, user in rows:
            titles[(INSTRUCTOR, instructor_id or 0)] = person_name(user)
    return titles
