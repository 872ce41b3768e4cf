"""The job outbox: work that must happen after a change is committed (mail, webhook processing, settlements).

A job row is written in the same transaction as the change that caused it, so a job exists if and only if
its cause was saved. Workers claim due jobs with a lease, run them, and mark them done, or due again later.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Text
from sqlmodel import Field, SQLModel

from marketplace.db.models._base import utcnow


class Job(SQLModel, table=True):
    """One unit of background work and where it stands."""

    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_due", "status", "run_after"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=60)
    # The job's idempotency key: a second job with the same key is never written (e.g. one receipt per order).
    key: str = Field(max_length=200, unique=True)
    payload: str = Field(default="{}", sa_type=Text)
    status: str = Field(default="pending", max_length=12)  # pending | running | done | failed
    attempts: int = 0
    run_after: datetime = Field(default_factory=utcnow)
    locked_until: datetime | None = None
    locked_by: str | None = Field(default=None, max_length=120)
    last_error: str | None = Field(default=None, sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None
