"""Kept catalog reads are forgotten on any write to their tables: this process's at once, another's through Redis.

db/read_cache.py keeps the listing's pages, totals and sidebar and the search suggestions a few seconds per
process; db/write_watch.py forgets them on a write, and with REDIS_URL publishes each commit's watched tables so
every server process forgets too (a course unpublished through one worker must leave the listing another worker serves).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time

import pytest
import redis
from sqlalchemy import text

from marketplace.db import write_watch
from marketplace.db.read_cache import ReadCache, kept_or_read
from marketplace.settings import settings
from tests.factories import make_course

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _redis() -> redis.Redis:
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as error:  # Redis runs on every machine (README): a missing one is a failure
        pytest.fail(f"Redis at {REDIS_URL} is needed for this test ({error}); start it (redis-server --daemonize yes)")
    return client


def _wait_for(check, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.01)
    return False


def test_a_value_is_kept_until_its_tables_are_written():
    cache: ReadCache[int] = ReadCache(("categories",), seconds=60)
    reads: list[int] = []

    def read() -> int:
        reads.append(1)
        return len(reads)

    assert cache.get("k", read) == 1
    assert cache.get("k", read) == 1  # kept
    write_watch._call({"cart_entries"})
    assert cache.get("k", read) == 1  # a write elsewhere changes nothing
    write_watch._call({"categories"})
    assert cache.get("k", read) == 2  # forgotten: read again


def test_a_value_read_while_its_tables_were_written_is_not_kept():
    cache: ReadCache[str] = ReadCache(("categories",), seconds=60)

    def read_during_a_write() -> str:
        write_watch._call({"categories"})  # another thread commits while this read runs
        return "maybe old"

    assert cache.get("k", read_during_a_write) == "maybe old"
    assert cache.get("k", lambda: "fresh") == "fresh"


def test_kept_is_what_get_keeps_while_fresh_and_nothing_after_a_write():
    cache: ReadCache[int] = ReadCache(("courses",), seconds=60)
    assert cache.kept("k") is None  # nothing read, nothing kept
    cache.get("k", lambda: 5)
    assert cache.kept("k") == 5
    write_watch._call({"courses"})
    assert cache.kept("k") is None


def test_the_search_suggestions_are_forgotten_by_a_course_write():
    from marketplace.states import search

    search._suggestions.get("python", lambda: [])
    write_watch._call({"courses"})
    assert search._suggestions.kept("python") is None


def test_kept_or_read_reads_on_a_thread_once_then_answers_from_what_is_kept():
    cache: ReadCache[int] = ReadCache(("courses",), seconds=60)
    loop_threads: list[bool] = []

    def read(session) -> int:
        loop_threads.append(threading.current_thread() is threading.main_thread())
        return session.execute(text("SELECT 41 + 1")).scalar_one()

    async def twice() -> tuple[int, int]:
        return await kept_or_read(cache, "answer", read), await kept_or_read(cache, "answer", read)

    assert asyncio.run(twice()) == (42, 42)
    assert loop_threads == [False]  # read once, on a worker thread


async def _settle() -> None:
    """Let every task started so far run up to its first wait."""
    for _ in range(5):
        await asyncio.sleep(0)


def test_tabs_asking_at_once_share_one_read_and_a_tab_after_a_write_reads_again():
    cache: ReadCache[int] = ReadCache(("courses",), seconds=60)
    reads: list[int] = []
    release = asyncio.Event()

    async def read() -> int:
        reads.append(1)
        await release.wait()
        return len(reads)

    async def scenario() -> tuple[list[int], int, int]:
        waiting = [asyncio.ensure_future(cache.read_once("page 2", read)) for _ in range(50)]
        await _settle()
        one_read = len(reads)
        write_watch._call({"courses"})  # a course written meanwhile: a tab asking now must not get the older read
        after_write = asyncio.ensure_future(cache.read_once("page 2", read))
        await _settle()
        release.set()
        return await asyncio.gather(*waiting), one_read, await after_write

    shared, one_read, after_write = asyncio.run(scenario())
    assert one_read == 1 and shared == [2] * 50  # fifty tabs, one read (the answer is the read's, counted at its end)
    assert len(reads) == 2 and after_write == 2


def test_a_tab_that_gives_up_does_not_cancel_the_read_others_wait_for_and_a_failure_reaches_each():
    cache: ReadCache[str] = ReadCache(("courses",), seconds=60)
    release = asyncio.Event()

    async def read() -> str:
        await release.wait()
        return "page"

    async def fails() -> str:
        raise RuntimeError("database gone")

    async def scenario() -> tuple[str, list[object]]:
        leaving = asyncio.ensure_future(cache.read_once("k", read))
        staying = asyncio.ensure_future(cache.read_once("k", read))
        await _settle()
        leaving.cancel()  # the tab left the page
        await _settle()
        release.set()
        failed = await asyncio.gather(
            cache.read_once("bad", fails), cache.read_once("bad", fails), return_exceptions=True
        )
        return await staying, failed

    got, failed = asyncio.run(scenario())
    assert got == "page"
    assert [type(error) for error in failed] == [RuntimeError, RuntimeError]


def test_a_cache_of_a_table_other_processes_do_not_announce_is_refused():
    # Its copies would outlive another process's writes: the table must join BROADCAST_TABLES first.
    with pytest.raises(ValueError, match="BROADCAST_TABLES"):
        ReadCache(("cart_entries",), seconds=60)


def test_a_commit_publishes_the_watched_tables_it_wrote(session, monkeypatch):
    client = _redis()
    listener = client.pubsub(ignore_subscribe_messages=True)
    listener.subscribe(write_watch.CHANNEL)
    monkeypatch.setattr(settings, "redis_url", REDIS_URL)
    monkeypatch.setattr(write_watch, "_publisher", None)
    try:
        make_course(session)  # commits courses (and its teacher's rows)
        written: set[str] = set()
        deadline = time.monotonic() + 5
        while "courses" not in written and time.monotonic() < deadline:
            message = listener.get_message(timeout=0.5)
            if message:
                written |= set(json.loads(message["data"]))
        assert "courses" in written
    finally:
        listener.close()


def test_another_process_commit_forgets_what_this_process_kept(monkeypatch):
    client = _redis()
    monkeypatch.setattr(settings, "redis_url", REDIS_URL)
    cache: ReadCache[str] = ReadCache(("courses",), seconds=60)
    cache.get("page 1", lambda: "kept before listening")
    already = write_watch._listener is not None
    write_watch.start_listening()
    if not already:  # once subscribed, the listener forgets everything it may have missed
        assert _wait_for(lambda: cache.get("page 1", lambda: "read again") == "read again")
    cache.get("page 1", lambda: "before")
    client.publish(write_watch.CHANNEL, json.dumps(["courses"]))  # what another worker's commit sends
    assert _wait_for(lambda: cache.get("page 1", lambda: "after") == "after")
