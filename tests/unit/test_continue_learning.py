"""Continue learning: the course a learner watched last, with its progress, for the home page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from marketplace.domain import learning
from marketplace.domain.continue_learning import last_watched
from marketplace.domain.progress import course_sections
from tests.factories import enroll, make_course, make_user


def test_nothing_until_a_course_is_opened(session):
    learner = make_user(session)
    assert last_watched(session, user_id=learner.id) is None
    enroll(session, learner, make_course(session))
    assert last_watched(session, user_id=learner.id) is None  # owned, never watched


def test_the_course_watched_last_with_its_progress_and_lesson(session):
    learner, other = make_user(session), make_user(session)
    older, newer = (
        make_course(session, title="Bookkeeping", sections=4),
        make_course(session, title="Canva", sections=2),
    )
    for course in (older, newer):
        enroll(session, learner, course)
    enroll(session, other, older)
    lessons = course_sections(session, older.id)
    learning.record_position(
        session,
        user_id=learner.id,
        course_id=newer.id,
        section_id=course_sections(session, newer.id)[0].id,
        position_seconds=5,
    )
    session.commit()
    learning.record_position(
        session, user_id=learner.id, course_id=older.id, section_id=lessons[1].id, position_seconds=42
    )
    learning.mark_section_complete(session, user_id=learner.id, course_id=older.id, section_id=lessons[0].id)
    session.commit()

    resume = last_watched(session, user_id=learner.id)
    assert resume is not None
    assert (resume.course.title, resume.lesson_title, resume.href) == (
        "Bookkeeping",
        "Lesson 2",
        f"/order-complete/{older.id}",
    )
    assert (resume.course.progress.percent, resume.course.progress.text) == (25, "1 of 4 sections")
    assert last_watched(session, user_id=other.id) is None  # another learner's watching is not theirs


def test_a_later_watch_of_another_course_takes_its_place(session):
    learner = make_user(session)
    first, second = make_course(session, title="First"), make_course(session, title="Second")
    for course, ago in ((first, 1), (second, 2)):
        enrollment = enroll(session, learner, course)
        enrollment.last_watched_at = datetime.now(UTC) - timedelta(hours=ago)
        session.add(enrollment)
    session.commit()
    resume = last_watched(session, user_id=learner.id)
    assert resume is not None and resume.course.title == "First"
    assert resume.lesson_title == "Lesson 1"  # no lesson played yet: the player opens at the first
