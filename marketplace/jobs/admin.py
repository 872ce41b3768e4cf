"""Looking after the job outbox: what is waiting, what failed and why, and trying failed jobs again."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, update
from sqlmodel import col, select

from marketplace.db.engine import session_scope
from marketplace.db.models import Job


@dataclass(frozen=True)
class JobRow:
    """One job as ``manage.py jobs`` shows it."""

    id: int
    kind: str
    key: str
    status: str
    attempts: int
    run_after: datetime
    last_error: str | None


def counts(url: str | None = None) -> dict[str, int]:
    """How many jobs are in each status."""
    with session_scope(url, readonly=True) as session:
        rows = session.exec(select(Job.status, func.count()).group_by(Job.status)).all()
    return {status: count for status, count in rows}


def list_jobs(
    url: str | None = None, *, statuses: tuple[str, ...] = ("pending", "running", "failed"), limit: int = 50
) -> list[JobRow]:
    """The jobs in ``statuses``, oldest first (at most ``limit``)."""
    with session_scope(url, readonly=True) as session:
        jobs = session.exec(
            select(Job).where(col(Job.status).in_(statuses)).order_by(col(Job.run_after), col(Job.id)).limit(limit)
        ).all()
        return [JobRow(j.id, j.kind, j.key, j.status, j.attempts, j.run_after, j.last_error) for j in jobs]


def retry(url: str | None = None, *, ids: list[int] | None = None) -> int:
    """Make failed jobs due again now, with a fresh count of attempts: the given ``ids``, or every failed job.

    Returns:
        How many jobs will run again.
    """
    statement = update(Job).where(Job.status == "failed")
    if ids is not None:
        statement = statement.where(col(Job.id).in_(ids))
    with session_scope(url) as session:
        result = session.execute(
            statement.values(
                status="pending", attempts=0, run_after=datetime.now(UTC), finished_at=None
            ).execution_options(synchronize_session=False)
        )
    return result.rowcount or 0
