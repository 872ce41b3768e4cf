"""Group commit: the quick writes of many events share one transaction on one thread, each answered after its commit.

Why. Under load a worker's event loop always has Python to run, and every database call a worker thread makes lets
go of the interpreter lock and then waits to get it back. A write made on a thread of its own per event (begin,
a few statements, commit, each a wait) costs several times its own work, and SQLite's writers take turns on its
one write lock while they wait. ``bench/write_ceiling.py`` measures it on the leanest Reflex app: one row saved on
a worker thread per event ran at 0.23 x the floor's counter at 50 tabs; the same rows saved by one thread that takes
every write waiting when it wakes, in one transaction, at 0.89 x (README, Performance).

How. :func:`run` hands ``work(session)`` to this process's committer of the database (one daemon thread per
database URL; ``GROUP_COMMIT_THREADS`` on PostgreSQL) and awaits it. The thread takes every job waiting (up to
:data:`MAX_JOBS`), opens one write session (SQLite: ``BEGIN IMMEDIATE`` in this process's write turn,
:mod:`marketplace.db.sqlite`), runs the jobs one after another, commits once, and only then answers every job's
event with one call into its loop. So:

* **A reply still means it is saved.** No job is answered before the transaction holding its writes committed;
  if the commit fails, every job of the batch gets the error, and none of them was saved.
* **A job that fails changes nothing and fails alone.** Its exception is its own answer. A job refused before it
  wrote anything (most refusals check first) needs nothing undone, so jobs run without a savepoint each (a
  savepoint is two more statements a job, and on PostgreSQL two more round trips); one that fails after writing
  undoes the transaction, and the others run again, each in a savepoint. Should the transaction itself break (a
  lost connection, a failed commit), each job of the batch runs once more alone, in a transaction of its own, so
  one bad job never fails another.
* **Each job sees the session as if it were alone.** What it notes in ``session.info`` (jobs enqueued, tables
  written, notifications given: the after-commit hooks' inputs) is its own while it runs, joins the batch's only
  when it succeeded, and the hooks run once, after the one commit. Its ORM objects are detached from the session
  when it ends, as a session of its own would close, so the next job loads its rows afresh.
* **Jobs run one after another, in the order they came**, exactly as if each had waited for the write lock.

What may go here: short work that only talks to the database (a cart change, a review, a message, a mark read).
Anything slow that is not the database (a password hash, mail, an HTTP call, a file) would hold up every write
of the process behind it: that goes through :func:`marketplace.db.engine.in_session_thread` without
``group_commit``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

log = logging.getLogger(__name__)

T = TypeVar("T")

# The most jobs one transaction takes: a burst is answered in a few commits, and none waits behind too many.
MAX_JOBS = 64


@dataclass(slots=True)
class _Job(Generic[T]):
    work: Callable[[Session], T]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[T]
    result: Any = None
    error: BaseException | None = None


@dataclass
class _Committer:
    """One database's group committer in this process: a queue of jobs and the threads that commit them."""

    url: str
    size: int
    jobs: queue.SimpleQueue[_Job[Any]] = field(default_factory=queue.SimpleQueue)
    threads: list[threading.Thread] = field(default_factory=list)

    def submit(self, job: _Job[Any]) -> None:
        self.jobs.put(job)
        if len(self.threads) < self.size or not all(thread.is_alive() for thread in self.threads):
            with _guard:
                self.threads = [thread for thread in self.threads if thread.is_alive()]
                while len(self.threads) < self.size:
                    thread = threading.Thread(target=self._serve, name="group-commit", daemon=True)
                    thread.start()
                    self.threads.append(thread)

    def _serve(self) -> None:
        while True:
            batch = [self.jobs.get()]
            while len(batch) < MAX_JOBS:
                try:
                    batch.append(self.jobs.get_nowait())
                except queue.Empty:
                    break
            try:
                commit_batch(self.url, batch)
            except BaseException as error:  # never lose the thread; nothing of this batch is known to be saved
                log.exception("The group committer failed a batch")
                for job in batch:
                    job.result, job.error = None, RuntimeError(f"The write was not saved ({error!r})")
            _answer(batch)


_committers: dict[str, _Committer] = {}
_guard = threading.Lock()


def committer_threads(url: str) -> int:
    """How many transactions of group commits a process keeps going at once: SQLite has one writer at a time
    anyway; PostgreSQL's round trips overlap (GROUP_COMMIT_THREADS)."""
    from marketplace.settings import settings

    return 1 if url.startswith("sqlite") else settings.group_commit_threads


async def run(work: Callable[[Session], T], url: str) -> T:
    """Run ``work(session)`` in the next group commit of the database ``url``; answers what it returned once that
    commit is done, or raises what it raised (then nothing it wrote was kept)."""
    loop = asyncio.get_running_loop()
    job: _Job[T] = _Job(work, loop, loop.create_future())
    committer = _committers.get(url)
    if committer is None:
        with _guard:
            committer = _committers.setdefault(url, _Committer(url, committer_threads(url)))
    committer.submit(job)
    # A cancelled event (the tab went away) does not cancel the write: it may be committing already.
    return await asyncio.shield(job.future)


def commit_batch(url: str, batch: list[_Job[Any]]) -> None:
    """Run the jobs in one transaction and commit; each job then holds its result or its error.

    Jobs run as they are, without a savepoint each (on PostgreSQL a savepoint is two more round trips, and on
    either database two more statements per job): a job that fails before it wrote anything (most refusals check
    first) needs nothing undone. A job that fails after writing is undone with the transaction, and the jobs before
    it run again, this time each in a savepoint, as do the jobs after it. When the transaction as a whole fails
    (begin, a broken connection, the commit), each job runs again alone, in a transaction of its own.
    """
    from marketplace.db.engine import get_engine, session_scope

    _watch_writes(get_engine(url))
    try:
        with session_scope(url) as session:
            _run_jobs(session, batch)
    except Exception as error:  # noqa: BLE001 - begin, a savepoint or the commit failed: nothing was kept
        if len(batch) == 1:
            batch[0].result, batch[0].error = None, error
            return
        log.warning("A group commit of %d jobs failed (%r); running each alone", len(batch), error)
        for job in batch:
            job.result, job.error = None, None
            commit_batch(url, [job])


def _run_jobs(session: Session, batch: list[_Job[Any]]) -> None:
    notes = session.connection().info  # the pooled connection's own, still there once the session let go of it
    writes = notes[_WRITES] = [0]
    try:
        for index, job in enumerate(batch):
            before = writes[0]
            if _run_one(session, job, savepoint=False):
                continue
            if writes[0] == before and not isinstance(job.error, DBAPIError) and session.is_active:
                continue  # refused before writing anything: nothing to undo
            # It failed after writing, or the database refused a statement (PostgreSQL then refuses the rest of
            # the transaction): undo the batch so far (its notes too), then run the others again, each in a
            # savepoint. Its own failure stands.
            session.rollback()
            session.info.clear()
            session.info["readonly"] = False
            for other in (*batch[:index], *batch[index + 1 :]):
                other.result, other.error = None, None
                _run_one(session, other, savepoint=True)
            return
    finally:
        notes.pop(_WRITES, None)


def _run_one(session: Session, job: _Job[Any], *, savepoint: bool) -> bool:
    """Run one job in the batch's session as if the session were its own; False when it failed."""
    batch_notes = dict(session.info)
    readonly = session.info.get("readonly", False)
    session.info.clear()
    session.info["readonly"] = readonly
    try:
        if savepoint:
            with session.begin_nested():
                job.result = job.work(session)
        else:
            job.result = job.work(session)
            session.flush()  # what it left unsaved is part of it: a failing flush is its failure
    except Exception as error:  # noqa: BLE001 - the job's own failure: its answer
        job.result, job.error = None, error
        session.info.clear()
        session.info.update(batch_notes)
        ok = False
    else:
        session.info.update(_merged(batch_notes, session.info))
        ok = True
    finally:
        session.expunge_all()  # its objects leave with it (unsaved ones are dropped), as a session's close would
    if savepoint and not session.is_active:  # a savepoint could not be undone: the transaction is gone
        raise RuntimeError("the group commit's transaction broke")
    return ok


# Connection.info key: how many statements that may write (anything but a SELECT) ran on the connection, counted
# while a group commit holds it, so a failed job that wrote nothing needs nothing undone.
_WRITES = "group_commit_writes"
_watched: set[int] = set()


def _watch_writes(engine: Engine) -> None:
    if id(engine) in _watched:
        return
    with _guard:
        if id(engine) not in _watched:
            event.listen(engine, "before_cursor_execute", _count_write)
            _watched.add(id(engine))


def _count_write(connection: Connection, _cursor, statement: str, _parameters, _context, _executemany) -> None:
    writes = connection.info.get(_WRITES)
    if writes is not None and statement.lstrip()[:6].upper() != "SELECT":
        writes[0] += 1


def _merged(batch: dict[str, Any], job: dict[str, Any]) -> dict[str, Any]:
    """The batch's notes with one job's added: sets join (tables, users, sessions); anything else, the job's."""
    merged = dict(batch)
    for key, value in job.items():
        before = merged.get(key)
        merged[key] = before | value if isinstance(before, set) and isinstance(value, set) else value
    return merged


def _answer(batch: list[_Job[Any]]) -> None:
    """Answer every job on its own loop: one call into each loop for the whole batch."""
    by_loop: dict[asyncio.AbstractEventLoop, list[_Job[Any]]] = {}
    for job in batch:
        by_loop.setdefault(job.loop, []).append(job)
    for loop, jobs in by_loop.items():
        with contextlib.suppress(RuntimeError):  # a loop that has closed: nobody is waiting there
            loop.call_soon_threadsafe(_settle, jobs)


def _settle(jobs: list[_Job[Any]]) -> None:
    for job in jobs:
        if job.future.done():
            continue
        if job.error is not None:
            job.future.set_exception(job.error)
        else:
            job.future.set_result(job.result)
