"""Group commit (marketplace/db/group_commit.py): quick writes share one transaction, yet each is answered only once
committed, fails alone, and sees the session as if it were its own; on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import threading

import pytest
from sqlalchemy import event, func, inspect, select
from sqlalchemy.exc import IntegrityError

from marketplace.db import engine, group_commit
from marketplace.db.models import Category, Job, Notification
from marketplace.domain import notifications
from marketplace.domain.errors import DomainError
from marketplace.jobs import queue
from tests.factories import make_user


def _add(slug: str):
    """Work that saves one category and answers its id."""

    def work(session):
        category = Category(name=slug.title(), slug=slug)
        session.add(category)
        session.flush()
        return category.id

    return work


def _slugs(db_url: str) -> set[str]:
    with engine.session_scope(db_url, readonly=True) as session:
        return set(session.execute(select(Category.slug)).scalars())


def _jobs(*works) -> list[group_commit._Job]:
    # commit_batch only reads and sets work, result and error: jobs run here have no loop to be answered on.
    return [group_commit._Job(work, None, None) for work in works]  # type: ignore[arg-type]


def _count_commits(db_url: str, into: list[str]):
    def committed(_connection):
        into.append("committed")

    event.listen(engine.get_engine(db_url), "commit", committed)
    return lambda: event.remove(engine.get_engine(db_url), "commit", committed)


def test_writes_waiting_together_share_one_commit_and_each_is_answered_after_it(db_url):
    started, release = threading.Event(), threading.Event()

    def first(session):
        started.set()
        release.wait(timeout=5)  # the committer is busy: everything sent meanwhile waits for the next batch
        return _add("first")(session)

    commits: list[str] = []
    stop = _count_commits(db_url, commits)
    seen: list[int] = []  # how many commits had happened when each write was answered

    async def send(work):
        result = await engine.in_session_thread(work, group_commit=True, url=db_url)
        seen.append(len(commits))
        return result

    async def scenario():
        busy = asyncio.create_task(send(first))
        while not started.is_set():
            await asyncio.sleep(0.01)
        rest = [asyncio.create_task(send(_add(f"course-{n}"))) for n in range(20)]
        await asyncio.sleep(0.05)
        assert not any(task.done() for task in rest)  # nobody is answered before their commit
        release.set()
        return await busy, await asyncio.gather(*rest)

    try:
        first_id, ids = asyncio.run(scenario())
    finally:
        stop()
    assert len(set(ids) | {first_id}) == 21 and _slugs(db_url) == {"first"} | {f"course-{n}" for n in range(20)}
    # Two transactions for 21 writes: the first alone, then the twenty that waited; each answered after its commit.
    assert len(commits) == 2 and seen[0] >= 1 and sorted(seen[1:]) == [2] * 20


def test_a_refused_write_fails_alone_and_the_others_of_its_batch_are_saved(db_url):
    def refused(_session):
        raise DomainError("Please add a rating!")

    jobs = _jobs(_add("before"), refused, _add("after"))
    group_commit.commit_batch(db_url, jobs)
    assert isinstance(jobs[1].error, DomainError) and jobs[1].result is None
    assert jobs[0].error is None and jobs[2].error is None and jobs[0].result != jobs[2].result
    assert _slugs(db_url) == {"before", "after"}


def test_a_write_that_fails_after_writing_is_undone_and_the_others_run_again(db_url):
    def writes_then_fails(session):
        _add("half-done")(session)
        raise DomainError("refused after a write")

    jobs = _jobs(_add("before"), writes_then_fails, _add("after"))
    group_commit.commit_batch(db_url, jobs)
    assert isinstance(jobs[1].error, DomainError)
    assert jobs[0].error is None and jobs[2].error is None
    assert _slugs(db_url) == {"before", "after"}  # nothing of the failed write is left


def test_a_statement_the_database_refuses_fails_that_write_only(db_url):
    # On PostgreSQL a refused statement aborts the whole transaction: the batch is undone and the others run again.
    jobs = _jobs(_add("taken"), _add("taken"), _add("free"))
    group_commit.commit_batch(db_url, jobs)
    assert isinstance(jobs[1].error, IntegrityError)
    assert jobs[0].error is None and jobs[2].error is None
    assert _slugs(db_url) == {"taken", "free"}


def test_when_the_commit_fails_each_write_runs_again_alone(db_url):
    failures = {"left": 1}

    def fail_once(_connection):
        if failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("disk I/O error")

    bind = engine.get_engine(db_url)
    event.listen(bind, "commit", fail_once)
    try:
        jobs = _jobs(_add("a"), _add("b"), _add("c"))
        group_commit.commit_batch(db_url, jobs)
    finally:
        event.remove(bind, "commit", fail_once)
    assert [job.error for job in jobs] == [None, None, None]
    assert _slugs(db_url) == {"a", "b", "c"}


def test_a_lone_write_whose_commit_fails_gets_the_error_and_is_not_saved(db_url):
    def fail(_connection):
        raise RuntimeError("disk I/O error")

    bind = engine.get_engine(db_url)
    event.listen(bind, "commit", fail)
    try:
        jobs = _jobs(_add("lost"))
        group_commit.commit_batch(db_url, jobs)
    finally:
        event.remove(bind, "commit", fail)
    assert isinstance(jobs[0].error, RuntimeError) and jobs[0].result is None
    assert _slugs(db_url) == set()


def test_each_write_sees_only_its_own_notes_and_a_failed_one_leaves_none(db_url, session):
    learner, teacher, other = make_user(session), make_user(session), make_user(session)

    def tell(user_id: int, *, fail: bool = False):
        def work(session):
            notifications.notify(session, user_id=user_id, kind="review", text="A new review")
            if fail:
                raise DomainError("refused")
            return notifications.notified_in(session)

        return work

    jobs = _jobs(tell(learner.id), tell(other.id, fail=True), tell(teacher.id))
    group_commit.commit_batch(db_url, jobs)
    assert jobs[0].result == {learner.id} and jobs[2].result == {teacher.id}
    with engine.session_scope(db_url, readonly=True) as reader:
        told = set(reader.execute(select(Notification.user_id)).scalars())
    assert told == {learner.id, teacher.id}


def test_jobs_enqueued_in_a_batch_wake_the_workers_once_after_its_commit(db_url):
    woken: list[str] = []
    queue.on_commit_with_jobs(lambda: woken.append("woken"))

    def enqueue(key: str, *, fail: bool = False):
        def work(session):
            queue.enqueue(session, "send_mail", {"to": key}, key=key)
            if fail:
                raise DomainError("refused")
            return key

        return work

    try:
        jobs = _jobs(enqueue("one"), enqueue("lost", fail=True), enqueue("two"))
        group_commit.commit_batch(db_url, jobs)
    finally:
        queue.remove_listener(queue._listeners[-1])
    with engine.session_scope(db_url, readonly=True) as reader:
        keys = set(reader.execute(select(Job.key)).scalars())
    assert keys == {"one", "two"} and woken == ["woken"]


def test_a_writes_objects_leave_the_session_with_it(db_url):
    def load(session):
        return session.execute(select(Category).where(Category.slug == "kept")).scalar_one()

    jobs = _jobs(_add("kept"), load, load)
    group_commit.commit_batch(db_url, jobs)
    first, second = jobs[1].result, jobs[2].result
    assert inspect(first).detached and inspect(second).detached
    assert first is not second  # the second job loaded its row afresh, not the first job's object


def test_a_cancelled_event_does_not_cancel_its_write(db_url):
    release = threading.Event()

    def slow(session):
        release.wait(timeout=5)
        return _add("still-saved")(session)

    async def scenario():
        task = asyncio.create_task(engine.in_session_thread(slow, group_commit=True, url=db_url))
        await asyncio.sleep(0.05)
        task.cancel()
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await task
        # The next write is answered after the cancelled one's commit.
        await engine.in_session_thread(_add("next"), group_commit=True, url=db_url)

    asyncio.run(scenario())
    assert _slugs(db_url) == {"still-saved", "next"}


def test_a_read_only_session_never_goes_to_the_committer(db_url, monkeypatch):
    def refuse(*_args):
        raise AssertionError("a read went to the group committer")

    monkeypatch.setattr(engine, "group_commit_run", refuse)

    def count(session):
        return session.execute(select(func.count()).select_from(Category)).scalar_one()

    assert asyncio.run(engine.in_session_thread(count, readonly=True, group_commit=True, url=db_url)) == 0


def test_the_after_commit_hooks_wait_for_the_commit_not_a_savepoints_release(db_url, monkeypatch):
    # SQLAlchemy calls after_commit when a savepoint is released too; the jobs and the written tables are not
    # committed then, so the workers are woken and other processes told only at the real commit.
    from marketplace.db import write_watch

    published: list[set[str]] = []
    woken: list[str] = []
    monkeypatch.setattr(write_watch, "_publish", lambda tables: published.append(set(tables)))
    wake = lambda: woken.append("woken")  # noqa: E731
    queue.on_commit_with_jobs(wake)
    try:
        with engine.session_scope(db_url) as session:
            with session.begin_nested():
                queue.enqueue(session, "send_mail", {"to": "a"}, key="a")
                _add("in-a-savepoint")(session)
            assert (woken, published) == ([], [])
    finally:
        queue.remove_listener(wake)
    assert woken == ["woken"] and published == [{"categories"}]


def test_a_batch_the_committer_could_not_finish_is_answered_as_not_saved(db_url, monkeypatch):
    def broken(_url, _batch):
        raise SystemExit("the committer thread was told to stop")

    monkeypatch.setattr(group_commit, "commit_batch", broken)
    with pytest.raises(RuntimeError, match="not saved"):
        asyncio.run(engine.in_session_thread(_add("lost"), group_commit=True, url=db_url))
    monkeypatch.undo()
    # The committer lives on for the next write.
    assert asyncio.run(engine.in_session_thread(_add("next"), group_commit=True, url=db_url))
    assert _slugs(db_url) == {"next"}
