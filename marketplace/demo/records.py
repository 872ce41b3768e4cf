"""The shapes of the demo catalog's records, kept apart from the data so every data module can use them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DemoCategory:
    """A category and the colours its course thumbnails are painted in."""

    name: str
    icon: str  # a lucide icon name
    colors: tuple[str, str]  # thumbnail gradient, top-left to bottom-right


@dataclass(frozen=True)
class DemoInstructor:
    """An instructor's account and public profile."""

    first_name: str
    last_name: str
    username: str
    title: str
    profession: str
    headline: str
    about: str
    expertise: tuple[str, ...]
    experience: str
    website: str
    handle: str  # their name on LinkedIn, X, YouTube and Facebook
    students_before: int  # students taught before they joined; enrollments here are added on top


@dataclass(frozen=True)
class DemoLearner:
    """A learner account that buys and reviews courses."""

    first_name: str
    last_name: str
    username: str
    headline: str = ""


@dataclass(frozen=True)
class DemoCourse:
    """A course: prices in whole naira, lessons as one string of titles separated by "|"."""

    title: str
    instructor: str  # the instructor's username
    categories: tuple[str, ...]  # the first one colours the thumbnail
    price: int
    original_price: int | None
    level: str  # Beginner | Intermediate | Advanced
    hours: int
    description: str
    lessons: str

    @property
    def lesson_titles(self) -> list[str]:
        """The section titles in order."""
        return [title.strip() for title in self.lessons.split("|") if title.strip()]


@dataclass(frozen=True)
class DemoCoursePage:
    """What a course's page tells a visitor deciding to buy, beyond its description."""

    subtitle: str
    learn: tuple[str, ...]  # What you'll learn: 4 to 6 points
    requirements: tuple[str, ...]
    audience: tuple[str, ...]  # who the course is for
    language: str = "English"
