"""Shapes of becoming an instructor (/teach, ``POST /api/instructors/me``) and of enrolling in a free course."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from marketplace.shapes.accounts import UserPublic
from marketplace.shapes.base import Shape

# Generous bounds on the wire (the domain's own limits are tighter and named per field): a body can hold nothing
# absurd before the rules read it.
TEXT_BOUND = 8000
LINK_BOUND = 1000
EXPERTISE_BOUND = 4000  # one comma-separated text


class InstructorApplication(Shape):
    """The /teach form: the public teacher page's fields. ``expertise`` is a list, or one comma-separated text."""

    title: str = Field(default="", max_length=TEXT_BOUND)
    about: str = Field(default="", max_length=TEXT_BOUND)
    expertise: (
        Annotated[list[Annotated[str, StringConstraints(max_length=200)]], Field(max_length=100)]
        | Annotated[str, StringConstraints(max_length=EXPERTISE_BOUND)]
    ) = Field(default_factory=list)
    experience: str = Field(default="", max_length=TEXT_BOUND)
    website: str = Field(default="", max_length=LINK_BOUND)
    linkedin: str = Field(default="", max_length=LINK_BOUND)
    x: str = Field(default="", max_length=LINK_BOUND)
    youtube: str = Field(default="", max_length=LINK_BOUND)
    facebook: str = Field(default="", max_length=LINK_BOUND)


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
