"""Auth-only shapes of the API: the sign-in options, a sign-up's answer, a user's paid courses and the error
bodies of the account forms. The user, tokens and devices are in :mod:`marketplace.shapes.accounts`."""

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


class FormErrors(Shape):
    """A form refused (422, or 409 on sign-up): the first message and field, and every field's message."""

    message: str
    field: str | None = None
    errors: dict[str, str] = Field(default_factory=dict)


class NeedsVerification(Shape):
    """A log-in refused (403) because the address is not verified yet: the UI offers to resend the link."""

    message: str
    field: str | None = None
    needs_verification: bool = True
