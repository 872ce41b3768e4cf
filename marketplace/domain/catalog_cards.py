"""Catalog rows as shapes: course cards and instructor cards, built in bulk from the database.

Cards are built one query per related table for a whole page, never one per row. Money and ratings are
formatted here, once, from exact kobo and the stored rating, so no screen formats or parses them.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy import select as core_select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement
from sqlmodel import Session, col, func, select

from marketplace.db.engine import AnyRow, row_reader
from marketplace.db.models import Category, Course, Instructor, User
from marketplace.db.tables import CATEGORIES, COURSE_CATEGORIES, COURSES
from marketplace.domain.catalog_visibility import published
from marketplace.domain.shapes import person_name
from marketplace.money import format_ngn
from marketplace.shapes.base import naira
from marketplace.shapes.catalog import CourseCard, InstructorCard, InstructorDetail, SocialLink, TeacherRef

PLACEHOLDER_THUMBNAIL = "/images/placeholder-course.webp"
IMAGES_PATH = "/images/"  # where relative thumbnails are served from by the app
DEFAULT_ROLE = "Teacher"
FREE = "Free"  # a course's price text when it costs nothing (docs/product.md, "Free courses")
SOCIAL_ICONS = (
    ("website", "Website", "globe"),
    ("linkedin", "LinkedIn", "briefcase"),
    ("x", "X", "at-sign"),
    ("youtube", "YouTube", "circle-play"),
    ("facebook", "Facebook", "users"),
)


# A row read without the ORM: a Core row, or the columns of one table picked out of a wider row (prefixed()).
Record = AnyRow | SimpleNamespace
# The account columns an instructor's card and detail show (a wider row joins only these).
ACCOUNT_FIELDS = frozenset(
    {"id", "first_name", "last_name", "role", "headline", "profile_picture", "website", "linkedin", "youtube",
     "facebook", "x"}
)  # fmt: skip


def prefixed(row: AnyRow, prefix: str) -> SimpleNamespace:
    """The columns of ``row`` labelled ``prefix`` + name, by their names (one table's part of a joined row)."""
    return SimpleNamespace(**{k.removeprefix(prefix): v for k, v in row._mapping.items() if k.startswith(prefix)})


def thumbnail_url(raw: str | None) -> str:
    """docs/product.md's thumbnail rule: http(s) kept, an app path kept, a bare name under /images/, none: placeholder.

    A broken link cannot be seen from here; the card's image swaps in a stock picture when it fails to load.
    """
    value = (raw or "").strip()
    if not value:
        return PLACEHOLDER_THUMBNAIL
    if value.lower().startswith(("http://", "https://")) or value.startswith("/"):
        return value
    return IMAGES_PATH + value.removeprefix("images/")


def clamp_rating(value: float | None) -> float:
    """A rating as shown: clamped to 0-5, one decimal."""
    return round(min(max(float(value or 0), 0.0), 5.0), 1)


def duration_text(seconds: int) -> str:
    """``5:07`` or ``1:02:03``; ``""`` when the length is unknown."""
    if not seconds or seconds < 0:
        return ""
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def discount_percentage(price_kobo: int, original_kobo: int | None) -> int:
    """Whole percent off the original price; 0 when there is no real discount."""
    if not original_kobo or original_kobo <= price_kobo:
        return 0
    # Integer arithmetic, rounded half up, so money never passes through a float.
    return ((original_kobo - price_kobo) * 200 + original_kobo) // (2 * original_kobo)


def price_text(kobo: int) -> str:
    """A course price as cards show it: ``NGN15,000``, or ``Free``."""
    return FREE if kobo == 0 else format_ngn(kobo)


# Read on every card, so built once and read as plain rows (no ORM objects): a tenth of the ORM query's time.
_COURSE_CATEGORIES = (
    core_select(COURSE_CATEGORIES.c.course_id, CATEGORIES.c.id, CATEGORIES.c.name, CATEGORIES.c.slug)
    .join(CATEGORIES, CATEGORIES.c.id == COURSE_CATEGORIES.c.category_id)
    .where(COURSE_CATEGORIES.c.course_id.in_(bindparam("ids", expanding=True)))
    .order_by(CATEGORIES.c.name)
)


def course_categories(session: Session, course_ids: Sequence[int]) -> dict[int, list[AnyRow]]:
    """Each course's categories (``id``, ``name``, ``slug``), by name, in one query."""
    found: dict[int, list[AnyRow]] = defaultdict(list)
    if not course_ids:
        return found
    for row in row_reader(session).execute(_COURSE_CATEGORIES, {"ids": list(course_ids)}):
        found[row.course_id].append(row)
    return found


class _NamedObjects(FunctionElement[Any]):
    """``_NamedObjects(name, slug)`` over a group of rows: one JSON array of ``{name, slug}``. SQLite and PostgreSQL
    name their JSON functions differently: each is written when the statement is compiled for its database, so one
    statement serves both."""

    name = "named_objects"
    inherit_cache = True


def _named_objects(element: _NamedObjects, compiler: Any, build: str, aggregate: str, **kw: Any) -> str:
    name, slug = (compiler.process(clause, **kw) for clause in element.clauses)
    return f"{aggregate}({build}('name', {name}, 'slug', {slug}))"


@compiles(_NamedObjects)
def _named_objects_postgresql(element: _NamedObjects, compiler: Any, **kw: Any) -> str:
    return _named_objects(element, compiler, "json_build_object", "json_agg", **kw)


@compiles(_NamedObjects, "sqlite")
def _named_objects_sqlite(element: _NamedObjects, compiler: Any, **kw: Any) -> str:
    return _named_objects(element, compiler, "json_object", "json_group_array", **kw)


# The categories of the course a query reads (``COURSES.c.id``) as one JSON array of ``{name, slug}``: a correlated
# subquery, so a page of one course reads them in its own statement, not in one more (:func:`json_categories` reads
# the value).
CATEGORIES_JSON = (
    core_select(_NamedObjects(CATEGORIES.c.name, CATEGORIES.c.slug))
    .select_from(COURSE_CATEGORIES.join(CATEGORIES, CATEGORIES.c.id == COURSE_CATEGORIES.c.category_id))
    .where(COURSE_CATEGORIES.c.course_id == COURSES.c.id)
    .scalar_subquery()
)


def json_categories(value: str | list[dict[str, str]] | None) -> list[SimpleNamespace]:
    """A :data:`CATEGORIES_JSON` value as category rows (``name``, ``slug``) by name, as
    :func:`course_categories` gives them: SQLite answers JSON text, PostgreSQL the parsed list (or NULL for none)."""
    items = json.loads(value) if isinstance(value, str) else value or []
    return sorted((SimpleNamespace(name=i["name"], slug=i["slug"]) for i in items), key=lambda c: c.name)


def _teacher_names(session: Session, instructor_ids: set[int]) -> dict[int, str]:
    if not instructor_ids:
        return {}
    rows = session.exec(
        select(Instructor.id, User)
        .join(User, col(User.id) == Instructor.user_id)
        .where(col(Instructor.id).in_(list(instructor_ids)))
    ).all()
    return {instructor_id: person_name(user) for instructor_id, user in rows if instructor_id is not None}


# The courses table's columns a card is made from (:func:`course_fields`, :func:`course_cards`). Hot reads of cards
# (a listing's page, a cart's items) select these instead of the whole row: the long lists a course page shows
# (what you'll learn, requirements, audience) are JSON columns that every whole row decodes.
CARD_COLUMNS = tuple(
    COURSES.c[name]
    for name in (
        "id", "title", "description", "thumbnail", "price_kobo", "original_price_kobo", "rating", "review_count",
        "lectures", "level", "hours", "instructor_id",
    )
)  # fmt: skip


def course_fields(course: Course | AnyRow, categories: Sequence[Category | Record]) -> dict[str, object]:
    """What a card and the course page share, by field name (the price fields worked out from exact kobo)."""
    percent = discount_percentage(course.price_kobo, course.original_price_kobo)
    original = course.original_price_kobo if percent and course.original_price_kobo else None
    rating = clamp_rating(course.rating)
    names = [c.name for c in categories]
    return {
        "id": course.id,
        "title": course.title,
        "description": course.description,
        "thumbnail": thumbnail_url(course.thumbnail),
        "price": naira(course.price_kobo),
        "discounted_price": naira(course.price_kobo),
        "original_price": naira(original or course.price_kobo),
        "discount_percentage": percent,
        "price_text": price_text(course.price_kobo),
        "free": course.price_kobo == 0,
        "original_price_text": format_ngn(original) if original else "",
        "rating": rating,
        "rating_text": f"{rating:.1f}",
        "review_count": course.review_count,
        "lectures": course.lectures,
        "level": course.level,
        "hours": course.hours,
        "categories": names,
        "category": names[0] if names else "",
        "category_slugs": [c.slug for c in categories],
    }


def with_teacher(query: Any) -> Any:
    """``query`` (a select of courses) also reading each course's teacher's first and last name, in one query."""
    return (
        query.add_columns(col(User.first_name), col(User.last_name))
        .join(Instructor, col(Instructor.id) == Course.instructor_id, isouter=True)
        .join(User, col(User.id) == Instructor.user_id, isouter=True)
    )


def cards_with_teachers(session: Session, rows: Sequence[AnyRow]) -> list[CourseCard]:
    """Course cards for the rows of a :func:`with_teacher` query of the courses table's columns, in order."""
    names = {
        row.instructor_id: f"{row.first_name} {row.last_name}".strip() for row in rows if row.first_name is not None
    }
    return course_cards(session, rows, teacher_names=names)


def course_cards(
    session: Session, courses: Sequence[Course | AnyRow], *, teacher_names: Mapping[int, str] | None = None
) -> list[CourseCard]:
    """Course cards for ``courses``, in the given order (``enrolled`` is left to the caller, per viewer).

    ``teacher_names`` (instructor id: name), when the caller read them with the courses (:func:`with_teacher`).
    """
    names = teacher_names if teacher_names is not None else _teacher_names(session, {c.instructor_id for c in courses})
    categories = course_categories(session, [c.id for c in courses if c.id is not None])
    cards = []
    for course in courses:
        card = CourseCard.model_validate(course_fields(course, categories.get(course.id or 0, [])))
        card.instructor = TeacherRef(id=course.instructor_id, name=names.get(course.instructor_id, ""))
        cards.append(card)
    return cards


def course_counts(session: Session, instructor_ids: Sequence[int]) -> dict[int, int]:
    """How many published courses each instructor teaches, in one query."""
    if not instructor_ids:
        return {}
    rows = session.exec(
        select(Course.instructor_id, func.count(col(Course.id)))
        .where(col(Course.instructor_id).in_(list(instructor_ids)), published())
        .group_by(col(Course.instructor_id))
    ).all()
    return {instructor_id: count for instructor_id, count in rows}


def role_label(role: str | None) -> str:
    """The role shown capitalised; Teacher when none is set."""
    value = (role or "").strip()
    return value[:1].upper() + value[1:].lower() if value else DEFAULT_ROLE


def _card_fields(instructor: Instructor | Record, user: User | Record, course_count: int) -> dict[str, object]:
    rating = clamp_rating(instructor.rating)
    return {
        "id": instructor.id,
        "user_id": user.id,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "name": person_name(user),
        "role": role_label(user.role),
        "title": instructor.title or instructor.profession,
        "profession": instructor.profession,
        "headline": user.headline,
        "picture": thumbnail_url(user.profile_picture) if user.profile_picture else "",
        "rating": rating,
        "rating_text": f"{rating:.1f}",
        "review_count": instructor.review_count,
        "students": instructor.students_count,
        "course_count": course_count,
    }


def instructor_card(instructor: Instructor, user: User, course_count: int = 0) -> InstructorCard:
    """An instructor (mentor) as the lists show them."""
    return InstructorCard.model_validate(_card_fields(instructor, user, course_count))


def social_links(socials: Mapping[str, str]) -> list[SocialLink]:
    """Outbound buttons for the http(s) links an instructor has filled in, in a fixed order."""
    links = []
    for key, label, icon in SOCIAL_ICONS:
        href = (socials.get(key) or "").strip()
        if href.lower().startswith(("http://", "https://")):
            links.append(SocialLink(label=label, icon=icon, href=href))
    return links


def instructor_detail(instructor: Instructor | Record, user: User | Record, course_count: int = 0) -> InstructorDetail:
    """An instructor with every field of docs/product.md's detail view.

    The email address is left out: it is private, and messaging goes through /profile5/{userId}.
    """
    website = instructor.website or user.website or ""
    socials = {
        "website": website,
        "linkedin": user.linkedin or "",
        "youtube": user.youtube or "",
        "facebook": user.facebook or "",
        "x": user.x or "",
    }
    filled = {key: value for key, value in socials.items() if value}
    return InstructorDetail.model_validate(
        {
            **_card_fields(instructor, user, course_count),
            "about": instructor.about or "",
            "expertise": [str(e) for e in instructor.expertise or [] if str(e).strip()],
            "experience": instructor.experience or "",
            "website": website,
            "socials": filled,
            "links": social_links(filled),
            "students_text": f"{instructor.students_count:,}",
        }
    )
