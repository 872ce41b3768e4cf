"""Home page shapes: the signed-in learner's Continue learning card."""

from __future__ import annotations

from pydantic import Field

from marketplace.shapes.base import Shape
from marketplace.shapes.learning import EnrolledCourse


class ContinueLearning(Shape):
    """The course the learner watched last, its progress, the lesson they were on and where to resume."""

    course: EnrolledCourse = Field(default_factory=EnrolledCourse)
    lesson_title: str = ""  # the lesson the player opens at; "" for a course without lessons
    href: str = ""  # the course player
