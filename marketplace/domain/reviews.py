"""Reviews of courses and of instructors (mentors) as they are read: lists, summaries, a learner's own.

Writing one is :mod:`marketplace.domain.review_writing` (who may, the limits); editing and deleting,
:mod:`marketplace.domain.review_edits`; the instructor's reply, :mod:`marketplace.domain.review_replies`.
A learner's rating counts once: only each author's latest review of a target (newest ``created_at``, then
highest id) is in the target's average, its count, its per-star bars, its stored ``rating``/``review_count``
(which the listing sorts and the cards read) and its public list. Their earlier reviews stay theirs, under My
Reviews, to edit or delete. Comments are stored as plain text and must be rendered as text, never
as HTML. Functions answer with the shapes of :mod:`marketplace.shapes.reviews`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from types import SimpleNamespace

from sqlalchemy import and_, bindparam, case, func, literal, true
from sqlalchemy import select as core_select
from sqlmodel import Session, col, select

from marketplace.db.engine import AnyRow, row_reader
from marketplace.db.models import Course, Instructor, Review, User
from marketplace.db.tables import COURSES, INSTRUCTORS, REVIEWS, USERS
from marketplace.domain.catalog_cards import Record, prefixed
from marketplace.domain.errors import DomainError, NotFound
from marketplace.domain.shapes import iso, person_name
from marketplace.shapes.base import Page, clamp_page, page_count
from marketplace.shapes.reviews import Review as ReviewShape
from marketplace.shapes.reviews import ReviewPage, ReviewSummary, StarBar

COURSE = "Course"
INSTRUCTOR = "Instructor"
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


# Who teaches a review's target, read as one plain row: ``found`` is 1 for a target that exists.
_COURSE_TEACHER = (
    core_select(literal(1).label("found"), INSTRUCTORS.c.user_id)
    .select_from(COURSES)
    .outerjoin(INSTRUCTORS, INSTRUCTORS.c.id == COURSES.c.instructor_id)
    .where(COURSES.c.id == bindparam("target_id"))
)
_MENTOR_TEACHER = core_select(literal(1).label("found"), INSTRUCTORS.c.user_id).where(
    INSTRUCTORS.c.id == bindparam("target_id")
)


def target_teacher(session: Session, target_type: str, target_id: int) -> int | None:
    """The user id of whoever teaches the target (the course's instructor, or the mentor), in one query.

    Raises:
        NotFound: Course not found / Instructor not found.
    """
    query = _COURSE_TEACHER if target_type == COURSE else _MENTOR_TEACHER
    row = row_reader(session).execute(query, {"target_id": target_id}).first()
    if row is None:
        raise NotFound("Course not found" if target_type == COURSE else "Instructor not found")
    teacher: int | None = row.user_id
    return teacher


def reviews_shown(
    session: Session,
    target_type: str,
    target_id: int,
    *,
    page: int,
    per_page: int,
    viewer_id: int | None,
    viewer_teaches: bool | None = None,
) -> tuple[ReviewPage, ReviewSummary, bool]:
    """What a review list shows: a page of the target's reviews, its summary, and whether ``viewer_id`` teaches
    the target (and may reply), in two queries; in one when the caller knows ``viewer_teaches`` (the author of a
    review just written never teaches its target).

    Raises:
        NotFound: the course or instructor does not exist (looked up only when ``viewer_teaches`` is not given).
    """
    target_type = normalize_type(target_type)
    if viewer_teaches is None:
        teacher = target_teacher(session, target_type, target_id)
        viewer_teaches = viewer_id is not None and teacher == viewer_id
    listed, summary = page_and_summary(session, target_type, target_id, page=page, per_page=per_page)
    return listed, summary, viewer_teaches


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
    review: Review | AnyRow | SimpleNamespace,
    author: User | Record | None,
    *,
    target_title: str = "",
    counted: bool = True,
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


def page_and_summary(
    session: Session, target_type: str, target_id: int, *, page: int = 1, per_page: int = 10
) -> tuple[ReviewPage, ReviewSummary]:
    """A page of a target known to exist (``target_type`` already normalized) and its summary, in one query: the
    page's rows carry the per-star counts of all the target's counted reviews. A page past the last (an old
    link) is brought into range with a count and a second read, as :func:`review_page` does."""
    connection = row_reader(session)
    per_page = min(max(1, per_page), MAX_PER_PAGE)
    page = max(1, page)
    target = {"target_type": target_type, "target_id": target_id}
    rows = connection.execute(
        _NEWEST_WITH_STARS, {**target, "offset": Page.offset(page, per_page), "limit": per_page}
    ).all()
    if not rows and page > 1:
        summary = summary_of(star_counts(session, target_type, target_id))
        return review_page(
            session, target_type, target_id, page=page, per_page=per_page, total=summary.total_reviews
        ), summary
    first = rows[0] if rows else None
    summary = summary_of({stars: int(getattr(first, f"stars_{stars}") or 0) if first else 0 for stars in _STAR_VALUES})
    shaped = [review_shape(row, _author(row)) for row in rows]
    return ReviewPage.of(shaped, total=summary.total_reviews, page=page, per_page=per_page), summary


# The reviews of a target that count (each author's latest: the ``counted`` flag the database keeps), as the
# course and mentor pages read them: built once and read as plain rows (issue 14: building the statement and the
# ORM objects was most of a course page's time). ix_reviews_counted holds exactly these rows in this order.
_TARGET_COUNTED = and_(
    REVIEWS.c.target_type == bindparam("target_type"),
    REVIEWS.c.target_id == bindparam("target_id"),
    REVIEWS.c.counted == true(),
)
_COUNTED = core_select(func.count()).where(_TARGET_COUNTED)
_STARS = core_select(REVIEWS.c.rating, func.count()).where(_TARGET_COUNTED).group_by(REVIEWS.c.rating)
_AUTHOR_FIELDS = ("id", "first_name", "last_name", "profile_picture")
_AUTHOR_COLUMNS = [USERS.c[name].label(f"writer_{name}") for name in _AUTHOR_FIELDS]
_NEWEST_ORDER = (REVIEWS.c.created_at.desc(), REVIEWS.c.id.desc())
# One page of them, newest first: its ids from the index alone, then their rows and authors.
_PAGE = (
    core_select(REVIEWS.c.id)
    .where(_TARGET_COUNTED)
    .order_by(*_NEWEST_ORDER)
    .offset(bindparam("offset"))
    .limit(bindparam("limit"))
    .subquery("page")
)
_PAGE_ROWS = _PAGE.join(REVIEWS, REVIEWS.c.id == _PAGE.c.id).outerjoin(USERS, USERS.c.id == REVIEWS.c.author_id)
_NEWEST_FIRST = core_select(REVIEWS, *_AUTHOR_COLUMNS).select_from(_PAGE_ROWS).order_by(*_NEWEST_ORDER)

_STAR_VALUES = (5, 4, 3, 2, 1)
# The same page, each row also carrying how many of the target's counted reviews gave each star: the sums are one
# pass over the index (joined once to the page, not summed over every review as a window would).
_STAR_SUMS = (
    core_select(
        *[func.sum(case((REVIEWS.c.rating == stars, 1), else_=0)).label(f"stars_{stars}") for stars in _STAR_VALUES]
    )
    .where(_TARGET_COUNTED)
    .subquery("stars")
)
_NEWEST_WITH_STARS = (
    core_select(REVIEWS, *_AUTHOR_COLUMNS, *_STAR_SUMS.c)
    .select_from(_PAGE_ROWS.join(_STAR_SUMS, true()))
    .order_by(*_NEWEST_ORDER)
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
    return {stars: counts.get(stars, 0) for stars in _STAR_VALUES}


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
    items = [
        review_shape(
            review,
            author,
            target_title=titles.get((review.target_type, review.target_id), ""),
            counted=review.counted,
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
