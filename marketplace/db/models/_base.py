"""Helpers shared by the table modules."""

from __future__ import annotations

from datetime import UTC, datetime


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC (never naive)."""
    return datetime.now(UTC)
