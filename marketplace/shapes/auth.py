"""Auth-only shapes of the API: the sign-in options, a sign-up's answer and a user's paid courses.

The user, tokens and devices are in :mod:`marketplace.shapes.accounts`; error bodies are
:class:`marketplace.api.errors.ErrorBody`.
"""

from __future__ import annotations

from pydantic import Field

from marketplace.shapes.base import Shape


class AuthConfig(Shape):
    """Which sign-in options the server offers: the Google button shows only with a client id."""

    google_client_id: str | None = None
    google_enabled: bool = False


class VerificationSent(Shape):
    """A sign-up's answer: the account exists and its verification link was mailed to ``email``."""

    message: str
    email: str


class PaidCourses(Shape):
    """``{paidCourses}``: ids of the courses a user has paid for."""

    paid_courses: list[int] = Field(default_factory=list)
