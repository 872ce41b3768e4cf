"""The listing's totals ("1,234 courses"), counted once per filter combination for a few seconds (issue 14).

Every listing page shows how many courses match its filters. Counting is the one part of a page that cannot stop
after a few rows: at 100,000 courses the unfiltered count reads every published course's index entry (18 ms on
SQLite), a category's or a level's 25-240 ms, while the page's own rows come from the sort's index in under a
millisecond. Pages, sorts and the next visitor with the same filters share one count, so each is kept for
:data:`TOTAL_SECONDS` per process, keyed by the database and the filters (never the page or the sort).

A total is never older than the catalog: any write that touches a course or its categories, in this process or
another (a review changes a rating, publishing adds a course), forgets every total at once
(:mod:`marketplace.db.read_cache`, :mod:`marketplace.db.write_watch`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from sqlmodel import Session

from marketplace.db.read_cache import ReadCache

TOTAL_SECONDS = 10.0
MAX_TOTALS = 5_000

_totals: ReadCache[int] = ReadCache(("courses", "course_categories"), seconds=TOTAL_SECONDS, max_entries=MAX_TOTALS)


def cached_total(session: Session, key: Hashable, count: Callable[[], int]) -> int:
    """The total for ``key`` (the filters) on this session's database: remembered, or ``count()`` now."""
    return _totals.get((str(session.get_bind().engine.url), key), count)
