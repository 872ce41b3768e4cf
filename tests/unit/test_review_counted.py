"""Which reviews count (each author's latest of a target) is kept by the database (migration 0018), whoever writes
the rows, and a target's list and star counts are read from the index of counted reviews alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import create_engine, text
from sqlmodel import Session

from alembic import command
from marketplace.db.engine import get_engine
from marketplace.domain import reviews
from tests.factories import make_course, make_user
from tests.sql_log import statements_sent
from tests.unit.test_migrations import _config, empty_db  # noqa: F401 - the fixture is used by name

_DAY = datetime(2026, 11, 1, tzinfo=UTC)


def _insert(connection, author_id: int, course_id: int, rating: int, days: int) -> int:
    """A review written with plain SQL (as a bulk load or the demo seed might), saying nothing about counting."""
    return connection.execute(
        text(
            "INSERT INTO reviews (author_id, target_type, target_id, rating, comment, created_at) "
            "VALUES (:a, 'Course', :c, :r, 'x', :at) RETURNING id"
        ),
        {"a": author_id, "c": course_id, "r": rating, "at": _DAY + timedelta(days=days)},
    ).scalar_one()


def _counted(connection) -> set[int]:
    return set(connection.execute(text("SELECT id FROM reviews WHERE counted")).scalars())


def test_the_latest_review_of_each_author_counts_however_the_rows_are_written(db_url, session):
    course, ada, bayo = make_course(session), make_user(session), make_user(session)
    with get_engine(db_url).begin() as connection:
        first = _insert(connection, ada.id, course.id, 2, days=1)
        assert _counted(connection) == {first}
        second = _insert(connection, ada.id, course.id, 4, days=2)
        theirs = _insert(connection, bayo.id, course.id, 5, days=1)
        assert _counted(connection) == {second, theirs}  # Ada's newer review replaced her first
        older = _insert(connection, ada.id, course.id, 1, days=0)  # back-dated: not her latest
        assert _counted(connection) == {second, theirs}
        connection.execute(text("DELETE FROM reviews WHERE id = :id"), {"id": second})
        assert _counted(connection) == {first, theirs}  # her previous one counts again
        connection.execute(
            text("UPDATE reviews SET created_at = :at WHERE id = :id"), {"at": _DAY + timedelta(days=9), "id": older}
        )
        assert _counted(connection) == {older, theirs}
        connection.execute(text("DELETE FROM users WHERE id = :id"), {"id": ada.id})  # her reviews go with her
        assert _counted(connection) == {theirs}


def test_a_targets_page_and_its_star_counts_come_from_the_index_of_counted_reviews(db_url, session):
    course, ada = make_course(session), make_user(session)
    with get_engine(db_url).begin() as connection:
        _insert(connection, ada.id, course.id, 4, days=1)
    with statements_sent(db_url) as sent, Session(get_engine(db_url)) as reading:
        page, summary = reviews.page_and_summary(reading, reviews.COURSE, course.id)
    assert summary.total_reviews == 1 and len(page.data) == 1
    (sql, params) = next((s, p) for s, p in sent if "stars_5" in s)
    engine = get_engine(db_url)
    with engine.begin() as connection:
        if engine.dialect.name == "sqlite":
            plan = " | ".join(str(row[-1]) for row in connection.exec_driver_sql("EXPLAIN QUERY PLAN " + sql, params))
            assert plan.count("ix_reviews_counted") == 2, plan  # the page's ids and the star sums
            assert plan.count("COVERING INDEX ix_reviews_counted") == 2, plan  # neither reads a review row
            assert "SCAN reviews" not in plan, plan
        else:
            connection.execute(text("SET LOCAL enable_seqscan = off"))
            plan = " | ".join(row[0] for row in connection.exec_driver_sql("EXPLAIN " + sql, params))
            assert plan.count("ix_reviews_counted") == 2, plan
            assert "Seq Scan on reviews" not in plan, plan


def test_0018_marks_the_reviews_that_already_count(empty_db):  # noqa: F811
    config = _config(empty_db)
    command.upgrade(config, "head")
    engine = create_engine(empty_db)
    with Session(engine, expire_on_commit=False) as session:
        course, ada, bayo = make_course(session), make_user(session), make_user(session)
    command.downgrade(config, "0017")
    with engine.begin() as connection:  # as the rows stood before the flag: nothing marks the latest
        kept = [_insert(connection, ada.id, course.id, r, days=d) for r, d in ((1, 3), (5, 1), (3, 2))]
        theirs = _insert(connection, bayo.id, course.id, 4, days=1)
    command.upgrade(config, "0018")
    with engine.connect() as connection:
        assert _counted(connection) == {kept[0], theirs}
    engine.dispose()
