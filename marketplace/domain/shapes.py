"""Small shared shapes for the JSON-ready dicts the domain answers with."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

from marketplace.db.engine import AnyRow
from marketplace.db.models import User

MAX_ID = 2_147_483_647  # the id columns' range: a larger number would make PostgreSQL fail, not find nothing


def parse_id(value: object) -> int | None:
    """A record id from a URL segment or form value, or None when it cannot name a record (not found)."""
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        return None
    return number if 1 <= number <= MAX_ID else None


def aware(moment: datetime) -> datetime:
    """``moment`` as an aware UTC datetime (SQLite hands back naive ones; every stored time is UTC)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def iso(moment: datetime | None) -> str | None:
    """An ISO 8601 UTC time (SQLite hands back naive datetimes, all stored in UTC)."""
    if moment is None:
        return None
    return aware(moment).isoformat()


def person_name(user: User | AnyRow | SimpleNamespace | None) -> str:
    """First and last name of a user, or an empty string."""
    return f"{user.first_name} {user.last_name}".strip() if user else ""
