"""The listing's totals are shared for a few seconds, but never older than what this process wrote.

domain/listing_totals.py keeps each filter combination's count for TOTAL_SECONDS; any flush or bulk statement that
touches a course or its categories forgets them all, so publishing, a new course, a rating or a category change
shows in the next page's total at once (another process's writes: tests/unit/test_read_cache.py).
"""

from __future__ import annotations

import time

from sqlalchemy import delete
from sqlmodel import col

from marketplace.db.models import CourseCategory
from marketplace.domain import listing, listing_totals
from tests.factories import make_category, make_course, make_instructor
from tests.sql_log import statements_sent

real_monotonic = time.monotonic


def _counts_sent(db_url: str, work) -> int:
    """How many COUNT queries ``work`` sent to the database."""
    with statements_sent(db_url) as sent:
        work()
    return sum("count(" in statement.lower() for statement, _parameters in sent)


def test_pages_and_sorts_of_one_filter_share_one_count(session, db_url, monkeypatch):
    teacher = make_instructor(session)
    for n in range(8):
        make_course(session, instructor=teacher, title=f"Course {n}", rating=n % 5)

    def browse():
        first = listing.list_courses(session, min_rating=2)
        listing.list_courses(session, min_rating=2, page=2, sort="price_asc")
        listing.list_courses(session, min_rating=2, sort="newest")
        assert first.total == 4  # ratings 2, 3, 4 and 2

    assert _counts_sent(db_url, browse) == 1
    # Another filter is another count.
    assert _counts_sent(db_url, lambda: listing.list_courses(session, min_rating=3)) == 1


def test_a_write_to_a_course_or_its_categories_shows_in_the_next_total_at_once(session, monkeypatch):
    teacher = make_instructor(session)
    design = make_category(session, "Design")
    course = make_course(session, instructor=teacher, categories=[design])
    assert listing.list_courses(session).total == 1
    assert listing.list_courses(session, category="design").total == 1

    make_course(session, instructor=teacher, categories=[design])  # a new course (flush and commit)
    assert listing.list_courses(session).total == 2
    assert listing.list_courses(session, category="design").total == 2

    course.status = "unpublished"  # an ORM change of a course
    session.add(course)
    session.commit()
    assert listing.list_courses(session).total == 1

    session.execute(delete(CourseCategory).where(col(CourseCategory.category_id) == design.id))  # a bulk statement
    session.commit()
    assert listing.list_courses(session, category="design").total == 0


def test_totals_expire(session, db_url, monkeypatch):
    make_course(session)
    assert listing.list_courses(session).total == 1
    assert _counts_sent(db_url, lambda: listing.list_courses(session)) == 0  # kept
    monkeypatch.setattr(time, "monotonic", lambda: real_monotonic() + listing_totals.TOTAL_SECONDS + 1)
    assert _counts_sent(db_url, lambda: listing.list_courses(session)) == 1  # expired: counted again
