"""Running the outbox: claim a due job with a lease, run it, mark it done or due again with backoff.

* **At least once.** A job is claimed with a lease (``JOB_LEASE_SECONDS``). A worker that dies mid-job (a
  crash, SIGKILL, a power cut) leaves the job ``running``; it is taken up again when the lease runs out, or at
  once when a worker on the same machine starts and sees that the process holding it is gone.
* **Exactly once where it matters.** Each job has an idempotency key (one receipt per order), and the work
  itself is idempotent (a payment is confirmed once, whatever the number of webhooks).
* **Retries with backoff.** A job that raises is due again after ``JOB_RETRY_BASE_SECONDS * 2**(n-1)``
  (capped), and marked ``failed`` after ``JOB_MAX_ATTEMPTS`` tries; ``python -m marketplace.manage jobs``
  lists failed jobs and retries them.

Claiming is one ``UPDATE ... RETURNING`` on a due row (``FOR UPDATE SKIP LOCKED`` on PostgreSQL), so any
number of worker threads and processes can share the table.
"""

from __future__ import annotations

import json
import logging
import os
import random
import socket
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import and_, delete, or_, select, update
from sqlmodel import Session

from marketplace.db.engine import session_scope
from marketplace.db.models import Job
from marketplace.jobs import queue
from marketplace.jobs.tasks import TASKS, JobContext
from marketplace.settings import settings

log = logging.getLogger(__name__)

KEEP_DONE_DAYS = 7
_BOOT = uuid.uuid4().hex[:8]


def worker_id() -> str:
    """Who holds a lease: this machine, this process, and this start of it (pids are reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{_BOOT}"


@dataclass(frozen=True)
class Claimed:
    """A job this worker holds the lease of."""

    id: int
    kind: str
    key: str
    payload: str
    attempts: int


def backoff_seconds(attempts: int) -> float:
    """How long to wait before try ``attempts + 1``: doubling from the base, capped, with a little jitter."""
    delay = min(settings.job_retry_base_seconds * 2 ** max(attempts - 1, 0), settings.job_retry_max_seconds)
    return delay * random.uniform(0.9, 1.1)


def _due(now: datetime):
    return or_(
        and_(Job.status == "pending", Job.run_after <= now),
        and_(Job.status == "running", Job.locked_until < now),  # its worker died: the lease ran out
    )


def claim(session: Session, *, holder: str) -> Claimed | None:
    """Take the lease of the next due job, or return None when nothing is due."""
    now = datetime.now(UTC)
    next_due = (
        select(Job.id)
        .where(_due(now))
        .order_by(Job.run_after, Job.id)
        .limit(1)
        .with_for_update(skip_locked=True)
        .scalar_subquery()
    )
    row = session.execute(
        update(Job)
        .where(Job.id == next_due)
        .values(
            status="running",
            attempts=Job.attempts + 1,
            locked_until=now + timedelta(seconds=settings.job_lease_seconds),
            locked_by=holder,
        )
        .returning(Job.id, Job.kind, Job.key, Job.payload, Job.attempts)
        .execution_options(synchronize_session=False)
    ).first()
    return Claimed(*row) if row else None


def _finish(session: Session, job_id: int, **values) -> None:
    session.execute(update(Job).where(Job.id == job_id).values(**values).execution_options(synchronize_session=False))


def _record(url: str | None, job_id: int, **values) -> None:
    """Save how a job ended, trying again for a while if the database is busy.

    The work is done by now (a mail may be out): losing this write would make the job run again after its
    lease, so it is worth a few tries before giving up.
    """
    for attempt in range(5):
        try:
            with session_scope(url) as session:
                _finish(session, job_id, **values)
            return
        except Exception:
            if attempt == 4:
                raise
            log.warning("Could not record the end of job %s; trying again", job_id, exc_info=True)
            time.sleep(0.5 * (attempt + 1))


def run_one(url: str | None = None, *, holder: str | None = None) -> bool:
    """Claim and run one due job. Returns whether there was one."""
    holder = holder or worker_id()
    with session_scope(url, readonly=True) as session:  # a cheap look first: an idle poll takes no write lock
        if session.execute(select(Job.id).where(_due(datetime.now(UTC))).limit(1)).first() is None:
            return False
    with session_scope(url) as session:
        job = claim(session, holder=holder)
    if job is None:
        return False
    task = TASKS.get(job.kind)
    now = datetime.now(UTC)
    if task is None or job.attempts > settings.job_max_attempts:
        reason = f"unknown job kind {job.kind!r}" if task is None else "its worker stopped on the last attempt"
        log.error("Job %s (%s) failed for good: %s", job.id, job.key, reason)
        _record(url, job.id, status="failed", locked_until=None, finished_at=now, last_error=reason)
        return True
    try:
        task.run(json.loads(job.payload or "{}"), JobContext(url=url, key=job.key, attempt=job.attempts))
    except Exception as exc:  # any failure: try again later, or give up after the last attempt
        final = job.attempts >= settings.job_max_attempts
        error = f"{type(exc).__name__}: {exc}"[:2000]
        if final:
            log.exception("Job %s (%s) failed for good after %s attempts", job.id, job.key, job.attempts)
            values = {"status": "failed", "finished_at": datetime.now(UTC)}
        else:
            wait = backoff_seconds(job.attempts)
            log.warning(
                "Job %s (%s) failed (attempt %s), retrying in %.0f s: %s", job.id, job.key, job.attempts, wait, error
            )
            values = {"status": "pending", "run_after": datetime.now(UTC) + timedelta(seconds=wait)}
        _record(url, job.id, locked_until=None, last_error=error, **values)
        return True
    done = {"status": "done", "locked_until": None, "finished_at": datetime.now(UTC), "last_error": None}
    if task.scrub_payload:
        done["payload"] = "{}"  # e.g. a mail with a one-time link: no copy of the link is kept once sent
    _record(url, job.id, **done)
    return True


def run_due(url: str | None = None, *, limit: int = 1000) -> int:
    """Run jobs until none is due (or ``limit`` ran). Returns how many ran. Tests and ``manage jobs --run``."""
    ran = 0
    while ran < limit and run_one(url):
        ran += 1
    return ran


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def release_orphans(url: str | None = None) -> int:
    """Make jobs held by dead processes of this machine due again at once (instead of after their lease).

    Returns:
        How many jobs were released.
    """
    host = socket.gethostname()
    me = worker_id()
    with session_scope(url) as session:
        held = session.execute(select(Job.id, Job.locked_by).where(Job.status == "running")).all()
        orphans = []
        for job_id, holder in held:
            parts = (holder or "").split(":")
            if len(parts) != 3 or parts[0] != host or holder == me:
                continue
            pid = int(parts[1]) if parts[1].isdigit() else 0
            if pid == os.getpid() or not _alive(pid):
                orphans.append(job_id)
        if orphans:
            session.execute(
                update(Job)
                .where(Job.id.in_(orphans), Job.status == "running")
                .values(status="pending", locked_until=None, run_after=datetime.now(UTC))
                .execution_options(synchronize_session=False)
            )
    if orphans:
        log.warning("Released %s job(s) whose worker process is gone: %s", len(orphans), orphans)
    return len(orphans)


def prune(url: str | None = None) -> int:
    """Delete jobs done more than a week ago. Returns how many."""
    cutoff = datetime.now(UTC) - timedelta(days=KEEP_DONE_DAYS)
    with session_scope(url) as session:
        result = session.execute(delete(Job).where(Job.status == "done", Job.finished_at < cutoff))
    return result.rowcount or 0


class Worker:
    """Threads that run due jobs, woken at once by commits in this process and polling for the others."""

    def __init__(self, url: str | None = None, threads: int | None = None) -> None:
        self.url = url
        self.threads = threads or settings.job_threads
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._running: list[threading.Thread] = []

    def wake(self) -> None:
        """Look for due jobs now (called after a commit that enqueued one)."""
        self._wake.set()

    def start(self) -> Worker:
        """Release jobs of dead workers, then start the threads."""
        try:
            release_orphans(self.url)
            prune(self.url)
        except Exception:  # a database that is not up yet: the threads will keep trying
            log.exception("Could not tidy the job table on start")
        queue.on_commit_with_jobs(self.wake)
        for n in range(self.threads):
            thread = threading.Thread(target=self._loop, name=f"jobs-{n}", daemon=True)
            thread.start()
            self._running.append(thread)
        log.info("Job worker started with %s thread(s)", self.threads)
        return self

    def stop(self, timeout: float = 10) -> None:
        """Stop taking jobs and wait for running ones to finish (up to ``timeout`` seconds)."""
        queue.remove_listener(self.wake)
        self._stop.set()
        self._wake.set()
        for thread in self._running:
            thread.join(timeout)
        self._running.clear()

    def _loop(self) -> None:
        holder = worker_id()
        last_prune = time.monotonic()
        while not self._stop.is_set():
            try:
                if run_one(self.url, holder=holder):
                    continue
            except Exception:  # the database went away: wait, then try again
                log.exception("Job worker could not reach the database")
            if time.monotonic() - last_prune > 3600:
                last_prune = time.monotonic()
                try:
                    prune(self.url)
                except Exception:
                    log.exception("Could not prune done jobs")
            self._wake.wait(settings.job_poll_seconds)
            self._wake.clear()
