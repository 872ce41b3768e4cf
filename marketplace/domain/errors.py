"""Errors the business raises; the API and the states turn them into messages people read."""

from __future__ import annotations


class DomainError(Exception):
    """A rule was broken. ``message`` is shown to the person as is; ``status`` is the HTTP status."""

    status = 400

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class NotFound(DomainError):
    """The thing asked for does not exist."""

    status = 404


class Conflict(DomainError):
    """The request clashes with what exists (a taken email, a course already owned)."""

    status = 409


class Unauthorized(DomainError):
    """Nobody is signed in, or the token is bad, expired or revoked."""

    status = 401


class Forbidden(DomainError):
    """Signed in, but not allowed to do this."""

    status = 403


class TooManyRequests(DomainError):
    """Slowed down: too many attempts in a short time."""

    status = 429


class PaymentError(DomainError):
    """The payment provider refused or could not be reached."""

    status = 502
