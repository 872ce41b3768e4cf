"""How catalog rows look to callers: course cards and instructor cards as JSON-ready dicts.

Each dict carries the spec's field names (``_id``, ``discountedPrice``, ``avgRating``...) for the JSON API
and the snake_case names the Reflex views read (``price_text``, ``review_count``...), so the API and the
UI show the same thing. Cards are built in bulk: one query per related table for a whole page, never one
per row.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from sqlmodel import Session, col, func, select

from marketplace.db.models import Category, Course, CourseCategory, Instructor, User
from marketplace.domain.shapes import person_name
from marketplace.money import format_ngn, naira_number

PLACEHOLDER_THUMBNAIL = "/images/placeholder-course.webp"
IMAGES_PATH = "/images/"  # where relative thumbnails are served from by the app
DEFAULT_ROLE = "Teacher"


def thumbnail_url(raw: str | None) -> str:
    """The spec's thumbnail rule: http(s) kept, an app path kept, a bare name under /images/, none: placeholder.

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


def course_categories(session: Session, course_ids: Sequence[int]) -> dict[int, list[Category]]:
    """Each course's categories, by name, in one query."""
    found: dict[int, list[Category]] = defaultdict(list)
    if not course_ids:
        return found
    rows = session.exec(
        select(CourseCategory.course_id, Category)
        .join(Category, col(Category.id) == CourseCategory.category_id)
        .where(col(CourseCategory.course_id).in_(list(course_ids)))
        .order_by(col(Category.name))
    ).all()
    for course_id, category in rows:
        found[course_id].append(category)
    return found


def _teachers(session: Session, instructor_ids: set[int]) -> dict[int, tuple[Instructor, User]]:
    if not instructor_ids:
        return {}
    rows = session.exec(
        select(Instructor, User)
        .join(User, col(User.id) == Instructor.user_id)
        .where(col(Instructor.id).in_(list(instructor_ids)))
    ).all()
    return {instructor.id: (instructor, user) for instructor, user in rows}


def course_dict(course: Course, instructor: Instructor | None, user: User | None, categories: list[Category]) -> dict:
    """One course card (see :func:`course_cards`)."""
    original = (
        course.original_price_kobo if discount_percentage(course.price_kobo, course.original_price_kobo) else None
    )
    percent = discount_percentage(course.price_kobo, original)
    rating = clamp_rating(course.rating)
    name = person_name(user)
    names = [c.name for c in categories]
    return {
        "id": course.id,
        "_id": course.id,
        "title": course.title,
        "description": course.description,
        "thumbnail": thumbnail_url(course.thumbnail),
        "price": naira_number(course.price_kobo),
        "price_text": format_ngn(course.price_kobo),
        "discountedPrice": naira_number(course.price_kobo),
        "originalPrice": naira_number(original or course.price_kobo),
        "original_price": naira_number(original) if original else None,
        "original_price_text": format_ngn(original) if original else "",
        "discount_percentage": percent,
        "discountPercentage": percent,
        "rating": rating,
        "review_count": course.review_count,
        "reviewCount": course.review_count,
        "lectures": course.lectures,
        "level": course.level,
        "hours": course.hours,
        "instructor": {"id": course.instructor_id, "_id": course.instructor_id, "name": name},
        "instructor_id": course.instructor_id,
        "instructor_name": name,
        "categories": names,
        "category": names[0] if names else "",
        "category_slugs": [c.slug for c in categories],
    }


def course_cards(session: Session, courses: Sequence[Course]) -> list[dict]:
    """Course cards for ``courses``, in the given order.

    Returns:
        Dicts with ``id``/``_id``, ``title``, ``description``, ``thumbnail`` (resolved), ``price`` (naira
        number) and ``price_text`` (``NGN15,000``), ``discountedPrice``, ``originalPrice``, ``original_price``
        and ``original_price_text`` (None/"" unless discounted), ``discount_percentage``, ``rating`` (0-5, one
        decimal), ``review_count``, ``lectures``, ``level``, ``hours``, ``instructor`` ``{id, _id, name}``,
        ``instructor_id``, ``instructor_name``, ``categories`` (names), ``category`` (the first) and
        ``category_slugs``.
    """
    teachers = _teachers(session, {c.instructor_id for c in courses})
    categories = course_categories(session, [c.id for c in courses])
    cards = []
    for course in courses:
        instructor, user = teachers.get(course.instructor_id, (None, None))
        cards.append(course_dict(course, instructor, user, categories.get(course.id, [])))
    return cards


def course_counts(session: Session, instructor_ids: Sequence[int]) -> dict[int, int]:
    """How many courses each instructor teaches, in one query."""
    if not instructor_ids:
        return {}
    rows = session.exec(
        select(Course.instructor_id, func.count(Course.id))
        .where(col(Course.instructor_id).in_(list(instructor_ids)))
        .group_by(Course.instructor_id)
    ).all()
    return dict(rows)


def role_label(role: str | None) -> str:
    """The role shown capitalised; Teacher when none is set."""
    value = (role or "").strip()
    return value[:1].upper() + value[1:].lower() if value else DEFAULT_ROLE


def instructor_dict(instructor: Instructor, user: User, course_count: int = 0) -> dict:
    """An instructor (mentor) with every field of the spec's Instructor, from the database.

    The email address is left out: it is private, and messaging goes through /profile5/{userId}.
    """
    rating = clamp_rating(instructor.rating)
    name = person_name(user)
    picture = thumbnail_url(user.profile_picture) if user.profile_picture else ""
    socials = {
        "website": instructor.website or user.website,
        "linkedin": user.linkedin,
        "youtube": user.youtube,
        "facebook": user.facebook,
        "x": user.x,
    }
    return {
        "id": instructor.id,
        "_id": instructor.id,
        "user_id": user.id,
        "userId": user.id,
        "firstName": user.first_name,
        "lastName": user.last_name,
        "name": name,
        "role": role_label(user.role),
        "title": instructor.title,
        "profession": instructor.profession,
        "headline": user.headline,
        "profile": {"headline": user.headline, "profilePicture": picture},
        "picture": picture,
        "profilePicture": picture,
        "image": picture,
        "rating": rating,
        "avgRating": rating,
        "review_count": instructor.review_count,
        "totalReviews": instructor.review_count,
        "review": instructor.review_count,
        "students": instructor.students_count,
        "studentsCount": instructor.students_count,
        "course_count": course_count,
        "about": instructor.about,
        "bio": instructor.about,
        "expertise": list(instructor.expertise or []),
        "experience": instructor.experience,
        "website": socials["website"],
        "portfolio": socials["website"],
        "socials": {key: value for key, value in socials.items() if value},
    }
