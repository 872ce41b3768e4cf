"""Forget what a process keeps in memory the moment this process writes the tables it was read from.

Short process-wide caches (the listing's totals, the public API's answers) stay correct for writes made through
this process: any flush, commit or bulk statement that touches a watched table calls the cache's ``forget``.
``forget`` runs at the flush (so nothing computed later in the same transaction is kept) and again at the commit
(another thread may have read the old rows between the flush and the commit). Writes from other processes show
within the cache's own lifetime.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState
from sqlmodel import Session

Forget = Callable[[], None]
_watchers: list[tuple[frozenset[str], Forget]] = []
_PENDING = "written_tables"


def on_write(tables: Iterable[str], forget: Forget) -> None:
    """Call ``forget()`` whenever this process writes one of ``tables`` (table names)."""
    _watchers.append((frozenset(tables), forget))


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
    tables = session.info.pop(_PENDING, None)
    if tables:
        _call(tables)


@event.listens_for(Session, "after_rollback")
def _after_rollback(session: Session) -> None:
    session.info.pop(_PENDING, None)


@event.listens_for(Session, "do_orm_execute")
def _after_statement(state: ORMExecuteState) -> None:
    # Bulk INSERT / UPDATE / DELETE through the session (e.g. studio.py replaces a course's categories this way).
    if state.is_insert or state.is_update or state.is_delete:
        table = getattr(state.statement, "table", None)
        name = getattr(table, "name", None)
        _written(state.session, {name} if name else set(_every_watched_table()))


def _every_watched_table() -> set[str]:
    # A statement whose table cannot be told (a textual one): assume it wrote everything that is watched.
    return {name for watched, _ in _watchers for name in watched}
