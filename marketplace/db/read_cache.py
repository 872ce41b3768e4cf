"""Catalog reads kept a few seconds per process, forgotten the moment the tables they came from are written.

The listing's pages, their totals and its sidebar are the same for every visitor, and reading them again is most
of a page or sort change (issue 14). A :class:`ReadCache` keeps each value for its ``seconds`` and forgets all of
them on any write to its tables, made by this process or (with ``REDIS_URL``) by another one
(:mod:`marketplace.db.write_watch`). A value read while such a write happened is not kept: the write may have
landed after the read began, and keeping it would undo the forgetting.

Callers key values by the database too (tests point one process at many) and copy what they change.
"""

from __future__ import annotations

import asyncio
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Iterable
from typing import Generic, TypeVar

from sqlmodel import Session

from marketplace.db.engine import database_key, in_session_thread
from marketplace.db.write_watch import on_write

V = TypeVar("V")
_every: weakref.WeakSet[ReadCache] = weakref.WeakSet()


class ReadCache(Generic[V]):
    """Values by key for ``seconds``, at most ``max_entries`` (oldest dropped first), forgotten on writes to
    ``tables``."""

    def __init__(self, tables: Iterable[str], *, seconds: float, max_entries: int = 2_000) -> None:
        self.seconds = seconds
        self.max_entries = max_entries
        self._entries: OrderedDict[Hashable, tuple[float, V]] = OrderedDict()
        self._generation = 0
        self._lock = threading.Lock()
        # The reads under way, per event loop (tests run several): key -> (generation it began in, its task).
        self._flights: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Hashable, tuple[int, asyncio.Future]]]
        self._flights = weakref.WeakKeyDictionary()
        on_write(tables, self.forget)
        _every.add(self)

    def kept(self, key: Hashable) -> V | None:
        """The value kept for ``key`` while it is fresh, else None; nothing is read (so a caller without a database
        session, e.g. on the event loop, can use what is kept and go to a thread only for the rest)."""
        kept = self._entries.get(key)
        return kept[1] if kept is not None and kept[0] > time.monotonic() else None

    def get(self, key: Hashable, read: Callable[[], V]) -> V:
        """The value kept for ``key``, or ``read()`` now (kept unless the tables were written meanwhile)."""
        kept = self.kept(key)
        if kept is not None:
            return kept
        now = time.monotonic()
        generation = self._generation
        value = read()
        with self._lock:
            if generation == self._generation and self.seconds > 0:
                self._entries.pop(key, None)
                self._entries[key] = (now + self.seconds, value)
                while len(self._entries) > self.max_entries:
                    self._entries.popitem(last=False)
        return value

    async def read_once(self, key: Hashable, read: Callable[[], Awaitable[V]]) -> V:
        """``await read()`` for ``key``, on the event loop; callers asking for the same key meanwhile wait for that
        read instead of each starting one (a popular page or search just expired: fifty tabs, one read).

        A caller that arrives after a write (:meth:`forget`) starts a read of its own, so it sees that write. One
        caller giving up (a cancelled event) does not cancel the read the others wait for.
        """
        flights = self._flights.setdefault(asyncio.get_running_loop(), {})
        generation = self._generation
        flight = flights.get(key)
        if flight is None or flight[0] != generation:
            task = asyncio.ensure_future(read())
            flight = flights[key] = (generation, task)

            def landed(done: asyncio.Future, flight=flight) -> None:
                if flights.get(key) is flight:
                    del flights[key]
                if not done.cancelled():
                    done.exception()  # each waiter gets a failure; none left waiting is not a lost error

            task.add_done_callback(landed)
        return await asyncio.shield(flight[1])

    def forget(self) -> None:
        """Drop every kept value, and refuse the ones being read now."""
        with self._lock:
            self._generation += 1
            self._entries.clear()


def forget_every_read_cache() -> None:
    """Drop what every cache keeps (tests that rebuild the catalog behind the app's back, with statements its
    sessions never see)."""
    for cache in list(_every):
        cache.forget()


async def kept_or_read(cache: ReadCache[V], key: Hashable, read: Callable[[Session], V]) -> V:
    """From an event handler: the value ``cache`` keeps for ``key`` on the configured database, taken on the event
    loop without a thread or a session when it is kept, else ``read(session)`` on a read-only worker thread (and
    kept), one read for all the callers asking at once (:meth:`ReadCache.read_once`). Each database keeps its own
    values (tests point one process at several)."""
    value = cache.kept((database_key(), key))
    if value is not None:
        return value

    def read_and_keep(session: Session) -> V:
        # Kept under the database the session really reads (the same one, unless a test moved the settings).
        return cache.get((str(session.get_bind().url), key), lambda: read(session))

    return await cache.read_once((database_key(), key), lambda: in_session_thread(read_and_keep, readonly=True))
