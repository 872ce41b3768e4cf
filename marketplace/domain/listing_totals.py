"""The listing's totals ("1,234 courses"), counted once per filter combination for a few seconds (issue 14).

Every listing page shows how many courses match its filters. Counting is the one part of a page that cannot stop
after a few rows: at 100,000 courses the unfiltered count reads every published course's index entry (18 ms on
SQLite), a category's or a level's 25-240 ms, while the page's own rows come from the sort's index in under a
millisecond. Pages, sorts and the next visitor with the same filters share one count, so each is kept for
:data:`TOTAL_SECONDS` per process, keyed by the database and the filters (never the page or the sort).

A total is never older than what this process wrote: any flush or bulk statement that touches a course or its
categories forgets every total at once (a review changes a rating, publishing adds a course; the watch is
:mod:`marketplace.db.write_watch`). Another worker's
write shows in this worker's totals within :data:`TOTAL_SECONDS`; the rows of the page are always read fresh.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable

from sqlmodel import Session

from marketplace.db.write_watch import on_write

TOTAL_SECONDS = 10.0
# Only totals at least this large are kept: a smaller one costs next to nothing to count again, and is exactly the
# kind a person checks (their search after unpublishing a course, served by another worker, must say 0 at once).
MIN_KEPT_TOTAL = 1_000
MAX_TOTALS = 5_000

_totals: dict[tuple[str, Hashable], tuple[float, int]] = {}
_lock = threading.Lock()
_WATCHED_TABLES = frozenset({"courses", "course_categories"})


def cached_total(session: Session, key: Hashable, count: Callable[[], int]) -> int:
    """The total for ``key`` (the filters) on this session's database: remembered, or ``count()`` now."""
    full_key = (str(session.get_bind().engine.url), key)
    now = time.monotonic()
    remembered = _totals.get(full_key)
    if remembered is not None and remembered[0] > now:
        return remembered[1]
    total = count()
    if total < MIN_KEPT_TOTAL:
        return total
    with _lock:
        if len(_totals) >= MAX_TOTALS:
            _totals.clear()
        _totals[full_key] = (now + TOTAL_SECONDS, total)
    return total


def forget_totals() -> None:
    """Drop every remembered total (a write to the catalog; tests that rebuild it)."""
    with _lock:
        _totals.clear()


on_write(_WATCHED_TABLES, forget_totals)
