"""Typed view models for My Courses and the course player, built from the learning domain's dicts.

Builders tolerate a missing key so a half-filled record never breaks a page.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from marketplace.views.cards import PLACEHOLDER_AVATAR

PLACEHOLDER_THUMBNAIL = "/images/placeholder-course.webp"
# Native playback speeds offered by the player, as the <select> values.
SPEEDS = ("0.75", "1", "1.25", "1.5", "1.75", "2")


@dataclasses.dataclass
class ProgressView:
    """How far a learner is through a course."""

    completed: int = 0
    total: int = 0
    percent: int = 0
    text: str = "0 of 0 sections"
    is_completed: bool = False


@dataclasses.dataclass
class EnrolledCourseView:
    """A card on My Courses: the course and the learner's progress through it."""

    id: int = 0
    title: str = ""
    thumbnail: str = PLACEHOLDER_THUMBNAIL
    instructor: str = ""
    level: str = ""
    lectures: int = 0
    rating: float = 0.0
    rating_text: str = "0.0"
    review_count: int = 0
    percent: int = 0
    progress_text: str = ""
    completed: bool = False


@dataclasses.dataclass
class PlayerSectionView:
    """One section in the player's curriculum and how its video plays."""

    id: int = 0
    number: int = 0
    title: str = ""
    kind: str = "none"  # youtube | native | frame | none
    src: str = ""
    mime: str = ""
    duration_text: str = ""
    completed: bool = False


@dataclasses.dataclass
class PlayerCourseView:
    """The course as the player's header and tabs show it."""

    id: int = 0
    title: str = ""
    description: str = ""
    categories: list[str] = dataclasses.field(default_factory=list)
    rating: float = 0.0
    rating_text: str = "0.0"
    review_count: int = 0
    hours: int = 0
    lessons: int = 0
    level: str = ""
    instructor_id: int = 0
    instructor_name: str = ""
    instructor_title: str = ""
    instructor_about: str = ""
    instructor_avatar: str = PLACEHOLDER_AVATAR
    instructor_rating_text: str = "0.0"
    instructor_review_count: int = 0


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def _rating(value: Any) -> float:
    try:
        rating = float(value or 0)
    except (TypeError, ValueError):
        rating = 0.0
    return round(min(max(rating, 0.0), 5.0), 1)


def duration_text(seconds: Any) -> str:
    """``5:07`` or ``1:02:03`` from seconds; "" when unknown."""
    total = _int(seconds)
    if total <= 0:
        return ""
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def progress_view(data: Mapping[str, Any] | None) -> ProgressView:
    """The domain's progress summary (completedSections, totalSections, percent, text, isCompleted)."""
    data = data or {}
    completed, total = _int(data.get("completedSections")), _int(data.get("totalSections"))
    return ProgressView(
        completed=completed,
        total=total,
        percent=min(max(_int(data.get("percent")), 0), 100),
        text=str(data.get("text") or f"{completed} of {total} sections"),
        is_completed=bool(data.get("isCompleted", False)),
    )


def enrolled_course_view(data: Mapping[str, Any]) -> EnrolledCourseView:
    """A My Courses card from an item of :func:`marketplace.domain.learning.enrolled_courses`."""
    rating = _rating(data.get("rating"))
    progress = progress_view(data.get("progress"))
    return EnrolledCourseView(
        id=_int(data.get("id")),
        title=str(data.get("title") or ""),
        thumbnail=str(data.get("thumbnail") or PLACEHOLDER_THUMBNAIL),
        instructor=str(data.get("instructor") or ""),
        level=str(data.get("level") or ""),
        lectures=_int(data.get("lectures")),
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=_int(data.get("reviewCount")),
        percent=progress.percent,
        progress_text=progress.text,
        completed=progress.is_completed,
    )


def player_section_view(data: Mapping[str, Any], number: int) -> PlayerSectionView:
    """A curriculum entry from an item of the player view's ``sections``."""
    return PlayerSectionView(
        id=_int(data.get("id")),
        number=number,
        title=str(data.get("title") or f"Section {number}"),
        kind=str(data.get("kind") or "none"),
        src=str(data.get("src") or ""),
        mime=str(data.get("mime") or ""),
        duration_text=duration_text(data.get("durationSeconds")),
        completed=bool(data.get("completed", False)),
    )


def player_course_view(course: Mapping[str, Any], stats: Mapping[str, Any]) -> PlayerCourseView:
    """The player's course from the player view's ``course`` and ``stats``."""
    instructor = course.get("instructor") or {}
    rating = _rating(course.get("rating"))
    return PlayerCourseView(
        id=_int(course.get("id")),
        title=str(course.get("title") or ""),
        description=str(course.get("description") or ""),
        categories=[str(c) for c in course.get("categories") or []],
        rating=rating,
        rating_text=f"{rating:.1f}",
        review_count=_int(course.get("reviewCount")),
        hours=_int(stats.get("hours")),
        lessons=_int(stats.get("lessons")),
        level=str(stats.get("level") or ""),
        instructor_id=_int(instructor.get("id")),
        instructor_name=str(instructor.get("name") or ""),
        instructor_title=str(instructor.get("title") or ""),
        instructor_about=str(instructor.get("about") or ""),
        instructor_avatar=str(instructor.get("avatar") or PLACEHOLDER_AVATAR),
        instructor_rating_text=f"{_rating(instructor.get('rating')):.1f}",
        instructor_review_count=_int(instructor.get("reviewCount")),
    )
