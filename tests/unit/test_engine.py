"""Blocking work run through in_session_thread leaves the event loop free for everybody else's events."""

from __future__ import annotations

import asyncio
import threading

import pytest

from marketplace.db import engine, sqlite
from tests.conftest import BACKENDS, backend_url


def test_blocking_work_runs_off_the_loop_while_other_events_go_on():
    release = threading.Event()

    def slow_work(session):
        assert session.is_active
        release.wait(timeout=5)  # a password hash, a login slow-down, an SMTP send
        return threading.get_ident()

    async def scenario():
        work = asyncio.create_task(engine.in_session_thread(slow_work))
        ticks = 0
        for _ in range(5):  # another user's events keep being handled meanwhile
            await asyncio.sleep(0.01)
            ticks += 1
        finished_early = work.done()
        release.set()
        return ticks, finished_early, await work

    ticks, finished_early, worker_thread = asyncio.run(scenario())
    assert ticks == 5 and not finished_early and worker_thread != threading.get_ident()


def _snapshot_of_two_reads(db_url: str, **options) -> tuple[int, int]:
    """Two reads of the courses count with a course committed between them by another session."""
    from sqlalchemy import func, select

    from marketplace.db.models import Course
    from tests.factories import make_course

    with engine.session_scope(db_url, readonly=True, **options) as reader:
        before = reader.execute(select(func.count()).select_from(Course)).scalar_one()
        with engine.session_scope(db_url) as writer:
            make_course(writer, title="Committed between the two reads")
        after = reader.execute(select(func.count()).select_from(Course)).scalar_one()
    return before, after


def test_a_snapshot_read_sees_one_moment_and_a_plain_read_the_latest(db_url):
    # SQLite's read transactions always keep their snapshot. On PostgreSQL a plain read-only session runs each
    # statement as its own transaction (no BEGIN or ROLLBACK round trips), so it sees a commit made since its
    # last statement; a snapshot read sees its first moment throughout.
    postgresql = db_url.startswith("postgresql")
    before, after = _snapshot_of_two_reads(db_url)
    assert after == before + (1 if postgresql else 0)
    before, after = _snapshot_of_two_reads(db_url, snapshot=True)
    assert after == before
    if postgresql:  # now() is when the transaction began: each statement of a plain read begins its own
        from sqlalchemy import text

        with engine.session_scope(db_url, readonly=True) as reader:
            first = reader.execute(text("SELECT now()")).scalar_one()
            reader.execute(text("SELECT pg_sleep(0.01)"))
            assert reader.execute(text("SELECT now()")).scalar_one() > first


def test_a_plain_read_still_refuses_to_write(db_url):
    from marketplace.db.models import Category

    with pytest.raises(engine.ReadOnlySessionWrite), engine.session_scope(db_url, readonly=True) as reader:
        reader.add(Category(name="Sneaked in", slug="sneaked-in"))
        reader.flush()


@pytest.mark.parametrize("backend", [backend for backend in BACKENDS if backend == "postgresql"])
def test_a_read_whose_connection_the_database_dropped_runs_again_on_a_new_one(backend):
    # PostgreSQL's reader sends no ping before each read: a connection the server dropped (a restart, an idle
    # timeout) fails the read's first statement, and the read runs again on a fresh connection.
    from sqlalchemy import create_engine, text

    db_url = backend_url(backend)

    def backend(session):
        return session.execute(text("SELECT pg_backend_pid()")).scalar_one()

    first = asyncio.run(engine.in_session_thread(backend, readonly=True, url=db_url))
    admin = create_engine(db_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        assert connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first}).scalar_one()
    admin.dispose()
    second = asyncio.run(engine.in_session_thread(backend, readonly=True, url=db_url))
    assert second != first


def test_writers_of_one_sqlite_file_take_turns_in_the_process_and_readers_never_wait(db_url, monkeypatch):
    """SQLite lets one writer in at a time, and its waiting writers poll the lock from a busy handler that sleeps
    up to 100 ms between tries. Writers of this process take turns on a lock of their own instead, held from
    BEGIN IMMEDIATE to the commit or rollback, and each is let in the moment the last one is done; reads never
    queue; PostgreSQL, whose writers do not block each other, takes no turns. A writer that cannot get a turn
    within the lock timeout is refused in words, as SQLite would."""
    from sqlalchemy import text

    on_sqlite = db_url.startswith("sqlite")
    monkeypatch.setattr(engine.settings, "db_lock_timeout_seconds", 2.0)
    inside, release, order = threading.Event(), threading.Event(), []

    def first_writer():
        with engine.session_scope(db_url) as session:
            session.execute(text("SELECT 1"))
            order.append("first in")
            inside.set()
            release.wait(timeout=10)
            order.append("first out")

    def second_writer():
        with engine.session_scope(db_url) as session:
            session.execute(text("SELECT 1"))
            order.append("second in")

    first = threading.Thread(target=first_writer)
    first.start()
    assert inside.wait(timeout=10)
    second = threading.Thread(target=second_writer)
    second.start()
    with engine.session_scope(db_url, readonly=True) as reader:  # a read goes ahead of the queue
        assert reader.execute(text("SELECT 1")).scalar_one() == 1
    second.join(timeout=0.3)  # while the first writer is in, the second waits (SQLite) or not (PostgreSQL)
    order.append("read done")
    release.set()
    first.join(timeout=10)
    second.join(timeout=10)
    if on_sqlite:
        assert order == ["first in", "read done", "first out", "second in"]
    else:
        assert order == ["first in", "second in", "read done", "first out"]
    if not on_sqlite:
        return

    # A transaction begun on one thread and committed on another (FastAPI runs a dependency's two halves on
    # different threads) gives its turn back; so do a failed transaction and a connection dropped mid-way.
    session = engine.Session(engine.get_engine(db_url))
    for step in (lambda: session.execute(text("SELECT 1")), lambda: (session.commit(), session.close())):
        thread = threading.Thread(target=step)
        thread.start()
        thread.join(timeout=10)
    with pytest.raises(ZeroDivisionError), engine.session_scope(db_url) as failing:
        failing.execute(text("SELECT 1"))
        raise ZeroDivisionError
    dropped = engine.Session(engine.get_engine(db_url))
    dropped.execute(text("SELECT 1"))
    dropped.connection().invalidate()
    dropped.rollback()
    dropped.close()
    second_writer()  # gets its turn at once, or the queue would time out below
    assert order[-1] == "second in"

    # The queue is bounded by the lock timeout.
    monkeypatch.setattr(engine.settings, "db_lock_timeout_seconds", 0.2)
    inside.clear()
    release.clear()
    holder = threading.Thread(target=first_writer)
    holder.start()
    assert inside.wait(timeout=10)
    with pytest.raises(sqlite.SqliteWriterTimeout, match="No write turn"), engine.session_scope(db_url) as waiting:
        waiting.execute(text("SELECT 1"))
    release.set()
    holder.join(timeout=10)
