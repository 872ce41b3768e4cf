"""Links that emails carry back into the app, built on the public address of the site."""

from __future__ import annotations

from urllib.parse import urlencode

from marketplace import routes
from marketplace.settings import settings


def _link(path: str, **query: str) -> str:
    return f"{settings.public_url.rstrip('/')}{path}?{urlencode(query)}"


def verification_link(token: str) -> str:
    """The link that verifies an email address: ``{public_url}/verify-email?token=...``."""
    return _link(routes.VERIFY_EMAIL, token=token)


def password_reset_link(token: str) -> str:
    """The link that opens the set-a-new-password page: ``{public_url}/reset-password?token=...``."""
    return _link(routes.RESET_PASSWORD, token=token)
