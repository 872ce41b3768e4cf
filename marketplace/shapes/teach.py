"""Shapes of becoming an instructor (/teach, ``POST /api/instructors/me``) and of enrolling in a free course."""

from __future__ import annotations

from pydantic import Field

from marketplace.shapes.accounts import UserPublic
from marketplace.shapes.base import Shape


class InstructorApplication(Shape):
    """The /teach form: the public teacher page's fields. ``expertise`` is a list, or one comma-separated text."""

    title: str = ""
    about: str = ""
    expertise: list[str] | str = Field(default_factory=list)
    experience: str = ""
    website: str = ""
    linkedin: str = ""
    x: str = ""
    youtube: str = ""
    facebook: str = ""


class BecameInstructor(Shape):
    """The new instructor: their teacher page, the studio, and the user as the browser stores it (role instructor)."""

    instructor_id: int = 0
    teacher_url: str = ""
    studio_url: str = "/studio"
    user: UserPublic = Field(default_factory=UserPublic)


class TeachTerms(Shape):
    """What teaching here means, in figures read from the settings (the /teach page and ``GET /api/teach``)."""

    platform_fee_percent: int = 30
    instructor_share_percent: int = 70
    currency: str = "NGN"


class FreeEnrollment(Shape):
    """A learner enrolled in a free course: where to watch it."""

    course_id: int = 0
    enrolled: bool = True
    player_url: str = ""
