"""Forget what a process keeps in memory the moment any process writes the tables it was read from.

Short process-wide caches (the listing's pages and totals, its sidebar, the public API's answers) stay correct
for writes made through this process: any flush, commit or bulk statement that touches a watched table calls the
cache's ``forget``. ``forget`` runs at the flush (so nothing computed later in the same transaction is kept) and
again at the commit (another thread may have read the old rows between the flush and the commit).

With ``REDIS_URL`` (several server processes, a separate job worker), each commit that wrote a watched table is
also published on :data:`CHANNEL`, and every server process listens (:func:`start_listening`, from its
lifespan): another process's write is forgotten here a moment after its commit, not at the end of the cache's
lifetime. The lifetimes stay as the bound if a message is lost (Redis restarting, say).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Iterable

import redis
from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState
from sqlmodel import Session

from marketplace.settings import settings

log = logging.getLogger(__name__)

Forget = Callable[[], None]
_watchers: list[tuple[frozenset[str], Forget]] = []
_PENDING = "written_tables"
CHANNEL = "naija-learn:catalog-writes"
# Every table a process-wide cache is read from. A commit that wrote one of them is published whether or not this
# process keeps such a cache itself (the job worker, a manage.py command, a test writing behind the app's back).
BROADCAST_TABLES = frozenset(
    {"courses", "course_categories", "categories", "sections", "media_uploads", "reviews", "instructors", "users",
     "enrollments"}
)  # fmt: skip
_RETRY_SECONDS = 2.0
_publisher: redis.Redis | None = None  # for REDIS_URL, made on first use
_listener: threading.Thread | None = None


def on_write(tables: Iterable[str], forget: Forget) -> None:
    """Call ``forget()`` whenever any process writes one of ``tables`` (table names, all in BROADCAST_TABLES)."""
    watched = frozenset(tables)
    if not watched <= BROADCAST_TABLES:
        raise ValueError(f"Add {sorted(watched - BROADCAST_TABLES)} to BROADCAST_TABLES: other processes' writes")
    _watchers.append((watched, forget))


def _table_name(obj: object) -> str:
    table = getattr(type(obj), "__table__", None)
    return str(getattr(table, "name", ""))


def _written(session: Session, tables: set[str]) -> None:
    if not tables:
        return
    session.info.setdefault(_PENDING, set()).update(tables)
    _call(tables)


def _call(tables: set[str]) -> None:
    for watched, forget in _watchers:
        if watched & tables:
            forget()


@event.listens_for(Session, "after_flush")
def _after_flush(session: Session, _context: object) -> None:
    _written(session, {_table_name(obj) for obj in (*session.new, *session.dirty, *session.deleted)})


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    if session.in_nested_transaction():  # a savepoint released (SQLAlchemy calls this then too): not committed yet
        return
    tables = session.info.pop(_PENDING, None)
    if tables:
        _call(tables)
        _publish(tables & BROADCAST_TABLES)


def _publish(tables: set[str]) -> None:
    """Tell the other processes (REDIS_URL) which watched tables a commit wrote; a failure is logged, never raised:
    the commit has happened, and their caches still expire on their own."""
    global _publisher
    if not tables or not settings.redis_url:
        return
    try:
        if _publisher is None:
            _publisher = redis.Redis.from_url(settings.redis_url, socket_timeout=1, socket_connect_timeout=1)
        _publisher.publish(CHANNEL, json.dumps(sorted(tables)))
    except (redis.RedisError, OSError):
        log.warning("Could not publish a catalog write to Redis; other processes see it when their caches expire")


def start_listening() -> None:
    """Forget in this process what the others write (a daemon thread on REDIS_URL's :data:`CHANNEL`); once."""
    global _listener
    if not settings.redis_url or _listener is not None:
        return
    _listener = threading.Thread(target=_listen, args=(settings.redis_url,), name="write-watch", daemon=True)
    _listener.start()


def _listen(url: str) -> None:
    while True:
        try:
            pubsub = redis.Redis.from_url(url).pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(CHANNEL)
            # Whatever was written while this process was not listening is unknown: forget everything once.
            _call(set(BROADCAST_TABLES))
            for message in pubsub.listen():
                _call(set(json.loads(message["data"])))
        except (redis.RedisError, OSError, ValueError):
            log.warning("Lost the catalog-write channel on Redis; listening again in %s s", _RETRY_SECONDS)
            time.sleep(_RETRY_SECONDS)


@event.listens_for(Session, "after_rollback")
def _after_rollback(session: Session) -> None:
    session.info.pop(_PENDING, None)


@event.listens_for(Session, "do_orm_execute")
def _after_statement(state: ORMExecuteState) -> None:
    # Bulk INSERT / UPDATE / DELETE through the session (e.g. studio.py replaces a course's categories this way).
    if state.is_insert or state.is_update or state.is_delete:
        table = getattr(state.statement, "table", None)
        name = getattr(table, "name", None)
        _written(state.session, {name} if name else set(BROADCAST_TABLES))
