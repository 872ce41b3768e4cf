"""Writing jobs into the outbox, inside the caller's transaction.

The domain calls :func:`enqueue` with the session of the change that needs follow-up work (a verification
email for a new account, processing a payment webhook). The job is saved if and only if that change is:
a rolled-back sign-up sends no mail, and a committed payment always gets its receipt, even if the process
dies a moment after the commit. Workers (:mod:`marketplace.jobs.worker`) run jobs after commit.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import event, insert
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session

from marketplace.db.models import Job

# Functions to call after a transaction that wrote jobs commits (the in-process worker wakes up at once).
_listeners: list[Callable[[], None]] = []
_listeners_lock = threading.Lock()


def on_commit_with_jobs(listener: Callable[[], None]) -> None:
    """Call ``listener()`` after every commit that enqueued a job (in this process)."""
    with _listeners_lock:
        _listeners.append(listener)


def remove_listener(listener: Callable[[], None]) -> None:
    """Stop calling ``listener`` (a stopped worker)."""
    with _listeners_lock:
        if listener in _listeners:
            _listeners.remove(listener)


@event.listens_for(Session, "after_commit")
def _wake_workers(session: Session) -> None:
    # SQLAlchemy also calls after_commit when a savepoint is released: the jobs are not committed yet then.
    if not session.in_nested_transaction() and session.info.pop("jobs_enqueued", False):
        with _listeners_lock:
            listeners = list(_listeners)
        for listener in listeners:
            listener()


@event.listens_for(Session, "after_rollback")
def _forget_jobs(session: Session) -> None:
    session.info.pop("jobs_enqueued", None)


def enqueue(
    session: Session,
    kind: str,
    payload: dict[str, Any] | None = None,
    *,
    key: str | None = None,
    delay_seconds: float = 0,
) -> None:
    """Add a job to the caller's transaction; it runs after the transaction commits.

    Args:
        session: The session of the change that needs the job.
        kind: What to do; a name registered in :mod:`marketplace.jobs.tasks`.
        payload: JSON-ready arguments.
        key: Idempotency key: when a job with this key already exists (queued, done or failed), nothing is
            added. Default: a fresh random key.
        delay_seconds: Run no earlier than this many seconds from now.
    """
    now = datetime.now(UTC)
    values = {
        "kind": kind,
        "key": key or f"{kind}:{uuid.uuid4().hex}",
        "payload": json.dumps(payload or {}, separators=(",", ":"), default=str),
        "status": "pending",
        "attempts": 0,
        "run_after": now + timedelta(seconds=delay_seconds),
        "created_at": now,
    }
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        statement = pg_insert(Job).values(**values).on_conflict_do_nothing(index_elements=["key"])
    elif dialect == "sqlite":
        statement = sqlite_insert(Job).values(**values).on_conflict_do_nothing(index_elements=["key"])
    else:  # pragma: no cover - only SQLite and PostgreSQL are supported
        statement = insert(Job).values(**values)
    session.execute(statement)
    session.info["jobs_enqueued"] = True
