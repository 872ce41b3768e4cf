"""SQLite connections as this app runs them: the pragmas every connection starts with, the transaction modes a
session's bind asks for, and the turns this process's writers take for SQLite's one write lock.

:func:`configure` registers all of it on an engine (:func:`marketplace.db.engine.get_engine` calls it).
"""

from __future__ import annotations

import threading
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import InvalidRequestError

from marketplace.settings import settings


def configure(engine: Engine) -> None:
    """Set up a new SQLite engine's connections, transactions and writer turns."""
    event.listen(engine, "connect", _connect)
    event.listen(engine, "begin", _begin)
    event.listen(engine, "commit", _end_write_turn)
    event.listen(engine, "rollback", _end_write_turn)
    event.listen(engine.pool, "checkin", _checked_in)


def _connect(dbapi_connection, _record) -> None:
    """Enforce foreign keys, let readers work while one writer writes, and let us issue BEGIN ourselves."""
    # pysqlite's own transaction handling would send a plain (deferred) BEGIN before the first write; we
    # send BEGIN [IMMEDIATE] in _begin instead.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")  # with WAL: durable across a process kill, fsync at checkpoints
    cursor.execute(f"PRAGMA busy_timeout={int(settings.db_lock_timeout_seconds * 1000)}")
    cursor.close()


def _begin(connection) -> None:
    """Begin a transaction as the session's bind asks (``sqlite_begin`` execution option).

    IMMEDIATE (the default) takes the write lock at once; DEFERRED never takes it unless the transaction
    writes; LEGACY is pysqlite's own behaviour (reads outside any transaction, an implicit BEGIN before the
    first write), which the test suite's inspecting session uses so its reads always see the latest commit.
    """
    mode = connection.get_execution_options().get("sqlite_begin", "IMMEDIATE")
    dbapi_connection = connection.connection.dbapi_connection
    if mode == "LEGACY":
        dbapi_connection.isolation_level = ""
        return
    dbapi_connection.isolation_level = None
    if mode == "DEFERRED":
        connection.exec_driver_sql("BEGIN")
        return
    _take_write_turn(connection)
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    except BaseException:
        _end_write_turn(connection)
        raise


# This process's writers of one SQLite file take turns on a lock of their own, held from BEGIN IMMEDIATE to the
# commit or rollback: exactly while SQLite's write lock is theirs. SQLite's waiting writers poll its lock from a
# busy handler that sleeps 1, 2, 5, 10 ... 100 ms between tries, so under load the lock was often free while every
# writer slept (add-to-cart's p95 at 50 tabs halved with the turns). A writer waiting here is woken the moment the
# last one is done, and waits before its BEGIN. Other processes still meet in SQLite's lock (its busy timeout).
# A plain Lock, not an RLock: a transaction may begin on one thread and end on another (FastAPI's dependencies).
_write_turns: dict[str, threading.Lock] = {}
_write_turns_guard = threading.Lock()
_TURN = "write_turn"


class SqliteWriterTimeout(TimeoutError):
    """This process's writers of one SQLite file queued longer than the lock timeout (as "database is locked")."""


def _take_write_turn(connection: Connection) -> None:
    key = str(connection.engine.url)
    with _write_turns_guard:
        lock = _write_turns.setdefault(key, threading.Lock())
    if not lock.acquire(timeout=settings.db_lock_timeout_seconds):
        raise SqliteWriterTimeout(f"No write turn on {key} within {settings.db_lock_timeout_seconds} s")
    # The record's own dict: unlike ``connection.info`` it outlives an invalidated connection, whose turn must
    # still be given back.
    connection.connection.record_info[_TURN] = lock


def _end_write_turn(connection: Connection) -> None:
    """Let the next writer in (the commit or rollback of a transaction that began IMMEDIATE)."""
    try:
        record_info = connection.connection.record_info
    except InvalidRequestError:  # the connection is gone: the pool gives the turn back when it checks it in
        return
    _release_turn(record_info)


def _release_turn(info: dict[str, Any] | None) -> None:
    lock = info.pop(_TURN, None) if info is not None else None
    if lock is not None:
        lock.release()


def _checked_in(_dbapi_connection, record) -> None:
    """A connection back in the pool holds no turn, however its transaction ended (an invalidated connection)."""
    _release_turn(record.record_info)
