"""The course listing's first page at 100,000 courses, for each sort, with and without the sort indexes (issue 14).

For each sort of ``marketplace.domain.listing`` it prints the query plan of the page query (SQLite's
``EXPLAIN QUERY PLAN``, PostgreSQL's ``EXPLAIN``) and the median time of the ORDER BY ... LIMIT query alone and of
the whole ``list_courses`` call (which also counts the matches and builds the cards), first with the indexes of
migration 0010 (``ix_courses_relevance``, ``ix_courses_price_asc``, ``ix_courses_price_desc``,
``ix_courses_rating_sort``), then with them dropped (the single-column ``ix_courses_price``/``ix_courses_rating``
of before put back), then with them created again.

    .venv/bin/python -m bench.listing_sort_indexes                          # a copy of the cached SQLite catalog
    .venv/bin/python -m bench.listing_sort_indexes --url postgresql+psycopg://postgres@127.0.0.1:5432/mp_h8_big
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from bench import big_catalog
from marketplace.db.engine import get_engine
from marketplace.db.models import Course
from marketplace.domain import listing

NEW = {
    "ix_courses_relevance": "((rating * review_count) DESC, rating DESC, id)",
    "ix_courses_price_asc": "(price_kobo, id)",
    "ix_courses_price_desc": "(price_kobo DESC, id)",
    "ix_courses_rating_sort": "(rating DESC, review_count DESC, id)",
}
OLD = {"ix_courses_price": "(price_kobo)", "ix_courses_rating": "(rating)"}
RUNS = 15


def _page_query(sort: str, *, rating: int | None = None):
    query = select(Course).order_by(*listing.sort_order(sort)).limit(listing.PER_PAGE)
    return query.where(Course.rating >= rating) if rating else query


def _plan(engine: Engine, sort: str) -> str:
    compiled = _page_query(sort).compile(engine, compile_kwargs={"literal_binds": True})
    explain = "EXPLAIN QUERY PLAN " if engine.dialect.name == "sqlite" else "EXPLAIN "
    with engine.connect() as conn:
        rows = conn.execute(text(explain + str(compiled))).all()
    lines = [str(row[-1]) for row in rows] if engine.dialect.name == "sqlite" else [row[0] for row in rows]
    return " | ".join(line.strip() for line in lines)


def _median_ms(work) -> float:
    work()  # warm the cache
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _measure(engine: Engine, label: str) -> None:
    print(f"\n{label}")
    for sort in listing.SORTS:
        with Session(engine) as session:
            query_ms = _median_ms(lambda s=sort, db=session: db.exec(_page_query(s)).all())
            page_ms = _median_ms(lambda s=sort, db=session: listing.list_courses(db, sort=s))
            filtered_ms = _median_ms(lambda s=sort, db=session: listing.list_courses(db, sort=s, min_rating=4))
        print(
            f"  {sort:<11} page query {query_ms:8.2f} ms   list_courses {page_ms:8.2f} ms"
            f"   (4 stars and up {filtered_ms:8.2f} ms)"
        )
        print(f"    plan: {_plan(engine, sort)}")


def _set_indexes(engine: Engine, *, new: bool) -> None:
    with engine.begin() as conn:
        for name in [*NEW, *OLD]:
            conn.execute(text(f"DROP INDEX IF EXISTS {name}"))
        for name, columns in (NEW if new else OLD).items():
            conn.execute(text(f"CREATE INDEX {name} ON courses {columns}"))
        conn.execute(text("ANALYZE"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a PostgreSQL URL holding (or to fill with) the big catalog")
    parser.add_argument("--courses", type=int, default=big_catalog.DEFAULT_COURSES)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="listing-") as scratch:
        if args.url:
            url = args.url
            what, _ = big_catalog.ensure(url, args.courses, quiet=True)
        else:
            target = Path(scratch) / "catalog.db"
            what, _ = big_catalog.sqlite_copy(target, args.courses, quiet=True)
            url = f"sqlite:///{target}"
        engine = get_engine(url)
        with engine.connect() as conn:
            count = conn.execute(text("SELECT COUNT(*) FROM courses")).scalar_one()
        print(f"{engine.dialect.name}: {count:,} courses ({what}); medians of {RUNS} runs, first page of 6")
        _set_indexes(engine, new=True)
        _measure(engine, "with the sort indexes (migration 0010)")
        _set_indexes(engine, new=False)
        _measure(engine, "without them (single-column price and rating indexes, as before)")
        _set_indexes(engine, new=True)
        engine.dispose()


if __name__ == "__main__":
    main()
