"""One engine per database URL, shared by states, the API, scripts and tests."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import TypeVar

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session, create_engine

from marketplace.settings import settings

T = TypeVar("T")


@lru_cache(maxsize=8)
def get_engine(url: str | None = None) -> Engine:
    """Return the engine for ``url`` (default: the configured database), created once."""
    url = url or settings.database_url
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            from pathlib import Path

            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """Enforce foreign keys and let readers work while one writer writes."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


@contextmanager
def session_scope(url: str | None = None) -> Iterator[Session]:
    """A session that commits on success and rolls back on error."""
    with Session(get_engine(url), expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except Exception:
            session.rollback()
            raise


async def in_session_thread(work: Callable[[Session], T]) -> T:
    """Run ``work(session)`` in a committed :func:`session_scope` on a worker thread, and await its result.

    Reflex runs every event handler on the worker's one event loop, so a handler that hashes a password,
    waits out a login slow-down, sends mail or calls another server would stall every other user of that
    worker until it finished. Such work goes through here; quick reads can stay on the loop.
    """

    def run() -> T:
        with session_scope() as session:
            return work(session)

    return await asyncio.to_thread(run)
