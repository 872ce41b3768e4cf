"""One engine per database URL, shared by states, the API, the job worker, scripts and tests.

Two rules keep a busy server responsive:

* **A write transaction takes the write lock up front.** On SQLite a transaction that reads and then writes
  fails at once with "database is locked" when another writer committed in between (its snapshot is stale,
  and SQLite cannot wait that out). :func:`session_scope` therefore starts with ``BEGIN IMMEDIATE`` on
  SQLite, so writers queue for the lock instead of failing; ``readonly=True`` sessions never take it.
  Within one process they take turns on a lock of their own first (:mod:`marketplace.db.sqlite`), woken the
  moment the last writer is done, instead of polling SQLite's lock from its busy handler's sleeps.
  PostgreSQL needs none of this (row locks, MVCC).
* **Blocking work never runs on the event loop.** Reflex runs every event handler of a worker on one event
  loop, and FastAPI runs ``async def`` routes there too: one handler waiting for the database stalls every
  user of that worker. :func:`in_session_thread` runs the work on the shared worker-thread pool, and
  :func:`guard_event_loop` makes :func:`session_scope` refuse (tests) or report (production) being called on
  the loop.

The pool and the thread pool are sized together (see :func:`configure_thread_pool`): every thread that may
hold a session can get a connection without waiting, so a burst of requests queues for a thread, not for a
connection while holding a thread.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from sqlalchemy import Row, bindparam, event
from sqlalchemy import select as sa_select
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, create_engine

from marketplace.db import sqlite
from marketplace.db.group_commit import run as group_commit_run
from marketplace.settings import settings

log = logging.getLogger(__name__)

T = TypeVar("T")
W = TypeVar("W")

# Connections beyond the thread pool's size: the job worker's threads, the health check, migrations.
SPARE_CONNECTIONS = 4


class BlockingCallOnEventLoop(RuntimeError):
    """A database session was opened on the event loop's thread (it would stall every user of the worker)."""


_loop_guard = {"mode": "off"}  # off | log | raise


def guard_event_loop(mode: str) -> None:
    """Make :func:`session_scope` check that it is not called on a running event loop.

    Args:
        mode: ``"raise"`` (tests: fail loudly), ``"log"`` (production: log the caller once per place, keep
            serving) or ``"off"``.
    """
    _loop_guard["mode"] = mode


_reported: set[str] = set()


def _check_not_on_loop() -> None:
    if _loop_guard["mode"] == "off":
        return
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return  # a worker thread, a script or a test: fine
    where = "".join(traceback.format_stack(limit=6)[:-2])
    if _loop_guard["mode"] == "raise":
        raise BlockingCallOnEventLoop("A database session was opened on the event loop:\n" + where)
    if where not in _reported:
        _reported.add(where)
        log.error("A database session was opened on the event loop (it stalls other users):\n%s", where)


def pool_size() -> int:
    """Connections per process: one for each worker thread and group committer that may hold a session, plus a few
    spare."""
    return settings.db_threads + settings.group_commit_threads + SPARE_CONNECTIONS


# Settings every PostgreSQL connection starts with, sent with the connection itself (no round trip): the typo
# neighbours of domain/search.py are words at least this similar (`word % :w`; pg_trgm's default of 0.3 misses
# one-letter typos of short words). A transaction-local set_config would not outlive one statement in autocommit.
POSTGRESQL_CONNECT = {"options": "-c pg_trgm.similarity_threshold=0.2"}


@lru_cache(maxsize=8)
def get_engine(url: str | None = None) -> Engine:
    """Return the engine for ``url`` (default: the configured database), created once."""
    url = url or settings.database_url
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": settings.db_lock_timeout_seconds},
            pool_size=pool_size(),
            max_overflow=0,
            pool_timeout=settings.db_lock_timeout_seconds,
        )
        sqlite.configure(engine)
        return engine
    return create_engine(
        url,
        connect_args=POSTGRESQL_CONNECT,
        pool_pre_ping=True,
        pool_size=pool_size(),
        max_overflow=0,
        pool_timeout=settings.db_lock_timeout_seconds,
    )


def database_key(url: str | None = None) -> str:
    """The database ``url`` names (default: the configured one) as its engines and sessions print it, password
    hidden: what process-wide read caches key their values by. Opens and creates nothing, so the event loop may
    call it."""
    return _printed_url(url or settings.database_url)


@lru_cache(maxsize=16)
def _printed_url(url: str) -> str:
    # Parsing a URL is a tenth of a millisecond: every kept read of every event asks (issue 14).
    return str(make_url(url))


def reader_pool_size() -> int:
    """Connections per process of the PostgreSQL reader: the read-only sessions allowed at once, plus a few spare
    (job polls, the health check, admin scripts)."""
    return settings.read_threads + SPARE_CONNECTIONS


@lru_cache(maxsize=8)
def _reader(url: str | None) -> Engine:
    """The bind of read-only sessions that need no snapshot.

    SQLite: the same connections, beginning DEFERRED (no write lock). PostgreSQL: a small pool of its own in
    autocommit, so a read sends no BEGIN and no ROLLBACK: two of the seven round trips of a course page (at
    100,000 courses a cold course page took 5.0 ms in a transaction, 2.9 ms this way). Each statement then sees
    what was committed when it started.
    """
    engine = get_engine(url)
    if engine.dialect.name == "sqlite":
        return engine.execution_options(sqlite_begin="DEFERRED")
    return create_engine(
        engine.url,
        connect_args=POSTGRESQL_CONNECT,
        isolation_level="AUTOCOMMIT",
        pool_pre_ping=False,  # a dropped connection is retried by in_session_thread instead (reads are idempotent)
        pool_use_lifo=True,  # the most recently used connections stay warm; spare ones may idle out
        pool_size=reader_pool_size(),
        max_overflow=settings.db_threads,  # more readers at once than planned wait for nothing, and close after
        pool_timeout=settings.db_lock_timeout_seconds,
    )


@lru_cache(maxsize=8)
def _snapshot_reader(url: str | None) -> Engine:
    """The bind of read-only sessions whose statements must all see one committed moment: on PostgreSQL a
    REPEATABLE READ transaction (its default, READ COMMITTED, lets each statement see the latest commits)."""
    return get_engine(url).execution_options(isolation_level="REPEATABLE READ")


def _bind(url: str | None, readonly: bool, snapshot: bool = False) -> Engine:
    engine = get_engine(url)
    if not readonly:
        return engine
    if snapshot and engine.dialect.name != "sqlite":  # SQLite's read transactions keep their snapshot anyway
        return _snapshot_reader(url)
    return _reader(url)


class ReadOnlySessionWrite(RuntimeError):
    """Something tried to write through a session opened with ``readonly=True``."""


@event.listens_for(Session, "before_flush")
def _refuse_writes_when_readonly(session: Session, _context, _instances) -> None:
    if session.info.get("readonly") and (session.new or session.dirty or session.deleted):
        raise ReadOnlySessionWrite("This session was opened read-only (readonly=True) but has changes to save.")


def lock_row(session: Session, table: Any, row_id: int | None) -> None:
    """Hold one row of ``table`` (a model with an ``id``) until the transaction ends: ``SELECT ... FOR UPDATE`` on
    PostgreSQL. A write transaction on SQLite already holds the database's one write lock (``BEGIN IMMEDIATE``),
    so nothing is sent there."""
    if session.get_bind().dialect.name != "sqlite":
        row_reader(session).execute(_lock_statement(table), {"row_id": row_id}).first()


@cache
def _lock_statement(table: Any) -> Any:
    """``SELECT id FROM table WHERE id = :row_id FOR UPDATE``, built once per table."""
    column = table.__table__.c.id
    return sa_select(column).where(column == bindparam("row_id")).with_for_update()


AnyRow = Row[*tuple[Any, ...]]  # a row of plain columns, as row_reader's statements give them


def row_reader(session: Session) -> Connection:
    """``session``'s connection, for hot reads of plain rows through prebuilt Core statements (no ORM objects).

    What the session holds unsaved is written first, as an ORM query's autoflush would, so the rows include it.
    """
    session.flush()
    return session.connection()


@contextmanager
def session_scope(url: str | None = None, *, readonly: bool = False, snapshot: bool = False) -> Iterator[Session]:
    """A session that commits on success and rolls back on error.

    Args:
        url: The database (default: the configured one).
        readonly: The work only reads: on SQLite it then never takes the write lock (a write in such a
            session may fail with "database is locked" under load, so only pass it for pure reads). On
            PostgreSQL each of its statements runs on its own (autocommit), unless ``snapshot``.
        snapshot: With ``readonly``: every statement of the work must see the same committed moment (figures
            that must add up across queries, like earnings and receipts). SQLite's read transactions always do.
    """
    _check_not_on_loop()
    bind = _bind(url, readonly, snapshot)
    with Session(bind, expire_on_commit=False, info={"readonly": readonly}) as session:
        try:
            yield session
            session.commit()
        except Exception:
            session.rollback()
            raise


_health_limiter: anyio.CapacityLimiter | None = None


def _health_bind() -> Engine:
    return _bind(None, readonly=True)


async def ping() -> None:
    """Check the database answers (``SELECT 1``) on a thread of its own, never queued behind requests.

    The health check must answer even while every worker thread waits on the database, and must not take
    SQLite's write lock: it reads through the read-only bind, on a limiter separate from the shared pool.

    Raises:
        Exception: whatever the driver raises when the database cannot be reached.
    """
    global _health_limiter
    if _health_limiter is None:
        _health_limiter = anyio.CapacityLimiter(2)

    def select_one() -> None:
        with _health_bind().connect() as connection:
            connection.exec_driver_sql("SELECT 1")

    await anyio.to_thread.run_sync(select_one, limiter=_health_limiter)


def configure_thread_pool() -> None:
    """Size the worker-thread pool that FastAPI's ``def`` routes and :func:`in_session_thread` share.

    Call it from inside the running event loop (the app's lifespan). Every thread can then hold a database
    connection: the pool has :func:`pool_size` connections.
    """
    anyio.to_thread.current_default_thread_limiter().total_tokens = settings.db_threads


async def in_thread(work: Callable[[], T]) -> T:
    """Run blocking ``work()`` (a password hash, an HTTP call, a session of its own) on the worker-thread pool."""
    return await anyio.to_thread.run_sync(work)


async def in_session_thread(
    work: Callable[[Session], T],
    *,
    readonly: bool = False,
    snapshot: bool = False,
    url: str | None = None,
    group_commit: bool = False,
) -> T:
    """Run ``work(session)`` in a committed :func:`session_scope` on a worker thread, and await its result.

    Reflex runs every event handler on the worker's one event loop, so a handler that queries the database,
    hashes a password, waits out a login slow-down, sends mail or calls another server would stall every
    other user of that worker until it finished. All such work goes through here (or :func:`in_thread`).

    Args:
        work: Called with the session; what it returns is returned. It must not keep ORM objects alive for
            lazy loading after the session closed (return plain values or loaded rows).
        readonly: The work only reads (see :func:`session_scope`).
        snapshot: With ``readonly``: all of the work sees one committed moment (see :func:`session_scope`).
        url: The database (default: the configured one).
        group_commit: A write that is short and only talks to the database: it shares a transaction with the
            other such writes waiting at that moment, on this process's committer thread
            (:mod:`marketplace.db.group_commit`: several times the writes per second under load). It is still
            answered only once committed, and fails alone (a failed job is undone and the others run again).
    """
    if group_commit and not readonly:
        return await group_commit_run(work, url or settings.database_url)

    def attempt() -> T:
        options = {"readonly": readonly, "snapshot": snapshot}
        with session_scope(**options) if url is None else session_scope(url, **options) as session:
            return work(session)

    def run() -> T:
        try:
            return attempt()
        except DBAPIError as error:
            # The PostgreSQL reader skips the pool's pre-ping (a round trip per read): a connection the server
            # dropped (a restart) fails its first statement instead, the pool lets go of it, and a read, which
            # changes nothing, simply runs again on a fresh one.
            if not (readonly and error.connection_invalidated):
                raise
            log.info("A read-only session's connection was gone; reading again on a new one")
            return attempt()

    return await anyio.to_thread.run_sync(run, limiter=_read_limiter() if readonly else None)


def write_then_read(write: Callable[[Session], W], read: Callable[[Session], T]) -> Callable[[Session], tuple[W, T]]:
    """Work for :func:`in_session_thread` that runs ``write`` and then ``read`` in the same session, answering both
    results: the read sees the write, one trip to a thread does both, and a read that fails undoes the write with it
    (one transaction), so a page that shows its list again after a post needs no second trip."""
    return lambda session: (write(session), read(session))


_read_limiters: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, anyio.CapacityLimiter] = (
    weakref.WeakKeyDictionary()
)


def _read_limiter() -> anyio.CapacityLimiter:
    """This event loop's limit on read-only sessions running at once (settings.read_threads; a test's client runs
    a loop of its own)."""
    loop = asyncio.get_running_loop()
    limiter = _read_limiters.get(loop)
    if limiter is None:
        limiter = _read_limiters[loop] = anyio.CapacityLimiter(settings.read_threads)
    return limiter
