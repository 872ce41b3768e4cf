"""Typed view models for cards shown in lists, built from the domain's plain dicts."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

PLACEHOLDER_AVATAR = "/images/avatars/placeholder.webp"


@dataclasses.dataclass
class CourseCardView:
    """What a course card shows."""

    id: int = 0
    title: str = ""
    thumbnail: str = ""
    price_text: str = ""
    original_price_text: str = ""
    discount_percentage: int = 0
    rating: float = 0.0
    rating_text: str = "0.0"
    review_count: int = 0
    lectures: int = 0
    level: str = ""
    hours: int = 0
    instructor: str = ""
    instructor_id: int = 0
    enrolled: bool = False


@dataclasses.dataclass
class InstructorCardView:
    """What an instructor (mentor) card shows."""

    id: int = 0
    user_id: int = 0
    name: str = ""
    title: str = ""
    picture: str = ""
    rating: float = 0.0
    rating_text: str = "0.0"
    review_count: int = 0
    students: int = 0
    courses: int = 0
    mine: bool = False


def _clamp_rating(value: Any) -> float:
    try:
        rating = float(value or 0)
    except (TypeError, ValueError):
        rating = 0.0
    return round(min(max(rating, 0.0), 5.0), 1)


def course_card(data: Mapping[str, Any], enrolled_ids: Iterable[int] = ()) -> CourseCardView:
    """A course card from the catalog's course dict; ``enrolled_ids`` marks what the viewer owns."""
    rating = _clamp_rating(data.get("rating"))
    course_id = int(data.get("id") or data.get("_id") or 0)
    instructor = data.get("instructor")
    if isinstance(instructor, Mapping):
        instructor_name = str(instructor.get("name", ""))
        instructor_id = int(instructor.get("id") or 0)
    else:
        instructor_name = str(instructor or "")
        instructor_id = int(data.get("instructor_id") or 0)
    return CourseCardView(
        id=course_id,
        title=str(data.get("title", "")),
        thumbnail=str(data.get("thumbnail") or "/images/placeholder-course.webp"),
        price_text=str(data.get("price_text", "")),
        original_price_text=str(data.get("original_price_text") or ""),
        discount_percentage=int(data.get("discount_percentage") or 0),
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=int(data.get("review_count") or 0),
        lectures=int(data.get("lectures") or 0),
        level=str(data.get("level", "")),
        hours=int(data.get("hours") or 0),
        instructor=instructor_name,
        instructor_id=instructor_id,
        enrolled=course_id in set(enrolled_ids),
    )


def instructor_card(data: Mapping[str, Any]) -> InstructorCardView:
    """An instructor card from the catalog's instructor dict."""
    rating = _clamp_rating(data.get("rating", data.get("avgRating")))
    return InstructorCardView(
        id=int(data.get("id") or data.get("_id") or 0),
        user_id=int(data.get("user_id") or data.get("userId") or 0),
        name=str(data.get("name", "")),
        title=str(data.get("title") or data.get("profession") or ""),
        picture=str(data.get("picture") or data.get("profilePicture") or PLACEHOLDER_AVATAR),
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=int(data.get("review_count", data.get("totalReviews", 0)) or 0),
        students=int(data.get("students", data.get("studentsCount", 0)) or 0),
        courses=int(data.get("course_count", data.get("courses", 0)) or 0),
        mine=bool(data.get("mine", False)),
    )
