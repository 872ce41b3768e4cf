"""The instructor studio: an instructor's own courses, from a first title to a published course.

The rules (statuses, limits, publish checks, when a course may be deleted) are in docs/product.md, "Instructor
studio". Every function takes the caller's user id and checks it is an instructor who owns the course
(:mod:`marketplace.domain.studio_access`): another instructor's course is Forbidden, a learner is Forbidden, an
unknown id is NotFound. Input is checked field by field; a broken rule raises DomainError naming the field by its
wire name (``title``, ``categoryIds``, ``originalPrice``...) with a message to show as is.

This module is the one to import: the lessons (:mod:`studio_curriculum`) and publishing (:mod:`studio_publish`)
are re-exported here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from sqlalchemy import delete, func
from sqlmodel import Session, col, select

from marketplace.db.models import Category, Course, CourseCategory, EarningEntry
from marketplace.domain.errors import DomainError
from marketplace.domain.listing import LEVELS
from marketplace.domain.shapes import MAX_ID, iso
from marketplace.domain.studio_access import (
    COURSE_NOT_FOUND,
    DRAFT,
    NEEDS_DESCRIPTION,
    NEEDS_PRICE,
    NEEDS_THUMBNAIL,
    NEEDS_TITLE,
    NEEDS_VIDEO,
    NOT_YOUR_COURSE,
    ONLY_INSTRUCTORS,
    PUBLISHED,
    UNPUBLISHED,
    draft_of,
    owned_course,
    owned_section,
    require_instructor,
    touch,
)
from marketplace.domain.studio_curriculum import (
    add_section,
    attach_video,
    move_section,
    normalize_youtube,
    remove_section,
    set_thumbnail,
    update_section,
)
from marketplace.domain.studio_publish import PublishBlocked, delete_course, publish, publish_problems, unpublish
from marketplace.money import CENT, KOBO, format_naira
from marketplace.shapes.base import naira
from marketplace.shapes.studio import CourseChanges, CourseDraft, StudioCourseRow

__all__ = [
    "COURSE_LANGUAGES",
    "COURSE_NOT_FOUND",
    "DRAFT",
    "LEVELS",
    "NEEDS_DESCRIPTION",
    "NEEDS_PRICE",
    "NEEDS_THUMBNAIL",
    "NEEDS_TITLE",
    "NEEDS_VIDEO",
    "NOT_YOUR_COURSE",
    "ONLY_INSTRUCTORS",
    "PUBLISHED",
    "UNPUBLISHED",
    "PublishBlocked",
    "add_section",
    "attach_video",
    "course_draft",
    "create_course",
    "delete_course",
    "move_section",
    "my_courses",
    "normalize_youtube",
    "owned_course",
    "owned_section",
    "parse_price",
    "publish",
    "publish_problems",
    "remove_section",
    "require_instructor",
    "set_thumbnail",
    "unpublish",
    "update_course",
    "update_section",
]

# The languages a course may be taught in: those of the catalog (English, Nigerian Pidgin, Yoruba, Hausa) and the
# other languages Nigerian learners are taught in.
COURSE_LANGUAGES = ("English", "Nigerian Pidgin", "Yoruba", "Hausa", "Igbo", "French")
MAX_TITLE = 200
MAX_SUBTITLE = 200
MAX_DESCRIPTION = 4000
MAX_POINTS = 10
MAX_POINT = 160
MAX_CATEGORIES = 3
MAX_PRICE_KOBO = 5_000_000 * 100
LIST_LABELS = {"learn": "What you'll learn", "requirements": "Requirements", "audience": "Who this course is for"}
_PRICE_TEXT = re.compile(r"^[₦N]?\s*(?:NGN)?\s*([0-9][0-9,]*(?:\.[0-9]*)?|\.[0-9]+)$", re.IGNORECASE)


def course_title(value: str | None, *, field: str = "title", what: str = "the course") -> str:
    """A trimmed title of 1 to 200 characters."""
    title = " ".join((value or "").split())
    if not title:
        raise DomainError(f"Add a title for {what}.", field=field)
    if len(title) > MAX_TITLE:
        raise DomainError(f"The title can be at most {MAX_TITLE} characters.", field=field)
    return title


def _text(value: str | None, limit: int, field: str, label: str) -> str:
    text = (value or "").strip()
    if len(text) > limit:
        raise DomainError(f"The {label} can be at most {limit:,} characters.", field=field)
    return text


def _points(value: Sequence[str] | None, field: str) -> list[str]:
    """A list of short points (what you'll learn, requirements, audience): blanks dropped, at most 10 of 160."""
    label = LIST_LABELS[field]
    points = [" ".join(str(p or "").split()) for p in value or []]
    points = [p for p in points if p]
    if len(points) > MAX_POINTS:
        raise DomainError(f"{label} can have at most {MAX_POINTS} points.", field=field)
    if any(len(p) > MAX_POINT for p in points):
        raise DomainError(f"Each point of {label} can be at most {MAX_POINT} characters.", field=field)
    return points


def _one_of(value: str | None, options: Sequence[str], field: str, message: str) -> str:
    """The option ``value`` names (any case, spaces trimmed), spelt as listed; DomainError(``message``) if none."""
    wanted = (value or "").strip().lower()
    for option in options:
        if option.lower() == wanted:
            return option
    raise DomainError(message, field=field)


def _level(value: str | None) -> str:
    return _one_of(value, LEVELS, "level", f"Choose a level: {', '.join(LEVELS[:-1])} or {LEVELS[-1]}.")


def _language(value: str | None) -> str:
    return _one_of(value, COURSE_LANGUAGES, "language", f"Choose a language: {', '.join(COURSE_LANGUAGES)}.")


def _category_ids(session: Session, value: Sequence[int] | None) -> list[int]:
    ids = list(dict.fromkeys(int(i) for i in value or []))
    if any(not 1 <= i <= MAX_ID for i in ids):
        raise DomainError("Choose categories from the list.", field="categoryIds")
    if not ids:
        raise DomainError("Choose at least one category.", field="categoryIds")
    if len(ids) > MAX_CATEGORIES:
        raise DomainError(f"Choose at most {MAX_CATEGORIES} categories.", field="categoryIds")
    known = set(session.exec(select(Category.id).where(col(Category.id).in_(ids))).all())
    if len(known) != len(ids):
        raise DomainError("Choose categories from the list.", field="categoryIds")
    return ids


def price_kobo(value: Decimal, field: str = "price") -> int:
    """Exact naira (0 to 5,000,000, at most two decimals) as whole kobo."""
    label = "The original price" if field == "originalPrice" else "The price"
    if not isinstance(value, Decimal):
        value = Decimal(str(value))
    if not value.is_finite():
        raise DomainError(f"{label} must be an amount in naira.", field=field)
    if value < 0:
        raise DomainError(f"{label} cannot be negative.", field=field)
    if value * KOBO > MAX_PRICE_KOBO:  # before rounding: quantize() fails on absurdly large numbers
        raise DomainError(f"{label} can be at most {format_naira(MAX_PRICE_KOBO)}.", field=field)
    if value != value.quantize(CENT):
        raise DomainError(f"{label} can have at most 2 decimal places (kobo).", field=field)
    return int(value * KOBO)


def parse_price(text: str | None, field: str = "price") -> Decimal | None:
    """What was typed in a price box (``15000``, ``15,000.50``, ``₦15,000``) as naira; None for an empty box."""
    value = (text or "").strip()
    if not value:
        return None
    match = _PRICE_TEXT.match(value)
    label = "the original price" if field == "originalPrice" else "the price"
    if not match:
        raise DomainError(f"Enter {label} in naira, for example 15000 or 15000.50.", field=field)
    try:
        return Decimal(match.group(1).replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern only lets digits through
        raise DomainError(f"Enter {label} in naira, for example 15000 or 15000.50.", field=field) from None


def my_courses(session: Session, user_id: int) -> list[StudioCourseRow]:
    """The caller's courses, the most recently changed first, each with its students and net revenue."""
    instructor = require_instructor(session, user_id)
    revenue = (
        select(EarningEntry.course_id, func.sum(EarningEntry.net_kobo).label("net"))
        .where(EarningEntry.instructor_id == instructor.id)
        .group_by(col(EarningEntry.course_id))
        .subquery()
    )
    query = (
        select(Course, func.coalesce(revenue.c.net, 0))
        .join(revenue, revenue.c.course_id == Course.id, isouter=True)
        .where(Course.instructor_id == instructor.id)
        .order_by(func.coalesce(col(Course.updated_at), col(Course.created_at)).desc(), col(Course.id).desc())
    )
    rows = []
    for course, net in session.exec(query).all():
        net_kobo = int(net or 0)
        rows.append(
            StudioCourseRow(
                id=course.id or 0,
                title=course.title,
                status=course.status,
                students=course.enrollment_count,
                revenue=naira(net_kobo),
                revenue_text=format_naira(net_kobo),
                rating=round(float(course.rating or 0), 1),
                review_count=course.review_count,
                thumbnail=course.thumbnail,
                updated_at=iso(course.updated_at or course.created_at),
            )
        )
    return rows


def create_course(session: Session, user_id: int, title: str) -> CourseDraft:
    """A new draft with just its title; no price yet (the instructor sets one, 0 for free, before publishing)."""
    instructor = require_instructor(session, user_id)
    course = Course(
        title=course_title(title),
        instructor_id=instructor.id or 0,
        price_kobo=0,
        price_set=False,
        status=DRAFT,
        hours=0,
        lectures=0,
    )
    session.add(course)
    touch(session, course)
    return draft_of(session, course)


def course_draft(session: Session, user_id: int, course_id: int) -> CourseDraft:
    """The editor's view of one of the caller's courses."""
    return draft_of(session, owned_course(session, user_id, course_id))


def update_course(session: Session, user_id: int, course_id: int, changes: CourseChanges) -> CourseDraft:
    """Save the fields given in ``changes`` (the rest stay as they are); the first broken rule is refused."""
    course = owned_course(session, user_id, course_id)
    given = changes.model_fields_set
    if "title" in given:
        course.title = course_title(changes.title)
    if "subtitle" in given:
        course.subtitle = _text(changes.subtitle, MAX_SUBTITLE, "subtitle", "subtitle")
    if "description" in given:
        course.description = _text(changes.description, MAX_DESCRIPTION, "description", "description")
    for field in ("learn", "requirements", "audience"):
        if field in given:
            setattr(course, field, _points(getattr(changes, field), field))
    if "level" in given:
        course.level = _level(changes.level)
    if "language" in given:
        course.language = _language(changes.language)
    if "price" in given:
        _set_price(course, changes.price)
    if "original_price" in given:
        original = changes.original_price
        course.original_price_kobo = None if original is None else price_kobo(original, "originalPrice")
    if course.original_price_kobo is not None and course.price_set and course.original_price_kobo <= course.price_kobo:
        field = "originalPrice" if "original_price" in given else "price"
        raise DomainError("The original price must be higher than the price.", field=field)
    if "category_ids" in given:
        _set_categories(session, course, _category_ids(session, changes.category_ids))
    touch(session, course)
    return draft_of(session, course)


def _set_price(course: Course, value: Decimal | None) -> None:
    if value is None:
        if course.status == PUBLISHED:
            raise DomainError("A published course needs a price (0 makes it free).", field="price")
        course.price_kobo, course.price_set = 0, False
        return
    course.price_kobo, course.price_set = price_kobo(value), True


def _set_categories(session: Session, course: Course, ids: list[int]) -> None:
    session.execute(delete(CourseCategory).where(col(CourseCategory.course_id) == course.id))
    for category_id in ids:
        session.add(CourseCategory(course_id=course.id or 0, category_id=category_id))
