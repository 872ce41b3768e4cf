"""Learning shapes: a course on My Courses, the course player, and the learner's progress through a course.

Wire names are what ``/api/enrolled-courses``, ``/api/player/{id}`` and ``/api/progress/{id}`` have always
answered (``reviewCount``, ``currentSectionId``, ``completedSections``...). The ``*_text`` fields are formatted
once, in :mod:`marketplace.domain.learning`, so the pages show them as they are.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import Field

from marketplace.shapes.base import Naira, Shape

VideoKind = Literal["youtube", "native", "frame", "none"]


class Progress(Shape):
    """How far a learner is through a course: counts, a whole percent and "n of m sections"."""

    completed_sections: int = 0
    total_sections: int = 0
    percent: int = 0  # 0-100
    text: str = "0 of 0 sections"
    is_completed: bool = False


class CourseProgress(Progress):
    """A course's progress with the completed sections' ids and when the last one was completed."""

    completed_section_ids: list[int] = Field(default_factory=list)
    completed_at: str | None = None  # ISO 8601, None until every section is complete


class Position(Shape):
    """Where the learner left off: the section playing and the position in it."""

    section_id: int = 0
    position_seconds: int = 0
    last_watched_at: str | None = None  # ISO 8601


class EnrolledCourse(Shape):
    """A course on My Courses: the card's fields and the learner's progress through it."""

    id: int = 0
    title: str = ""
    description: str = ""
    thumbnail: str = ""  # resolved: a link, an app path, or the placeholder
    instructor: str = ""  # the teacher's name
    instructor_id: int = 0
    level: str = ""
    hours: int = 0
    lectures: int = 0
    rating: float = 0.0  # 0-5, one decimal
    rating_text: str = "0.0"
    review_count: int = 0
    price: Naira = Decimal(0)
    price_text: str = ""
    enrolled: bool = True
    enrolled_at: str | None = None  # ISO 8601
    last_watched_at: str | None = None  # ISO 8601, None when never opened
    progress: Progress = Field(default_factory=Progress)
    certificate_url: str = ""  # the certificate of completion's public page, "" until one is issued


class EnrolledCoursePage(Shape):
    """One page of My Courses: ``{courses, total, page, pages, perPage}``."""

    courses: list[EnrolledCourse] = Field(default_factory=list)
    total: int = 0
    page: int = 1
    pages: int = 1
    per_page: int = 6


class PlayerInstructor(Shape):
    """The course's teacher on the player's Instructor tab."""

    id: int = 0
    name: str = ""
    title: str = ""
    about: str = ""
    avatar: str = ""  # "" when the teacher has no picture (the page draws the placeholder)
    rating: float = 0.0
    rating_text: str = "0.0"
    review_count: int = 0


class PlayerCourse(Shape):
    """The course as the player's header and tabs show it."""

    id: int = 0
    title: str = ""
    description: str = ""
    thumbnail: str = ""
    level: str = ""
    hours: int = 0
    lectures: int = 0
    rating: float = 0.0
    rating_text: str = "0.0"
    review_count: int = 0
    categories: list[str] = Field(default_factory=list)
    instructor: PlayerInstructor = Field(default_factory=PlayerInstructor)


class PlayerStats(Shape):
    """The player's figures, with the spec's defaults when the course has none (10 hours, 24 lessons...)."""

    hours: int = 0
    lessons: int = 0
    level: str = ""


class PlayerSection(Shape):
    """One section of the curriculum and how its video plays."""

    id: int = 0
    number: int = 0  # 1-based place in the curriculum
    title: str = ""
    position: int = 0
    is_preview: bool = False
    duration_seconds: int = 0
    duration_text: str = ""  # "5:07", "" when unknown
    kind: VideoKind = "none"
    src: str = ""
    mime: str = ""
    completed: bool = False


class Player(Shape):
    """Everything the course player shows, for an enrolled learner."""

    course: PlayerCourse = Field(default_factory=PlayerCourse)
    stats: PlayerStats = Field(default_factory=PlayerStats)
    sections: list[PlayerSection] = Field(default_factory=list)
    current_section_id: int | None = None  # the last section watched, else the first; None without sections
    resume_position_seconds: int = 0
    progress: Progress = Field(default_factory=Progress)
    certificate_url: str = ""  # the certificate of completion's public page, "" until one is issued
    teaching: bool = False  # the viewer is the course's instructor (no progress of their own)
