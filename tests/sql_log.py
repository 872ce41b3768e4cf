"""The SQL statements a piece of work sends, captured on their way to the database (tests of how many queries a
read costs, and of their plans)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from marketplace.db.engine import get_engine


@contextmanager
def statements_sent(db_url: str) -> Iterator[list[tuple[str, object]]]:
    """A list that fills with ``(statement, parameters)`` for every statement sent to ``db_url``'s engine inside
    the block."""
    engine = get_engine(db_url)
    sent: list[tuple[str, object]] = []

    def capture(_connection, _cursor, statement, parameters, _context, _executemany):
        sent.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", capture)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", capture)
